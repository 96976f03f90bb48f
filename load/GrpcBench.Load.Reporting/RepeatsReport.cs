using System.Globalization;
using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// Presets other than capacity run with --repeat N: each configuration N times, interleaved. Every other table, chart
/// and verdict reads repeat 1 (<see cref="RepeatRows.FirstRepeat"/>), which is what a run with one repeat shows; this
/// section, "Repeats", renders <see cref="RepeatRows.Rows"/>: calls and fails per repeat, then medians with intervals.
/// </summary>
public static class RepeatsReport
{
    public static bool Applies(LoadRunSummary summary) => summary.Capacity is null && summary.Configurations.Any(r => r.Repeat > 1);

    public static void Append(StringBuilder md, LoadRunSummary summary)
    {
        var rows = RepeatRows.Rows(summary);
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
            rows.Select(r => (IReadOnlyList<string>)[r.Label, r.Scenario ?? Numbers.Missing, Fails(r), PerRepeat(r.Ok), Describe(r.P50), P99(r), r.VersusGrpcCore is { } v ? "x" + v.Describe("0.00") : Numbers.Missing]));
        md.AppendLine();
    }

    /// <summary>The section for the console: one line per configuration and scenario, fails before percentiles.</summary>
    public static IEnumerable<string> Lines(LoadRunSummary summary) =>
        RepeatRows.Rows(summary).Select(r => $"repeats: {r.Label}, {r.Scenario ?? Numbers.Missing}: {Fails(r)}; ok {PerRepeat(r.Ok)}; p50 {WithMs(Describe(r.P50))}; p99 {WithMs(P99(r))}"
            + (r.VersusGrpcCore is { } v ? $"; p99 x{v.Describe("0.00")} of Grpc.Core's" : ""));

    /// <summary>"no fails", or "5 fails: 0 / 5 / 0", and each repeat that did not end ok.</summary>
    public static string Fails(RepeatRow row)
    {
        var text = row.TotalFailed > 0 ? $"{Numbers.Count(row.TotalFailed)} fails: {PerRepeat(row.Failed)}"
            : row.Failed.All(f => f is null) ? "nothing measured" : "no fails";
        return row.Problems.Count == 0 ? text
            : $"{text}; {string.Join("; ", row.Problems.Select(p => $"repeat {p.Repeat}: {p.Status.Text()}: {MeasuredFigures.OneLine(p.Reason ?? "no reason given")}"))}";
    }

    private static string P99(RepeatRow row) => row.P99 is { } p99 ? Describe(p99) : row.P50 is null ? Numbers.Missing : PercentileRule.TooFew(99);

    private static string WithMs(string figure) => figure == Numbers.Missing || figure.StartsWith("n <", StringComparison.Ordinal) ? figure : figure + " ms";

    private static string Describe(Interval? interval) => interval is null ? Numbers.Missing : interval.Describe("0.##");

    private static string PerRepeat(IReadOnlyList<long?> values) => string.Join(" / ", values.Select(v => v is { } n ? Numbers.Count(n) : Numbers.Missing));
}
