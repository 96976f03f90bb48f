namespace GrpcBench.Load.Reporting.Charts;

/// <summary>The bar charts of a run, as <see cref="BarChart"/>s: latency per scenario, p99 ratios, CPU and memory, transfers.</summary>
public static class RunBarCharts
{
    private static readonly string[] PercentileColors = ["#9ecae1", "#4292c6", "#08306b"];
    private static readonly string[] ScenarioColors = ["#f28e2b", "#4e79a7", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];
    private static readonly string[] SideColors = ["#e15759", "#4e79a7"];
    private static readonly double[] LatencyPercents = [50, 95, 99];

    public static BarChart Latency(LoadRunSummary summary, string scenario)
    {
        var what = scenario == ScenarioNames.SendLargeData && summary.Service is null ? $"{scenario} ({Wording.Upload(summary)})" : scenario;
        return new BarChart(
            $"{what}: latency of successful calls per configuration (preset {summary.Preset}, commit {summary.Run.Commit})",
            ["p50", "p95", "p99"],
            PercentileColors,
            summary.Running(scenario).Select(r => LatencyRow(r, scenario)).ToList(),
            v => Numbers.Ms(v) + " ms",
            "latency of successful calls, ms, from each call's scheduled start");
    }

    /// <summary>
    /// Each headline scenario's latency over Grpc.Core's at p99, or, where a short run's calls do not support a p99, at
    /// the highest percentile they do (named in the series), so that the chart compares tails whenever the run measured any.
    /// </summary>
    public static BarChart Ratios(LoadRunSummary summary)
    {
        var percents = summary.HeadlineScenarios.Select(s => Baselines.HeadlinePercent(summary, s)).ToList();
        var atP99 = percents.All(p => p == 99);
        return new(
            $"{(atP99 ? "p99 latency" : "Latency")} of successful calls as a multiple of Grpc.Core's (same runtime, transport, compression)"
            + (atP99 ? "" : ": p99, or the highest percentile every configuration's calls support"),
            [.. summary.HeadlineScenarios.Select((s, i) => $"{s} {Numbers.Percentile(percents[i])}")],
            ScenarioColors,
            summary.Configurations.Select(r => RatioRow(summary, r, percents)).ToList(),
            v => Numbers.Ratio(v),
            $"{(atP99 ? "p99" : "latency")} over Grpc.Core's{(atP99 ? " p99" : " at the same percentile")} (below 1 is faster)",
            ReferenceLine: 1.0,
            ReferenceLabel: "x1 = Grpc.Core");
    }

    public static BarChart CpuSeconds(LoadRunSummary summary) => new(
        "CPU time per configuration, server (host process) and client (load worker), s",
        ["server CPU", "client CPU"],
        SideColors,
        summary.Configurations.Select(r => CostRow(r, r.ServerCpuSeconds, r.ClientCpuSeconds)).ToList(),
        v => Numbers.Seconds(v) + " s",
        "CPU time over the whole configuration, warm-up included, s");

    public static BarChart PeakRss(LoadRunSummary summary) => new(
        "Peak resident memory per configuration, server (host process) and client (load worker), MiB",
        ["server peak RSS", "client peak RSS"],
        SideColors,
        summary.Configurations.Select(r => CostRow(r, r.ServerPeakRssMiB, r.ClientPeakRssMiB)).ToList(),
        v => Numbers.Amount(v) + " MiB",
        "peak resident set size, MiB");

    /// <summary>Every scenario of every configuration: time to the first record (where there is one), and to the last byte, p50 and p99.</summary>
    public static BarChart TransferTimes(LoadRunSummary summary) => new(
        $"Time to the first record and to the last byte of successful calls, per configuration and scenario (preset {summary.Preset})",
        ["first record p50", "last byte p50", "last byte p99"],
        ["#fdae6b", "#4292c6", "#08306b"],
        summary.Configurations.SelectMany(r => r.Scenarios.Count == 0
            ? [new ChartRow(r.Configuration.LabelWithBuilds, [], r.StatusWithReason())]
            : r.Scenarios.Select(s => TransferRow(r, s))).ToList(),
        v => Numbers.Ms(v) + " ms",
        "ms from each call's start");

