using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// The charts of a run, PNG drawn by ScottPlot: latency per configuration for each scenario, the p99 ratios to
/// Grpc.Core, CPU and memory, latency by percentile, latency over time for each scenario, and for workload presets
/// the transfer times.
/// </summary>
public static class ReportCharts
{
    public const string SendLargeDataLatency = "latency-sendLargeData.png";
    public const string GetIntLatency = "latency-getInt.png";
    public const string Ratio = "ratio.png";
    public const string Cost = "cost.png";
    public const string Percentiles = "percentiles.png";
    public const string SendLargeDataTimeline = "timeline-sendLargeData.png";
    public const string GetIntTimeline = "timeline-getInt.png";
    public const string Transfers = "transfers.png";

    private static readonly string[] Scenarios = [ScenarioNames.SendLargeData, ScenarioNames.GetInt];

    /// <summary>File name, title (the alternative text in report.md) and PNG of each chart.</summary>
    public static IReadOnlyList<(string FileName, string Title, byte[] Png)> Render(LoadRunSummary summary) =>
        Charts(summary).Select(c => (c.FileName, c.Title, c.Draw())).ToList();

    /// <summary>File name and title of each chart, without drawing them.</summary>
    public static IReadOnlyList<(string FileName, string Title)> Files(LoadRunSummary summary) =>
        Charts(summary).Select(c => (c.FileName, c.Title)).ToList();

    // With repeats, the charts draw repeat 1, as report.md's other sections do.
    private static IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) => ChartsOf(RepeatsReport.FirstRepeat(summary));

    private static IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> ChartsOf(LoadRunSummary summary) =>
    [
        (SendLargeDataLatency, $"{ScenarioNames.SendLargeData} latency", () => HorizontalBars.Png(RunBarCharts.Latency(summary, ScenarioNames.SendLargeData))),
        (GetIntLatency, $"{ScenarioNames.GetInt} latency", () => HorizontalBars.Png(RunBarCharts.Latency(summary, ScenarioNames.GetInt))),
        (Ratio, "p99 ratio to Grpc.Core", () => HorizontalBars.Png(RunBarCharts.Ratios(summary))),
        (Cost, "CPU time and peak memory, server and client", () => CostPng(summary)),
        (Percentiles, "latency by percentile", () => PercentileCurves.Png(summary, Scenarios)),
        (SendLargeDataTimeline, $"{ScenarioNames.SendLargeData} latency over time", () => LatencyTimeline.Png(summary, ScenarioNames.SendLargeData)),
        (GetIntTimeline, $"{ScenarioNames.GetInt} latency over time", () => LatencyTimeline.Png(summary, ScenarioNames.GetInt)),
        .. summary.Soak is { } soak ? [(SoakChart.FileName, "RSS and p99 over time", () => SoakChart.Png(soak))] : Array.Empty<(string, string, Func<byte[]>)>(),
        .. WorkloadReport.Applies(summary)
            ? [(Transfers, "time to the first and the last record or byte", () => HorizontalBars.Png(RunBarCharts.TransferTimes(summary)))]
            : Array.Empty<(string, string, Func<byte[]>)>(),
        .. summary.ClosedModelTable is { Count: > 0 }
            ? [(ClosedModelReport.ChartFile, "closed model: TPS, median and p99", () => ClosedModelReport.ChartPng(summary))]
            : Array.Empty<(string, string, Func<byte[]>)>(),
    ];

    /// <summary>CPU above, memory below: two units, one image.</summary>
    private static byte[] CostPng(LoadRunSummary summary)
    {
        var cpu = RunBarCharts.CpuSeconds(summary);
        var rss = RunBarCharts.PeakRss(summary);
        return ChartImage.Stacked([HorizontalBars.Build(cpu), HorizontalBars.Build(rss)], ChartImage.Width,
            Math.Max(HorizontalBars.Height(cpu), HorizontalBars.Height(rss)));
    }
}
