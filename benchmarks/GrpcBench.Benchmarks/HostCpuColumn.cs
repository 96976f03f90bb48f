using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Extensions;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>Adds the CPU time the gRPC host process spent per call.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class HostCpuColumnAttribute() : ColumnConfigBaseAttribute(new HostCpuColumn());

/// <summary>
/// The host's CPU time and the calls made, as each benchmark process measured them, in one file per case
/// under a folder of this run. The benchmark processes inherit the folder's name from the process that
/// starts them, so a case that failed this time never shows a figure from an earlier run.
/// </summary>
public sealed class HostCpuRecords : IDisposable
{
    private const string FolderVariable = "GRPCBENCH_HOST_CPU_RECORDS";
    private readonly string _folder;

    private HostCpuRecords(string folder) => _folder = folder;

    /// <summary>A fresh folder for the benchmark processes this process starts; disposed, it is gone.</summary>
    public static HostCpuRecords ForThisRun()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-host-cpu", $"{Environment.ProcessId}-{DateTime.UtcNow:yyyyMMddHHmmss}");
        Directory.CreateDirectory(folder);
        Environment.SetEnvironmentVariable(FolderVariable, folder);
        return new HostCpuRecords(folder);
    }

    /// <summary>One line per benchmark process: a case run with several launches sums them.</summary>
    public static void Record(string caseKey, TimeSpan hostCpu, long calls)
    {
        if (Environment.GetEnvironmentVariable(FolderVariable) is not { Length: > 0 } folder) return;
        File.AppendAllText(Path.Combine(folder, caseKey),
            string.Create(CultureInfo.InvariantCulture, $"{hostCpu.Ticks} {calls}\n"));
    }

    /// <summary>Host CPU time per call, or null if no process of this case recorded one.</summary>
    public static TimeSpan? PerCall(string caseKey)
    {
        if (Environment.GetEnvironmentVariable(FolderVariable) is not { Length: > 0 } folder) return null;
        var file = Path.Combine(folder, caseKey);
        if (!File.Exists(file)) return null;
        var records = File.ReadLines(file).Select(line => line.Split(' ')).Select(f => (Ticks: long.Parse(f[0]), Calls: long.Parse(f[1]))).ToList();
        var calls = records.Sum(r => r.Calls);
        return calls == 0 ? null : TimeSpan.FromTicks(records.Sum(r => r.Ticks) / calls);
    }

    public void Dispose()
    {
        Environment.SetEnvironmentVariable(FolderVariable, null);
        Directory.Delete(_folder, recursive: true);
    }
}

/// <summary>The same name for a case in the benchmark process (from the instance) and in the summary (from the case).</summary>
public static class CaseKey
{
    public static string Of(object benchmark) => Of(DotnetRoots.CurrentMoniker, Declared(benchmark.GetType()),
        benchmark.GetType().GetProperties()
            .Where(p => p.GetCustomAttributes().Any(a => a is ParamsAttribute or ParamsAllValuesAttribute or ParamsSourceAttribute))
            .Select(p => (p.Name, p.GetValue(benchmark))));

    public static string Of(BenchmarkCase benchmarkCase) => Of(benchmarkCase.GetRuntime().MsBuildMoniker, benchmarkCase.Descriptor.Type,
        benchmarkCase.Parameters.Items.Select(p => (p.Name, (object?)p.Value)));

    /// <summary>The class as written here: the benchmark process runs a subclass that BenchmarkDotNet generates.</summary>
    private static Type Declared(Type type) => type.Assembly == typeof(CaseKey).Assembly ? type : Declared(type.BaseType!);

    private static string Of(string runtime, Type type, IEnumerable<(string Name, object? Value)> parameters) =>
        string.Join('_', [runtime, type.Name, .. parameters.OrderBy(p => p.Name, StringComparer.Ordinal).Select(p => $"{p.Name}={p.Value}")]);
}

public sealed class HostCpuColumn : IColumn
{
    public string Id => nameof(HostCpuColumn);
    public string ColumnName => "HostCpu/op";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Time;
    public string Legend => "CPU time (user + system) of the gRPC host process per call, over every call of the benchmark process (jitting, pilot, warm-up and measured iterations)";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        HostCpuRecords.PerCall(CaseKey.Of(benchmarkCase)) is { } perCall
            ? string.Create(CultureInfo.InvariantCulture, $"{perCall.TotalMicroseconds:N1} μs")
            : "?";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
}
