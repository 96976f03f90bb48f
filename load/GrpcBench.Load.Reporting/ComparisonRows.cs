namespace GrpcBench.Load.Reporting;

/// <summary>One configuration in the comparison table, as text: the same figures for report.md and the console.</summary>
/// <param name="StatusWithReason">Its <see cref="ConfigurationStatus"/> as the reports write it, with the reason where it did not complete (<see cref="MeasuredFigures.StatusWithReason"/>).</param>
/// <param name="Percentiles">Per headline scenario (<see cref="ServiceSection"/>): p50, p95 and p99 in ms.</param>
/// <param name="P99Ratios">Per headline scenario: p99 over Grpc.Core's.</param>
/// <param name="RawTcpMultiple">sendLargeData p50 over the bare socket's; null when the run has no raw-tcp floor at all.</param>
public sealed record ComparisonRow(
    string Label,
    string StatusWithReason,
    IReadOnlyList<IReadOnlyList<string>> Percentiles,
    string Fails,
    string ServerCpuSeconds,
    string ServerPeakRssMiB,
    string ClientCpuSeconds,
    string ClientPeakRssMiB,
    IReadOnlyList<string> P99Ratios,
    string? RawTcpMultiple);

public static class ComparisonRows
{
    public static IReadOnlyList<ComparisonRow> For(LoadRunSummary summary)
    {
        var scenarios = summary.HeadlineScenarios;
        var hasRawTcp = summary.Configurations.Any(r => r.Configuration.Kind == Baselines.RawTcp);
        return summary.Configurations.Select(r => new ComparisonRow(
                r.Configuration.Label,
                r.StatusWithReason(),
                [.. scenarios.Select(s => Percentiles(r.SuccessLatency(s)))],
                r.Scenarios.Count == 0 ? Numbers.Missing : r.FailsSummary(),
                r.Configuration.Target is null ? Numbers.Seconds(r.ServerCpuSeconds) : LoadConfiguration.NotMeasured,
                r.Configuration.Target is null ? Numbers.Amount(r.ServerPeakRssMiB) : LoadConfiguration.NotMeasured,
                Numbers.Seconds(r.ClientCpuSeconds),
                Numbers.Amount(r.ClientPeakRssMiB),
                [.. scenarios.Select(s => P99Ratio(summary, r, s))],
                hasRawTcp ? Numbers.Ratio(Baselines.RawTcpMultiple(summary, r)) : null))
            .ToList();
    }

    /// <summary>The p99 ratio, or where the run's calls support no p99, the ratio at the percentile they do, named: "x0.6 (p95)".</summary>
    private static string P99Ratio(LoadRunSummary summary, ConfigurationResult result, string scenario)
    {
        var percent = Baselines.HeadlinePercent(summary, scenario);
        var named = percent == 99 ? "" : $" ({Numbers.Percentile(percent)})";
        return Baselines.Ratio(result, Baselines.For(summary, result), scenario, percent) is { } ratio ? Numbers.Ratio(ratio) + named
            : Baselines.For(summary, result) is { } baseline && new[] { result, baseline }.Any(r => r.SuccessLatency(scenario) is { } l && !PercentileSamples.Supports(l.Count, percent))
                ? PercentileRule.TooFew(percent)
            : Numbers.Missing;
    }

    private static IReadOnlyList<string> Percentiles(LatencyStats? latency) =>
        latency is null ? [Numbers.Missing, Numbers.Missing, Numbers.Missing] : [PercentileRule.Ms(latency, 50), PercentileRule.Ms(latency, 95), PercentileRule.Ms(latency, 99)];
}
