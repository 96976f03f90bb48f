using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// Two advise runs' verdicts side by side, knob value by knob value on each runtime both advised: whether a second run
/// decides the same, which is what a verdict is worth (AdviceAgreementReport in Reporting words it).
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

    public static IReadOnlyList<Row> Rows(LoadRunSummary first, LoadRunSummary second) => Rows(first.Advice ?? [], second.Advice ?? []);

    /// <summary>The rows of two runs' advice, runtime by runtime.</summary>
    public static IReadOnlyList<Row> Rows(IEnumerable<AdviceSummary> first, IEnumerable<AdviceSummary> second) =>
    [
        .. from a in first
           join b in second on a.Runtime equals b.Runtime
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

    /// <summary>A verdict that says something: helps, hurts, or no effect within the threshold.</summary>
    public static bool Decided(string verdict) => verdict.StartsWith(AdviceFindings.NoEffect, StringComparison.Ordinal) || verdict is AdviceFindings.Helps or AdviceFindings.Hurts;

    private static bool Applicable(string verdict) => verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime);
}
