using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Extensions;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>Adds the compressed size of each case's message, as the job's own runtime compressed it.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class CompressedSizeColumnAttribute() : ColumnConfigBaseAttribute(new CompressedSizeColumn());

/// <summary>
/// The size is taken in the benchmark's own process, because it depends on the runtime: .NET 9+ compresses
/// with zlib-ng, whose fastest level stores random bytes 5.5 % larger where .NET 8's zlib adds 0.03 %.
/// The process leaves it in a file that the column, in the host process, reads back.
/// </summary>
public static class CompressedSizes
{
    private static readonly string Folder = Path.Combine(Path.GetTempPath(), "grpcbench-compressed-sizes");

    public static void Record(Codec codec, PayloadKind payload, int bytes, int compressed)
    {
        Directory.CreateDirectory(Folder);
        File.WriteAllText(PathOf(DotnetRoots.CurrentMoniker, codec, payload, bytes), compressed.ToString());
    }

    public static int? Read(string runtime, Codec codec, PayloadKind payload, int bytes) =>
        File.Exists(PathOf(runtime, codec, payload, bytes)) ? int.Parse(File.ReadAllText(PathOf(runtime, codec, payload, bytes))) : null;

    private static string PathOf(string runtime, Codec codec, PayloadKind payload, int bytes) =>
        Path.Combine(Folder, $"{runtime}-{codec}-{payload}-{bytes}");
}

public sealed class CompressedSizeColumn : IColumn
{
    public string Id => nameof(CompressedSizeColumn);
    public string ColumnName => "CompressedBytes";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "Size of the message after compression by the job's runtime, and its share of the original";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase)
    {
        var codec = (Codec)benchmarkCase.Parameters[nameof(CompressionCost.Codec)];
        var payload = (PayloadKind)benchmarkCase.Parameters[nameof(CompressionCost.Payload)];
        var bytes = (int)benchmarkCase.Parameters[nameof(CompressionCost.Bytes)];
        var runtime = benchmarkCase.GetRuntime().MsBuildMoniker;
        return CompressedSizes.Read(runtime, codec, payload, bytes) is { } compressed
            ? $"{compressed:N0} ({100.0 * compressed / bytes:0.0} %)"
            : "?";
    }

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
}
