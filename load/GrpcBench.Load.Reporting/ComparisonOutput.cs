using System.Globalization;
using System.Text;
using Spectre.Console;
using Spectre.Console.Rendering;
using static GrpcBench.Load.Reporting.ComparisonWording;

namespace GrpcBench.Load.Reporting;

/// <summary>A <see cref="RunComparison"/> as markdown (what <c>compare</c> prints) and as a console table.</summary>
public static class ComparisonOutput
{
    private static readonly string[] Headers = ["configuration", "metric", "base", "diff", "diff / base", "units (base vs diff)", "verdict", "by"];

    public static string Markdown(RunComparison comparison, double threshold)
    {
        var md = new StringBuilder();
        md.AppendLine($"base: commit {comparison.BaseCommit}; diff: commit {comparison.DiffCommit}; threshold {Percent(threshold)}. "
                      + "Each row is decided over independent units, never single calls (they queue behind one another): the configuration's repeats where "
                      + $"each run has {UnitComparison.MinimumPerSide} or more, else windows of {Seconds} s of its calls (each window's p50 or p99; every repeat's windows together). "
                      + "The test is the capacity table's: two one-sided tests at the threshold, α 0.05 (Welch's t-test on the logarithms below 20 units a side, "
                      + "Mann-Whitney from 20): faster, slower or same where it decides, unknown where it cannot; "
                      + $"{TooFewToDecide} under {UnitComparison.MinimumPerSide} units a side. base and diff are medians over the repeats (the figure itself for one run).");
        foreach (var warning in comparison.Warnings) md.AppendLine().Append("warning: ").AppendLine(Warning(warning));
        md.AppendLine();
        MarkdownTable.Append(md, Headers, [false, false, true, true, true, false, false, false], comparison.Rows.Select(Cells));
        AppendList(md, "only in base", comparison.OnlyInBase);
        AppendList(md, "only in diff", comparison.OnlyInDiff);
        AppendList(md, "not compared (did not complete in one run)", [.. comparison.NotCompared.Select(Describe)]);
        return md.ToString();
    }

    public static Table Table(RunComparison comparison, double threshold)
    {
        var table = new Table().Title(Markup.Escape($"base {comparison.BaseCommit} against diff {comparison.DiffCommit}, threshold {Percent(threshold)}"));
        table.AddColumn(new TableColumn(Headers[0]).NoWrap());
        table.AddColumn(Headers[1]);
        foreach (var header in Headers[2..5]) table.AddColumn(new TableColumn(header).RightAligned());
        foreach (var header in Headers[5..]) table.AddColumn(header);
        foreach (var row in comparison.Rows) table.AddRow(Cells(row).Select(c => (IRenderable)new Text(c)));
        return table;
    }

    private static IReadOnlyList<string> Cells(ComparedRow row) =>
    [
        row.Configuration, row.Metric, Figure(row.Metric, row.Base), Figure(row.Metric, row.Diff),
        row.Ratio.ToString("0.00", CultureInfo.InvariantCulture), UnitsCounted(row.Units), Verdict(row.Units), How(row.Units),
    ];

    private static string Figure(string metric, double value) =>
        metric.EndsWith(" ms", StringComparison.Ordinal) ? Numbers.Ms(value) : metric.StartsWith("capacity", StringComparison.Ordinal) ? CapacityReport.Rate(value) : Numbers.Seconds(value);

    private static string Seconds => LatencyWindows.Seconds.ToString(CultureInfo.InvariantCulture);

    private static string Percent(double threshold) => (threshold * 100).ToString("0.#", CultureInfo.InvariantCulture) + " %";

    private static void AppendList(StringBuilder md, string title, IReadOnlyList<string> items)
    {
        if (items.Count == 0) return;
        md.AppendLine().AppendLine($"{title}:");
        foreach (var item in items) md.AppendLine($"- {item}");
    }
}
