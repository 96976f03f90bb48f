using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>The figures of a configuration that analyses and reports may rely on.</summary>
public static class ResultFigures
{
    /// <summary>
    /// The latency of a scenario's successful calls, or null when it made none: its stats are then all zero, which is
    /// no measurement and must never be compared.
    /// </summary>
    public static LatencyStats? SuccessLatency(this ConfigurationResult result, string scenario) =>
        result.Scenario(scenario) is { Ok: > 0 } stats ? stats.Latency : null;

    public static long Fails(this ConfigurationResult result) => result.Scenarios.Sum(s => s.Failed);

    /// <summary>Fails of every scenario by status code, largest first.</summary>
    public static IReadOnlyList<KeyValuePair<string, long>> FailsByCode(this ConfigurationResult result) =>
        result.Scenarios.SelectMany(s => s.FailsByCode)
            .GroupBy(f => f.Key, f => f.Value)
            .Select(g => KeyValuePair.Create(g.Key, g.Sum()))
            .OrderByDescending(f => f.Value).ThenBy(f => f.Key, StringComparer.Ordinal)
            .ToList();

    public static bool IsOk(this ConfigurationResult result) => result.Status == ConfigurationStatus.Ok;

    /// <summary>A scenario's measure of its successful calls (<see cref="Measures"/>), or null where it made none or recorded none.</summary>
    public static LatencyStats? Measure(this ScenarioStats stats, string name) =>
        stats.Ok > 0 && stats.Measures is { } measures && measures.TryGetValue(name, out var measure) && measure.Count > 0 ? measure : null;
}
