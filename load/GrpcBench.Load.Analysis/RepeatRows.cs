using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>A repeat of a configuration that did not end ok, and why.</summary>
public sealed record RepeatProblem(int Repeat, ConfigurationStatus Status, string? Reason);

/// <summary>One configuration and scenario over its repeats.</summary>
/// <param name="Scenario">Null where no repeat measured any scenario.</param>
/// <param name="Ok">Successful calls per repeat, in repeat order; null where the repeat measured nothing.</param>
/// <param name="Failed">Failed calls per repeat, likewise.</param>
/// <param name="Problems">Each repeat that did not end ok.</param>
/// <param name="P50">Median over the repeats that made a successful call, with its interval; null where none did.</param>
/// <param name="P99">Likewise, over the repeats with enough calls for a p99.</param>
/// <param name="VersusGrpcCore">Median p99 over Grpc.Core's on the same runtime, transport and compression; null without one.</param>
public sealed record RepeatRow(string Label, string? Scenario, IReadOnlyList<int> Repeats, IReadOnlyList<long?> Ok, IReadOnlyList<long?> Failed,
    IReadOnlyList<RepeatProblem> Problems, Interval? P50, Interval? P99, Interval? VersusGrpcCore)
{
    public long TotalFailed => Failed.Sum(f => f ?? 0);
}

/// <summary>
/// Presets other than capacity run with --repeat N: each configuration N times, interleaved. What reads one run reads
/// repeat 1 (<see cref="FirstRepeat"/>), which is what a run with one repeat shows; <see cref="Rows"/> puts every repeat
/// of each configuration together: calls and fails per repeat, then medians with intervals.
/// </summary>
public static class RepeatRows
{
    /// <summary>The run as if it had one repeat: results of repeat 1 (or without a repeat). The same summary when there is nothing to drop.</summary>
    public static LoadRunSummary FirstRepeat(LoadRunSummary summary) =>
        summary.Capacity is not null || summary.Configurations.All(r => r.Repeat is null or 1) ? summary
        : summary with { Configurations = [.. summary.Configurations.Where(r => r.Repeat is null or 1)] };

    public static IReadOnlyList<RepeatRow> Rows(LoadRunSummary summary)
    {
        var groups = Groups(summary.Configurations);
        var rows = new List<RepeatRow>();
        foreach (var (label, runs) in groups)
        {
            var baseline = groups.FirstOrDefault(g => !ReferenceEquals(g.Runs, runs) && g.Runs[0].Configuration.IsBaselineFor(runs[0].Configuration)).Runs;
            var problems = runs.Where(r => r.Status != ConfigurationStatus.Ok).Select(r => new RepeatProblem(r.Repeat ?? 1, r.Status, r.Reason)).ToList();
            var scenarios = runs.SelectMany(r => r.Scenarios.Select(s => s.Name)).Distinct().ToList();
            if (scenarios.Count == 0)
            {
                rows.Add(new RepeatRow(label, null, [.. runs.Select(r => r.Repeat ?? 1)], [.. runs.Select(_ => (long?)null)], [.. runs.Select(_ => (long?)null)],
                    problems, null, null, null));
                continue;
            }
            foreach (var scenario in scenarios)
            {
                var p99 = P99s(runs, scenario);
                var baseP99 = baseline is null ? [] : P99s(baseline, scenario);
                rows.Add(new RepeatRow(label, scenario, [.. runs.Select(r => r.Repeat ?? 1)],
                    [.. runs.Select(r => (long?)r.Scenario(scenario)?.Ok)], [.. runs.Select(r => (long?)r.Scenario(scenario)?.Failed)], problems,
                    MedianOf([.. runs.Select(r => r.SuccessLatency(scenario)).OfType<LatencyStats>().Select(l => l.P50)]),
                    MedianOf(p99),
                    p99.Count > 0 && baseP99.Count > 0 && p99.All(v => v > 0) && baseP99.All(v => v > 0) ? Statistics.RatioInterval(baseP99, p99) : null));
            }
        }
        return rows;
    }

    /// <summary>
    /// Results by configuration (by <paramref name="labelOf"/>, default its label), every repeat together, in run order.
    /// A label can occur twice in one repeat (the sweep's combination of best settings can equal a setting it tried
    /// alone): the second gets " #2", so that two runs pair them alike (compare).
    /// </summary>
    public static List<(string Label, List<ConfigurationResult> Runs)> Groups(IEnumerable<ConfigurationResult> results, Func<ConfigurationResult, string>? labelOf = null)
    {
        var groups = new List<(string Label, List<ConfigurationResult> Runs)>();
        var seen = new Dictionary<(string, int), int>();
        foreach (var result in results)
        {
            var ofResult = labelOf?.Invoke(result) ?? result.Configuration.Label;
            var key = (ofResult, result.Repeat ?? 1);
            var n = seen[key] = seen.GetValueOrDefault(key) + 1;
            var label = n == 1 ? ofResult : $"{ofResult} #{n}";
            var index = groups.FindIndex(g => g.Label == label);
            if (index < 0) groups.Add((label, [result]));
            else groups[index].Runs.Add(result);
        }
        return groups;
    }

    private static List<double> P99s(IEnumerable<ConfigurationResult> runs, string scenario) =>
        [.. runs.Select(r => r.SuccessLatency(scenario)).OfType<LatencyStats>().Where(l => PercentileSamples.Supports(l.Count, 99)).Select(l => l.P99)];

    private static Interval? MedianOf(IReadOnlyList<double> values) => values.Count == 0 ? null : Statistics.MedianInterval(values);
}
