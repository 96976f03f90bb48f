using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>A figure <c>compare</c> puts side by side, and the units it is decided over.</summary>
/// <param name="Value">The figure of one run of a configuration (one repeat); null where that run has none.</param>
/// <param name="Scenario">With <paramref name="WindowPercentile"/>: the scenario whose kept calls give the figure window by window.</param>
/// <param name="WindowPercentile">The latency percentile each window of calls gives; null for what calls do not hold (CPU, first record, capacity).</param>
public sealed record ComparedMetric(string Name, Func<ConfigurationResult, double?> Value, string? Scenario = null, double? WindowPercentile = null,
    bool HigherIsBetter = false)
{
    public static readonly ComparedMetric Capacity = new("capacity /s", r => r.Capacity?.CallsPerSecond, HigherIsBetter: true);

    /// <summary>The story's two scenarios, the server's CPU, then the scenarios beyond the story's two (streams, pages,
    /// chunked uploads): time to the last byte, and to the first record where there is one.</summary>
    public static IEnumerable<ComparedMetric> Of(ConfigurationResult result) =>
    [
        Latency(ScenarioNames.SendLargeData, 50), Latency(ScenarioNames.SendLargeData, 99),
        Latency(ScenarioNames.GetInt, 50), Latency(ScenarioNames.GetInt, 99),
        new("server CPU s", r => r.ServerCpuSeconds),
        .. result.Scenarios.Select(s => s.Name).Where(name => name is not (ScenarioNames.SendLargeData or ScenarioNames.GetInt)).SelectMany(name =>
            new[]
            {
                Latency(name, 50), Latency(name, 99),
                new ComparedMetric($"{name} first record p50 ms", r => r.Scenario(name)?.Measure(Measures.FirstRecordMs)?.P50),
            }),
    ];

    private static ComparedMetric Latency(string scenario, double percent) =>
        new($"{scenario} p{percent} ms", r => r.SuccessLatency(scenario)?.At(percent), scenario, percent);

    /// <summary>The figure of each run (repeat) that has it.</summary>
    public IReadOnlyList<double> Values(IEnumerable<ConfigurationResult> runs) => [.. runs.Select(Value).OfType<double>().Where(double.IsFinite)];

    /// <summary>
    /// Over the repeats where each side has enough of them; else over windows of the calls where both sides kept calls
    /// (every repeat's windows together); else over the repeats there are, which are too few to decide.
    /// </summary>
    public UnitComparison Compare(IReadOnlyList<ConfigurationResult> baseRuns, IReadOnlyList<ConfigurationResult> diffRuns, double threshold)
    {
        var (baseValues, diffValues) = (Values(baseRuns), Values(diffRuns));
        if (Math.Min(baseValues.Count, diffValues.Count) >= UnitComparison.MinimumPerSide)
            return UnitComparison.Of(ComparisonUnit.Repeat, baseValues, diffValues, threshold, HigherIsBetter);
        if (KeptCalls(baseRuns) && KeptCalls(diffRuns))
            return UnitComparison.Of(ComparisonUnit.Window, Windows(baseRuns), Windows(diffRuns), threshold, HigherIsBetter);
        var unit = baseValues.Count == 1 && diffValues.Count == 1 ? ComparisonUnit.Run : ComparisonUnit.Repeat;
        return UnitComparison.Of(unit, baseValues, diffValues, threshold, HigherIsBetter);
    }

    private bool KeptCalls(IEnumerable<ConfigurationResult> runs) =>
        WindowPercentile is not null && runs.Any(r => r.Scenario(Scenario!)?.Calls is { Count: > 0 });

    private List<double> Windows(IEnumerable<ConfigurationResult> runs) =>
    [
        .. runs.SelectMany(r => LatencyWindows.Percentiles(r.Scenario(Scenario!)?.Calls ?? [], WindowPercentile!.Value,
            PercentileSamples.MinimumSamples(WindowPercentile.Value))),
    ];
}
