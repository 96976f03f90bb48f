using GrpcBench.Load.Reporting.Charts;

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

    /// <summary>"latency-GetItem.png": the latency chart of a headline scenario (<see cref="ServiceSection"/>).</summary>
    public static string LatencyFile(string scenario) => $"latency-{scenario}.png";

    /// <summary>"timeline-GetItem.png": the latency over time of a headline scenario.</summary>
    public static string TimelineFile(string scenario) => $"timeline-{scenario}.png";

    /// <summary>File name, title (the alternative text in report.md) and PNG of each chart.</summary>
    public static IReadOnlyList<(string FileName, string Title, byte[] Png)> Render(LoadRunSummary summary) =>
        Charts(summary).Select(c => (c.FileName, c.Title, c.Draw())).ToList();

    /// <summary>File name, title and how to draw each chart, drawn only when asked.</summary>
    public static IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> Lazy(LoadRunSummary summary) => Charts(summary);

    /// <summary>File name and title of each chart, without drawing them.</summary>
    public static IReadOnlyList<(string FileName, string Title)> Files(LoadRunSummary summary) =>
        Charts(summary).Select(c => (c.FileName, c.Title)).ToList();

    // With repeats, the charts draw repeat 1, as report.md's other sections do.
    private static IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) => ChartsOf(RepeatRows.FirstRepeat(summary));

    private static IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> ChartsOf(LoadRunSummary summary) =>
    [
        .. summary.HeadlineScenarios.SelectMany(s => ChartImage.Paged(LatencyFile(s), $"{s} latency", HorizontalBars.Pages(RunBarCharts.Latency(summary, s)))),
        .. ChartImage.Paged(Ratio, "p99 ratio to Grpc.Core", HorizontalBars.Pages(RunBarCharts.Ratios(summary))),
        // CPU above, memory below: two units, one image.
        .. ChartImage.Paged(Cost, "CPU time and peak memory, server and client", HorizontalBars.Pages(RunBarCharts.CpuSeconds(summary), RunBarCharts.PeakRss(summary))),
        .. ChartImage.Paged(Percentiles, "latency by percentile", PercentileCurves.Pages(summary, summary.HeadlineScenarios)),
        .. summary.HeadlineScenarios.SelectMany(s => ChartImage.Paged(TimelineFile(s), $"{s} latency over time", LatencyTimeline.Pages(summary, s))),
        .. PresetReports.Of(summary).SelectMany(section => section.Charts(summary)),
        .. WorkloadReport.Applies(summary)
            ? ChartImage.Paged(Transfers, "time to the first and the last record or byte", HorizontalBars.Pages(RunBarCharts.TransferTimes(summary)))
            : [],
        .. summary.ClosedModelTable is { Count: > 0 }
            ? ChartImage.Paged(ClosedModelReport.ChartFile, "closed model: TPS, median and p99", ClosedModelReport.ChartPages(summary))
            : [],
    ];
}
