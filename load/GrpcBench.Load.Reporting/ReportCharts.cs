using GrpcBench.Load.Engine;
using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>The three charts of a run: latency per configuration for each scenario, and the p99 ratios to Grpc.Core.</summary>
public static class ReportCharts
{
    public const string SendLargeDataLatency = "latency-sendLargeData.svg";
    public const string GetIntLatency = "latency-getInt.svg";
    public const string Ratio = "ratio.svg";

    private static readonly string[] PercentileColors = ["#9ecae1", "#4292c6", "#08306b"];
    private static readonly string[] ScenarioColors = ["#f28e2b", "#4e79a7"];

    /// <summary>File name, alternative text and SVG of each chart.</summary>
    public static IReadOnlyList<(string FileName, string Title, string Svg)> Render(LoadRunSummary summary) =>
    [
        (SendLargeDataLatency, $"{ScenarioNames.SendLargeData} latency", SvgHorizontalBars.Render(Latency(summary, ScenarioNames.SendLargeData))),
        (GetIntLatency, $"{ScenarioNames.GetInt} latency", SvgHorizontalBars.Render(Latency(summary, ScenarioNames.GetInt))),
        (Ratio, "p99 ratio to Grpc.Core", SvgHorizontalBars.Render(Ratios(summary))),
        .. WorkloadReport.Applies(summary) ? [(Transfers, "time to the first and the last record or byte", SvgHorizontalBars.Render(TransferTimes(summary)))]
            : Array.Empty<(string, string, string)>(),
    ];

    public const string Transfers = "transfers.svg";

    /// <summary>Every scenario of every configuration: time to the first record (where there is one), and to the last byte, p50 and p99.</summary>
    public static BarChart TransferTimes(LoadRunSummary summary) => new(
        "Time to the first record and to the last byte, per configuration and scenario",
        $"Successful calls, from each call's start; preset {summary.Preset}, commit {summary.Run.Commit}",
        ["first record p50", "last p50", "last p99"],
        ["#fdae6b", "#4292c6", "#08306b"],
        summary.Configurations.SelectMany(r => r.Scenarios.Count == 0
            ? [new ChartRow(r.Configuration.Label, [], r.StatusWithReason())]
            : r.Scenarios.Select(s => s.Ok == 0
                ? new ChartRow($"{r.Configuration.Label}: {s.Name}", [], NoSuccessfulCall(s))
                : new ChartRow($"{r.Configuration.Label}: {s.Name}", [WorkloadReport.Measure(s, Measures.FirstRecordMs)?.P50, s.Latency.P50, s.Latency.P99]))).ToList(),
        v => Numbers.Ms(v) + " ms",
        "ms");

    public static BarChart Latency(LoadRunSummary summary, string scenario)
    {
        var what = scenario == ScenarioNames.SendLargeData ? $"{scenario} ({Wording.Upload(summary)})" : scenario;
        return new BarChart(
            $"{what}: latency per configuration",
            $"Successful calls, from each call's scheduled start; preset {summary.Preset}, commit {summary.Run.Commit}",
            ["p50", "p95", "p99"],
            PercentileColors,
            summary.Configurations.Select(r => LatencyRow(r, scenario)).ToList(),
            v => Numbers.Ms(v) + " ms",
            "ms");
    }

    public static BarChart Ratios(LoadRunSummary summary) => new(
        "p99 latency as a multiple of Grpc.Core's",
        $"Against the Grpc.Core pair on the same runtime, transport and compression; below 1 is faster; preset {summary.Preset}, commit {summary.Run.Commit}",
        [$"{ScenarioNames.SendLargeData} p99", $"{ScenarioNames.GetInt} p99"],
        ScenarioColors,
        summary.Configurations.Select(r => RatioRow(summary, r)).ToList(),
        v => Numbers.Ratio(v),
        "multiple of Grpc.Core's p99",
        ReferenceLine: 1.0,
        ReferenceLabel: "x1 = Grpc.Core");

    private static ChartRow LatencyRow(ConfigurationResult result, string scenario)
    {
        if (!result.IsOk()) return new ChartRow(result.Configuration.Label, [], result.StatusWithReason());
        if (result.SuccessLatency(scenario) is not { } latency)
            return new ChartRow(result.Configuration.Label, [], NoSuccessfulCall(result.Scenario(scenario)));
        return new ChartRow(result.Configuration.Label, [latency.P50, latency.P95, latency.P99]);
    }

    private static ChartRow RatioRow(LoadRunSummary summary, ConfigurationResult result)
    {
        if (!result.IsOk()) return new ChartRow(result.Configuration.Label, [], result.StatusWithReason());
        if (Baselines.For(summary, result) is null) return new ChartRow(result.Configuration.Label, [], "no Grpc.Core baseline in this run");
        return new ChartRow(result.Configuration.Label,
            [Baselines.P99Ratio(summary, result, ScenarioNames.SendLargeData), Baselines.P99Ratio(summary, result, ScenarioNames.GetInt)]);
    }

    private static string NoSuccessfulCall(ScenarioStats? stats) =>
        stats is null ? "not run"
        : stats.Failed == 0 ? "no call"
        : $"no successful call: {MeasuredFigures.Describe(stats.FailsByCode)}";
}
