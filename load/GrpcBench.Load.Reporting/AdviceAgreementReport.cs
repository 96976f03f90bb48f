using System.Globalization;
using System.Text;
using static GrpcBench.Load.Analysis.AdviceAgreement;

namespace GrpcBench.Load.Reporting;

/// <summary><see cref="AdviceAgreement"/> of two advise runs as markdown: a line per runtime, then every value both runs advised on, contradictions first.</summary>
public static class AdviceAgreementReport
{
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
        effect is null ? verdict : $"{verdict} x{effect.Describe()}";
}
