using System.Globalization;
using System.Text;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>One configuration and scenario over its repeats.</summary>
/// <param name="Ok">Successful calls per repeat, in repeat order; null where the repeat measured nothing.</param>
/// <param name="Failed">Failed calls per repeat, likewise.</param>
/// <param name="Problems">"repeat 2: failed: reason" for each repeat that did not end ok.</param>
/// <param name="P50">Median over the repeats that made a successful call, with its interval; null where none did.</param>
/// <param name="P99">Likewise, over the repeats with enough calls for a p99.</param>
/// <param name="VersusGrpcCore">Median p99 over Grpc.Core's on the same runtime, transport and compression; null without one.</param>
public sealed record RepeatRow(string Label, string Scenario, IReadOnlyList<int> Repeats, IReadOnlyList<long?> Ok, IReadOnlyList<long?> Failed,
    IReadOnlyList<string> Problems, Interval? P50, Interval? P99, Interval? VersusGrpcCore)
{
    public long TotalFailed => Failed.Sum(f => f ?? 0);
}

/// <summary>
/// Presets other than capacity run with --repeat N: each configuration N times, interleaved. Every other table, chart
/// and verdict reads repeat 1 (<see cref="FirstRepeat"/>), which is what a run with one repeat shows; this section,
/// "Repeats", puts every repeat of each configuration together: calls and fails per repeat, then medians with intervals.
/// </summary>
public static class RepeatsReport
{
    public static bool Applies(LoadRunSummary summary) => summary.Capacity is null && summary.Configurations.Any(r => r.Repeat > 1);

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
            var problems = runs.Where(r => r.Status != ConfigurationStatus.Ok).Select(r => $"repeat {r.Repeat ?? 1}: {r.Status.Text()}: {MeasuredFigures.OneLine(r.Reason ?? "no reason given")}").ToList();
            var scenarios = runs.SelectMany(r => r.Scenarios.Select(s => s.Name)).Distinct().ToList();
            if (scenarios.Count == 0)
            {
                rows.Add(new RepeatRow(label, Numbers.Missing, [.. runs.Select(r => r.Repeat ?? 1)], [.. runs.Select(_ => (long?)null)], [.. runs.Select(_ => (long?)null)],
                    problems, null, null, null));
                continue;
            }
            foreach (var scenario in scenarios)
            {
                var p99 = P99s(runs, scenario);
                var baseP99 = baseline is null ? [] : P99s(baseline, scenario);
                rows.Add(new RepeatRow(label, scenario, [.. runs.Select(r => r.Repeat ?? 1)],
                    [.. runs.Select(r => (long?)r.Scenario(scenario)?.Ok)], [.. runs.Select(r => (long?)r.Scenario(scenario)?.Failed)], problems,
                    MedianOf([.. runs.Select(r => r.SuccessLatency(scenario)).OfType<GrpcBench.Load.Engine.LatencyStats>().Select(l => l.P50)]),
                    MedianOf(p99),
                    p99.Count > 0 && baseP99.Count > 0 && p99.All(v => v > 0) && baseP99.All(v => v > 0) ? Statistics.RatioInterval(baseP99, p99) : null));
            }
        }
        return rows;
    }

    public static void Append(StringBuilder md, LoadRunSummary summary)
    {
        var rows = Rows(summary);
        var repeats = summary.Configurations.Max(r => r.Repeat ?? 1);
        var kind = rows.Select(r => r.P99?.Kind ?? r.P50?.Kind).OfType<string>().GroupBy(k => k).OrderByDescending(g => g.Count()).FirstOrDefault()?.Key ?? $"range of {repeats} runs";
        md.AppendLine("## Repeats");
        md.AppendLine();
        md.AppendLine($"Each configuration ran {repeats} times, interleaved (every configuration once, then all again); the tables, charts and verdicts above "
                      + "read repeat 1. Here every repeat: calls per repeat (fails first), then the median over the repeats of each one's p50 and p99 (ms, successful calls; "
                      + $"a p99 only from repeats with at least {PercentileSamples.MinimumSamples(99)} of them) with its interval [{kind}: below 6 runs the range of the repeats, "
                      + "not a 95 % confidence interval], and the median p99 over that of the Grpc.Core pair on the same host runtime, transport and compression [range of the ratios].");
        md.AppendLine();
        MarkdownTable.Append(md, ["configuration", "scenario", "fails per repeat", "ok per repeat", $"p50 ms median [{kind}]", $"p99 ms median [{kind}]", "p99 / Grpc.Core"],
            [false, false, false, true, true, true, true],
            rows.Select(r => (IReadOnlyList<string>)[r.Label, r.Scenario, Fails(r), PerRepeat(r.Ok), Describe(r.P50), P99(r), r.VersusGrpcCore is { } v ? "x" + v.Describe("0.00") : Numbers.Missing]));
        md.AppendLine();
    }

    /// <summary>The section for the console: one line per configuration and scenario, fails before percentiles.</summary>
    public static IEnumerable<string> Lines(LoadRunSummary summary) =>
        Rows(summary).Select(r => $"repeats: {r.Label}, {r.Scenario}: {Fails(r)}; ok {PerRepeat(r.Ok)}; p50 {WithMs(Describe(r.P50))}; p99 {WithMs(P99(r))}"
            + (r.VersusGrpcCore is { } v ? $"; p99 x{v.Describe("0.00")} of Grpc.Core's" : ""));

    /// <summary>"no fails", or "5 fails: 0 / 5 / 0", and each repeat that did not end ok.</summary>
    public static string Fails(RepeatRow row)
    {
        var text = row.TotalFailed > 0 ? $"{Numbers.Count(row.TotalFailed)} fails: {PerRepeat(row.Failed)}"
            : row.Failed.All(f => f is null) ? "nothing measured" : "no fails";
        return row.Problems.Count == 0 ? text : $"{text}; {string.Join("; ", row.Problems)}";
    }

    /// <summary>
    /// Results by configuration (by <paramref name="labelOf"/>, default its label), every repeat together, in run order.
    /// A label can occur twice in one repeat (the sweep's combination of best settings can equal a setting it tried
    /// alone): the second gets " #2", so that two runs pair them alike (<see cref="ResultsComparison"/>).
    /// </summary>
    internal static List<(string Label, List<ConfigurationResult> Runs)> Groups(IEnumerable<ConfigurationResult> results, Func<ConfigurationResult, string>? labelOf = null)
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
        [.. runs.Select(r => r.SuccessLatency(scenario)).OfType<GrpcBench.Load.Engine.LatencyStats>().Where(l => PercentileSamples.Supports(l.Count, 99)).Select(l => l.P99)];

    private static Interval? MedianOf(IReadOnlyList<double> values) => values.Count == 0 ? null : Statistics.MedianInterval(values);

    private static string P99(RepeatRow row) => row.P99 is { } p99 ? Describe(p99) : row.P50 is null ? Numbers.Missing : PercentileRule.TooFew(99);

    private static string WithMs(string figure) => figure == Numbers.Missing || figure.StartsWith("n <", StringComparison.Ordinal) ? figure : figure + " ms";

    private static string Describe(Interval? interval) => interval is null ? Numbers.Missing : interval.Describe("0.##");

    private static string PerRepeat(IReadOnlyList<long?> values) => string.Join(" / ", values.Select(v => v is { } n ? Numbers.Count(n) : Numbers.Missing));
}
