using System.Collections.Immutable;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace GrpcBench.Benchmarks;

/// <summary>The one configuration every benchmark here runs with, instead of attributes repeated per class.</summary>
public static class BenchConfig
{
    public static IConfig Create() => ManualConfig.Create(DefaultConfig.Instance)
        .AddDiagnoser(MemoryDiagnoser.Default)
        .AddExporter(JsonExporter.Full)
        .WithOrderer(new ColumnOrderer())
        .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(40));

    /// <summary>
    /// Rows sorted by the parameter columns from left to right. BenchmarkDotNet sorts by [Params] before [ParamsSource]
    /// whatever the columns' Priority; the stacks come from a source (<see cref="Stacks"/>), yet lead, as they always have.
    /// </summary>
    private sealed class ColumnOrderer : DefaultOrderer
    {
        public override IEnumerable<BenchmarkCase> GetSummaryOrder(ImmutableArray<BenchmarkCase> benchmarksCase, Summary summary)
        {
            var columns = benchmarksCase.SelectMany(c => c.Parameters.Items).Select(p => p.Definition)
                .GroupBy(d => d.Name).Select(g => g.First()).OrderBy(d => d.PriorityInCategory).Select(d => d.Name);
            var rows = base.GetSummaryOrder(benchmarksCase, summary).OrderBy(_ => 0);
            foreach (var name in columns) rows = rows.ThenBy(c => c.Parameters[name], Comparer<object>.Default);
            return rows;
        }
    }
}
