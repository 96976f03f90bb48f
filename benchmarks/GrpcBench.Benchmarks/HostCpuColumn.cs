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

/// <summary>
/// Adds what the gRPC host process spent per call: its CPU time, its page faults, and those faults' share of the CPU at
/// this machine's cost of a fresh page (measured at start): the part of the figure that moves between machines.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class HostCpuColumnAttribute() : ColumnConfigBaseAttribute(new HostCpuColumn(), new HostFaultsColumn(), new HostFaultCpuColumn());

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

/// <summary>A column of the host's cost per call (<see cref="HostCost"/>), "?" where no process of the case recorded one.</summary>
public abstract class HostCostColumn(string name, int priority, UnitType unit, string legend) : IColumn
{
    public string Id => GetType().Name;
    public string ColumnName => name;
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => priority;
    public bool IsNumeric => true;
    public UnitType UnitType => unit;
    public string Legend => legend;

    protected abstract string? Of(HostCost cost);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        HostCpuRecords.PerCall(CaseKey.Of(benchmarkCase)) is { } cost ? Of(cost) ?? "?" : "?";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
}

public sealed class HostCpuColumn() : HostCostColumn("HostCpu/op", 0, UnitType.Time,
    "CPU time (user + system) of the gRPC host process per call, over every call of the benchmark process (jitting, pilot, warm-up and measured iterations)")
{
    protected override string Of(HostCost cost) => string.Create(CultureInfo.InvariantCulture, $"{cost.Cpu.TotalMicroseconds:N1} μs");
}

public sealed class HostFaultsColumn() : HostCostColumn("HostFaults/op", 1, UnitType.Dimensionless,
    "Page faults of the gRPC host process per call over the same calls, minor (and major where any): each a fresh page the host touched")
{
    protected override string Of(HostCost cost) => string.Create(CultureInfo.InvariantCulture,
        $"{cost.MinorFaults:N1}{(cost.MajorFaults > 0 ? $" ({cost.MajorFaults:N2} major)" : "")}");
}

public sealed class HostFaultCpuColumn() : HostCostColumn("HostFaultCpu/op", 2, UnitType.Time,
    "HostFaults/op priced at this machine's cost of a fresh 4 KiB page (measured at start, printed first): the part of HostCpu/op that moves with the machine; "
    + $"at a typical {MemoryCost.TypicalBareMetalPageUs} µs a page it would be HostFaults/op x {MemoryCost.TypicalBareMetalPageUs} µs")
{
    protected override string? Of(HostCost cost) => MachineFigures.Memory is { } memory
        ? string.Create(CultureInfo.InvariantCulture, $"{cost.MinorFaults * memory.FreshPageUs:N1} μs")
        : null;
}
