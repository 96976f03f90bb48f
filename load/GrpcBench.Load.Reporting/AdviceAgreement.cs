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
    /// <param name="Agree">Both decided (helps, hurts, no effect found) and alike; null where either did not decide.</param>
    public sealed record Row(string Runtime, string Knob, string Value, string First, string Second, bool? Agree);

    public static IReadOnlyList<Row> Rows(LoadRunSummary first, LoadRunSummary second) =>
    [
        .. from a in first.Advice ?? []
           join b in second.Advice ?? [] on a.Runtime equals b.Runtime
           from finding in a.Knobs.Concat(a.Alternatives)
           let other = b.Knobs.Concat(b.Alternatives).FirstOrDefault(f => f.Choice.Knob == finding.Choice.Knob && f.Choice.Value == finding.Choice.Value)
           where other is not null && Applicable(finding.Verdict) && Applicable(other.Verdict)
           select new Row(a.Runtime, finding.Choice.Knob, finding.Choice.Value, finding.Verdict, other.Verdict,
               Decided(finding.Verdict) && Decided(other.Verdict) ? finding.Verdict == other.Verdict : null),
    ];

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
            int both = runtime.Count(r => r.Agree is not null), same = runtime.Count(r => r.Agree == true), one = runtime.Count(r => r.Agree is null && (Decided(r.First) || Decided(r.Second)));
            md.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"- {runtime.Key}: {both} of {runtime.Count()} values decided in both runs, {same} of them alike ({(both == 0 ? "-" : $"{100.0 * same / both:0} %")}); {one} decided in one run only"));
        }
        md.AppendLine();
        MarkdownTable.Append(md, ["runtime", "knob", "value", "first", "second", "agree"], [false, false, false, false, false, false],
            rows.OrderBy(r => r.Agree switch { false => 0, null => 1, true => 2 }).Select(r => (IReadOnlyList<string>)
                [r.Runtime, r.Knob, r.Value, r.First, r.Second, r.Agree switch { true => "yes", false => "**no**", null => "-" }]));
        return md.ToString();
    }

    private static bool Decided(string verdict) => verdict.StartsWith(AdviceFindings.NoEffect, StringComparison.Ordinal) || verdict is AdviceFindings.Helps or AdviceFindings.Hurts;

    private static bool Applicable(string verdict) => verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime);
}