    private static ChartRow LatencyRow(ConfigurationResult result, string scenario)
    {
        if (!result.IsOk()) return new ChartRow(result.Configuration.LabelWithBuilds, [], result.StatusWithReason());
        if (result.SuccessLatency(scenario) is not { } latency)
            return new ChartRow(result.Configuration.LabelWithBuilds, [], NoSuccessfulCall(result.Scenario(scenario)));
        double[] values = [latency.P50, latency.P95, latency.P99];
        return Supported(result.Configuration.LabelWithBuilds, values, LatencyPercents, latency.Count);
    }

    private static ChartRow RatioRow(LoadRunSummary summary, ConfigurationResult result, IReadOnlyList<double> percents)
    {
        if (!result.IsOk()) return new ChartRow(result.Configuration.LabelWithBuilds, [], result.StatusWithReason());
        if (Baselines.For(summary, result) is not { } baseline) return new ChartRow(result.Configuration.LabelWithBuilds, [], "no Grpc.Core baseline in this run");
        var scenarios = summary.HeadlineScenarios;
        var values = new List<double?>();
        var gaps = new List<string?>();
        for (var i = 0; i < scenarios.Count; i++)
        {
            // A percentile of too few calls is their maximum, on either side of the ratio.
            var samples = Math.Min(result.SuccessLatency(scenarios[i])?.Count ?? 0, baseline.SuccessLatency(scenarios[i])?.Count ?? 0);
            var enough = PercentileSamples.Supports(samples, percents[i]);
            values.Add(enough ? Baselines.Ratio(result, baseline, scenarios[i], percents[i]) : null);
            gaps.Add(enough ? null : samples == 0 ? "no successful call" : PercentileRule.TooFew(percents[i]));
        }
        return new ChartRow(result.Configuration.LabelWithBuilds, values, Gaps: gaps);
    }

    /// <summary>What was measured, even of a configuration that failed part way (its label says so).</summary>
    private static ChartRow CostRow(ConfigurationResult result, double? server, double? client)
    {
        if (server is null && client is null)
            return new ChartRow(result.Configuration.LabelWithBuilds, [], result.IsOk() ? "not measured" : result.StatusWithReason());
        var label = result.IsOk() ? result.Configuration.LabelWithBuilds : $"{result.Configuration.LabelWithBuilds} ({result.Status.Text()}, partial)";
        return new ChartRow(label, [server, client], Gaps: ["not measured", "not measured"]);
    }

    private static ChartRow TransferRow(ConfigurationResult result, ScenarioStats s)
    {
        // A configuration of one scenario names it in its label already.
        var label = result.Scenarios.Count > 1 ? $"{result.Configuration.LabelWithBuilds}: {s.Name}" : result.Configuration.LabelWithBuilds;
        if (s.Ok == 0) return new ChartRow(label, [], NoSuccessfulCall(s));
        var first = s.Measure(Measures.FirstRecordMs);
        var row = Supported(label, [s.Latency.P50, s.Latency.P95, s.Latency.P99], LatencyPercents, s.Latency.Count);
        return row with
        {
            Values = [first is null || !PercentileSamples.Supports(first.Count, 50) ? null : first.P50, row.Values[0], row.Values[2]],
            Gaps = [first is null ? "no first record" : PercentileRule.TooFew(50), row.GapText(0), row.GapText(2)],
        };
    }

    /// <summary>The percentiles that rest on enough samples; the others left out with "n &lt; 100" and the like.</summary>
    private static ChartRow Supported(string label, IReadOnlyList<double> values, IReadOnlyList<double> percents, long samples) =>
        new(label,
            values.Select((v, i) => PercentileSamples.Supports(samples, percents[i]) ? v : (double?)null).ToList(),
            Gaps: percents.Select(p => PercentileSamples.Supports(samples, p) ? null : PercentileRule.TooFew(p)).ToList());

    private static string NoSuccessfulCall(ScenarioStats? stats) =>
        stats is null ? "not run"
        : stats.Failed == 0 ? "no call"
        : $"no successful call: {MeasuredFigures.Describe(stats.FailsByCode)}";
}
