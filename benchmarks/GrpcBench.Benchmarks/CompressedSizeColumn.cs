using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace GrpcBench.Benchmarks;

/// <summary>Adds the compressed size of each case's message, computed from the same deterministic payload.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class CompressedSizeColumnAttribute() : ColumnConfigBaseAttribute(new CompressedSizeColumn());

public sealed class CompressedSizeColumn : IColumn
{
    public string Id => nameof(CompressedSizeColumn);
    public string ColumnName => "CompressedBytes";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "Size of the message after compression (= Bytes for None)";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase)
    {
        var codec = (Codec)benchmarkCase.Parameters[nameof(CompressionCost.Codec)];
        var payload = (PayloadKind)benchmarkCase.Parameters[nameof(CompressionCost.Payload)];
        var bytes = (int)benchmarkCase.Parameters[nameof(CompressionCost.Bytes)];
        var compressed = Codecs.Compress(codec, Payloads.Create(payload, bytes)).Length;
        return $"{compressed:N0} ({100.0 * compressed / bytes:0.0} %)";
    }

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
}
