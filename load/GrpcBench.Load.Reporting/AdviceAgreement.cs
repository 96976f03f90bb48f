using System.Globalization;
using System.Text;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// Two advise runs' verdicts side by side, knob value by knob value on each runtime both advised: whether a second run
/// decides the same, which is what a verdict is worth.
/// </summary>
public static class AdviceAgreement
{
    /// <summary>
    /// How two decided verdicts of a value relate. <see cref="Compatible"/>: they differ, but both hold for some effect,
    /// "no effect found" (within ±threshold) in one run and "helps" or "hurts" (away from 1) in the other whose interval
    /// reaches inside that band, as an effect of a few percent gives; <see cref="Contradict"/>: no effect satisfies both.
    /// </summary>
    public enum Agreement { Alike, Compatible, Contradict }

    /// <param name="Agree">Null where either run did not decide.</param>
    /// <param name="FirstEffect">The value's effect in the first run (saturated throughput, or capacity where that was searched).</param>
    public sealed record Row(string Runtime, string Knob, string Value, string First, string Second, Agreement? Agree, Spread? FirstEffect = null, Spread? SecondEffect = null);

    public static IReadOnlyList<Row> Rows(LoadRunSummary first, LoadRunSummary second) =>
    [
        .. from a in first.Advice ?? []
           join b in second.Advice ?? [] on a.Runtime equals b.Runtime
           from finding in a.Knobs.Concat(a.Alternatives)
           let other = b.Knobs.Concat(b.Alternatives).FirstOrDefault(f => f.Choice.Knob == finding.Choice.Knob && f.Choice.Value == finding.Choice.Value)
           where other is not null && Applicable(finding.Verdict) && Applicable(other.Verdict)
           select new Row(a.Runtime, finding.Choice.Knob, finding.Choice.Value, finding.Verdict, other.Verdict,
               Decided(finding.Verdict) && Decided(other.Verdict) ? Relate(finding, a.Threshold, other, b.Threshold) : null,
               finding.Throughput ?? finding.Capacity, other.Throughput ?? other.Capacity),
    ];

    private static Agreement Relate(KnobFinding first, double firstThreshold, KnobFinding second, double secondThreshold)
    {
        bool NoEffect(KnobFinding f) => f.Verdict.StartsWith(AdviceFindings.NoEffect, StringComparison.Ordinal);
        if (NoEffect(first) == NoEffect(second)) return first.Verdict == second.Verdict ? Agreement.Alike : Agreement.Contradict;
        var (none, threshold, moved) = NoEffect(first) ? (first, firstThreshold, second) : (second, secondThreshold, first);
        var interval = moved.Throughput ?? moved.Capacity;
        return interval is not null && interval.Lower < 1 + threshold && interval.Upper > 1 / (1 + threshold) ? Agreement.Compatible : Agreement.Contradict;
    }

    public static string Markdown(LoadRunSummary first, LoadRunSummary second)
    {
        var rows = Rows(first, second);
        var md = new StringBuilder();
        md.AppendLine($"Advice of commit {first.Run.Commit} (first) against commit {second.Run.Commit} (second): every knob value and design alternative applicable in both.");
        md.AppendLine();
        if (rows.Count == 0)
        {
            md.AppendLine("No runtime was advised in both runs.");
            return md.ToString();
        }
        foreach (var runtime in rows.GroupBy(r => r.Runtime))
        {
            int both = runtime.Count(r => r.Agree is not null), same = runtime.Count(r => r.Agree == Agreement.Alike),
                compatible = runtime.Count(r => r.Agree == Agreement.Compatible), contradict = runtime.Count(r => r.Agree == Agreement.Contradict),
                one = runtime.Count(r => r.Agree is null && (Decided(r.First) || Decided(r.Second)));
            md.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"- {runtime.Key}: {both} of {runtime.Count()} values decided in both runs, {same} of them alike ({(both == 0 ? "-" : $"{100.0 * same / both:0} %")}), "
                + $"{compatible} different but compatible (no effect within the threshold in one, helps or hurts with an interval reaching inside it in the other), "
                + $"{contradict} contradicting; {one} decided in one run only"));
        }
        md.AppendLine();
        MarkdownTable.Append(md, ["runtime", "knob", "value", "first", "second", "agree"], [false, false, false, false, false, false],
            rows.OrderBy(r => r.Agree switch { Agreement.Contradict => 0, Agreement.Compatible => 1, null => 2, _ => 3 }).Select(r => (IReadOnlyList<string>)
                [r.Runtime, r.Knob, r.Value, WithEffect(r.First, r.FirstEffect), WithEffect(r.Second, r.SecondEffect),
                 r.Agree switch { Agreement.Alike => "yes", Agreement.Compatible => "compatible", Agreement.Contradict => "**no**", _ => "-" }]));
        return md.ToString();
    }

    private static string WithEffect(string verdict, Spread? effect) =>
        effect is null ? verdict : string.Create(CultureInfo.InvariantCulture, $"{verdict} x{effect.Median:0.00} [{effect.Lower:0.00}, {effect.Upper:0.00}]");

    private static bool Decided(string verdict) => verdict.StartsWith(AdviceFindings.NoEffect, StringComparison.Ordinal) || verdict is AdviceFindings.Helps or AdviceFindings.Hurts;

    private static bool Applicable(string verdict) => verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime);
}
