using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// What each configuration is measured against, within the same run: the Grpc.Core pair on the same host runtime,
/// transport and compression, and the floors (Kestrel's HTTP/2 without gRPC, a bare socket) on the same host runtime.
/// A ratio needs both sides completed (<see cref="ConfigurationStatus.Ok"/>) with successful calls; otherwise it is null, never a guess.
/// </summary>
public static class Baselines
{
    public const ConfigurationKind RawHttp2 = ConfigurationKind.RawHttp2;
    public const ConfigurationKind RawTcp = ConfigurationKind.RawTcp;

    /// <summary>The Grpc.Core pair <paramref name="result"/> is compared with, or null when the run has none that completed.</summary>
    public static ConfigurationResult? For(LoadRunSummary summary, ConfigurationResult result) =>
        Closest(result, summary.Configurations.Where(b => b.IsOk() && b.Configuration.IsBaselineFor(result.Configuration)));

    /// <summary>
    /// The floor of kind <see cref="RawTcp"/> (same host runtime) or <see cref="RawHttp2"/> (same host runtime and
    /// transport) that completed, or null.
    /// </summary>
    public static ConfigurationResult? Floor(LoadRunSummary summary, ConfigurationResult result, ConfigurationKind kind) =>
        Closest(result, summary.Configurations.Where(f => f.IsOk() && f.Configuration.Kind == kind
            && f.Configuration.HostRuntime == result.Configuration.HostRuntime
            && (kind == RawTcp || f.Configuration.Transport == result.Configuration.Transport)));

    public static double? P99Ratio(LoadRunSummary summary, ConfigurationResult result, string scenario) =>
        Ratio(result, For(summary, result), scenario, 99);

    /// <summary>
    /// The percentile the run's ratios to Grpc.Core use for <paramref name="scenario"/>: p99 where every compared pair
    /// has 100 successful calls or more, else the highest that every pair's calls support (64 uploads support a p95),
    /// so that a short run still compares its tails and names which.
    /// </summary>
    public static double HeadlinePercent(LoadRunSummary summary, string scenario)
    {
        var counts = summary.Configurations
            .Select(r => (Result: r, Baseline: For(summary, r)))
            .Where(pair => pair.Result.IsOk() && pair.Baseline is not null && pair.Baseline != pair.Result)
            .Select(pair => Math.Min(pair.Result.SuccessLatency(scenario)?.Count ?? 0, pair.Baseline!.SuccessLatency(scenario)?.Count ?? 0))
            .Where(count => count > 0)
            .ToList();
        return counts.Count == 0 ? 99 : PercentileSamples.HighestHeadline(counts.Min()) ?? 99;
    }

    public static double? P50Ratio(LoadRunSummary summary, ConfigurationResult result, string scenario) =>
        Ratio(result, For(summary, result), scenario, 50);

    /// <summary>sendLargeData p50 as a multiple of the bare socket's on the same host runtime.</summary>
    public static double? RawTcpMultiple(LoadRunSummary summary, ConfigurationResult result) =>
        Ratio(result, Floor(summary, result, RawTcp), ScenarioNames.SendLargeData, 50);

    /// <summary>sendLargeData p50 as a multiple of Kestrel's plain HTTP/2 upload on the same host runtime and transport.</summary>
    public static double? RawHttp2Multiple(LoadRunSummary summary, ConfigurationResult result) =>
        Ratio(result, Floor(summary, result, RawHttp2), ScenarioNames.SendLargeData, 50);

    /// <summary>
    /// Percentile <paramref name="percent"/> of <paramref name="result"/> over the same of <paramref name="reference"/>. Only
    /// completed configurations: the partial figures of a failed or cancelled one would compare a different load; and
    /// only percentiles both sides have enough calls for (<see cref="PercentileSamples"/>).
    /// </summary>
    public static double? Ratio(ConfigurationResult result, ConfigurationResult? reference, string scenario, double percent)
    {
        if (reference is null || !result.IsOk() || !reference.IsOk()) return null;
        if (result.SuccessLatency(scenario) is not { } measured || reference.SuccessLatency(scenario) is not { } against) return null;
        if (!PercentileSamples.Supports(measured.Count, percent) || !PercentileSamples.Supports(against.Count, percent)) return null;
        var numerator = measured.At(percent);
        var denominator = against.At(percent);
        return denominator > 0 && double.IsFinite(numerator) ? numerator / denominator : null;
    }

    /// <summary>
    /// Of several candidates (a run may hold more than one Grpc.Core pair), the one whose load worker ran on the same
    /// runtime, then the one with the default client profile and no client settings, then the first in run order.
    /// </summary>
    private static ConfigurationResult? Closest(ConfigurationResult result, IEnumerable<ConfigurationResult> candidates) =>
        candidates
            .OrderBy(c => c.Configuration.ClientRuntime == result.Configuration.ClientRuntime ? 0 : 1)
            .ThenBy(c => c.Configuration.ClientProfile == "default" && c.Configuration.ClientSettings.Count == 0 ? 0 : 1)
            .FirstOrDefault();
}
