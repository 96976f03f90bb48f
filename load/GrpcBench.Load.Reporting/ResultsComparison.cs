using System.Globalization;
using System.Text;
using GrpcBench.Load.Results;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// Two runs of the load tool side by side (<c>compare BASE DIFF --threshold 0.1</c>), configuration by configuration
/// (matched by label), in the manner of dotnet/performance's ResultsComparer: base, diff, diff / base, and a verdict
/// only beyond the threshold. Every metric is one where more is worse.
/// </summary>
public static class ResultsComparison
{
    public sealed record Row(string Configuration, string Metric, double Base, double Diff)
    {
        public double Ratio => Diff / Base;

        /// <summary>"slower" above 1 + threshold, "faster" below 1 - threshold, otherwise "same".</summary>
        public string Verdict(double threshold) => Ratio > 1 + threshold ? "slower" : Ratio < 1 - threshold ? "faster" : "same";
    }

    /// <param name="NotCompared">Configurations in both runs that did not complete in one of them, with their statuses.</param>
    /// <param name="Warnings">What makes the two runs less comparable: another machine, another offered load.</param>
    public sealed record Comparison(
        string BaseCommit,
        string DiffCommit,
        IReadOnlyList<Row> Rows,
        IReadOnlyList<string> OnlyInBase,
        IReadOnlyList<string> OnlyInDiff,
        IReadOnlyList<string> NotCompared,
        IReadOnlyList<string> Warnings);

    private static readonly (string Metric, Func<ConfigurationResult, double?> Value)[] Metrics =
    [
        ("sendLargeData p50 ms", r => r.SuccessLatency(ScenarioNames.SendLargeData)?.P50),
        ("sendLargeData p99 ms", r => r.SuccessLatency(ScenarioNames.SendLargeData)?.P99),
        ("getInt p50 ms", r => r.SuccessLatency(ScenarioNames.GetInt)?.P50),
        ("getInt p99 ms", r => r.SuccessLatency(ScenarioNames.GetInt)?.P99),
        ("server CPU s", r => r.ServerCpuSeconds),
    ];

    /// <summary>The scenarios beyond the story's two (streams, pages, chunked uploads): time to the last byte, and to the first record where there is one.</summary>
    private static IEnumerable<(string Metric, Func<ConfigurationResult, double?> Value)> RecordMetrics(ConfigurationResult result) =>
        result.Scenarios.Select(s => s.Name).Where(name => name is not (ScenarioNames.SendLargeData or ScenarioNames.GetInt)).SelectMany(name =>
            new (string, Func<ConfigurationResult, double?>)[]
            {
                ($"{name} p50 ms", r => r.SuccessLatency(name)?.P50),
                ($"{name} p99 ms", r => r.SuccessLatency(name)?.P99),
                ($"{name} first record p50 ms", r => r.Scenario(name) is { } stats ? WorkloadReport.Measure(stats, Measures.FirstRecordMs)?.P50 : null),
            });

    /// <summary>Reads summary.json of both folders.</summary>
    public static Comparison Compare(string baseFolder, string diffFolder, bool acrossRuntimes = false) =>
        Compare(SummaryFile.Read(baseFolder), SummaryFile.Read(diffFolder), acrossRuntimes);

    /// <param name="acrossRuntimes">Pairs configurations that differ only in their runtimes (CI matrix cells, one runtime each).</param>
    public static Comparison Compare(LoadRunSummary @base, LoadRunSummary diff, bool acrossRuntimes = false)
    {
        var baseByLabel = ByLabel(@base, acrossRuntimes);
        var diffByLabel = ByLabel(diff, acrossRuntimes);
        var rows = new List<Row>();
        var notCompared = new List<string>();
        foreach (var (label, b) in baseByLabel)
        {
            if (!diffByLabel.TryGetValue(label, out var d)) continue;
            if (!b.IsOk() || !d.IsOk())
            {
                notCompared.Add($"{label}: {b.StatusWithReason()} in base, {d.StatusWithReason()} in diff");
                continue;
            }
            foreach (var (metric, value) in Metrics.Concat(RecordMetrics(b)))
                if (value(b) is { } baseValue && value(d) is { } diffValue && baseValue > 0 && double.IsFinite(diffValue))
                    rows.Add(new Row(label, metric, baseValue, diffValue));
        }
        return new Comparison(@base.Run.Commit, diff.Run.Commit, rows,
            baseByLabel.Keys.Where(l => !diffByLabel.ContainsKey(l)).ToList(),
            diffByLabel.Keys.Where(l => !baseByLabel.ContainsKey(l)).ToList(),
            notCompared,
            Warnings(@base, diff));
    }

    public static string Markdown(Comparison comparison, double threshold)
    {
        var md = new StringBuilder();
        md.AppendLine($"base: commit {comparison.BaseCommit}; diff: commit {comparison.DiffCommit}; threshold {Percent(threshold)} (slower: diff above base by more)");
        foreach (var warning in comparison.Warnings) md.AppendLine().Append("warning: ").AppendLine(warning);
        md.AppendLine();
        MarkdownTable.Append(md, ["configuration", "metric", "base", "diff", "diff / base", "verdict"], [false, false, true, true, true, false],
            comparison.Rows.Select(r => Cells(r, threshold)));
        AppendList(md, "only in base", comparison.OnlyInBase);
        AppendList(md, "only in diff", comparison.OnlyInDiff);
        AppendList(md, "not compared (did not complete in one run)", comparison.NotCompared);
        return md.ToString();
    }

    public static Table Table(Comparison comparison, double threshold)
    {
        var table = new Table().Title(Markup.Escape($"base {comparison.BaseCommit} against diff {comparison.DiffCommit}, threshold {Percent(threshold)}"));
        table.AddColumn(new TableColumn("configuration").NoWrap());
        table.AddColumn("metric");
        foreach (var header in new[] { "base", "diff", "diff / base" }) table.AddColumn(new TableColumn(header).RightAligned());
        table.AddColumn("verdict");
        foreach (var row in comparison.Rows) table.AddRow(Cells(row, threshold).Select(c => (IRenderable)new Text(c)));
        return table;
    }

    private static IReadOnlyList<string> Cells(Row row, double threshold) =>
    [
        row.Configuration, row.Metric, Figure(row.Metric, row.Base), Figure(row.Metric, row.Diff),
        row.Ratio.ToString("0.00", CultureInfo.InvariantCulture), row.Verdict(threshold),
    ];

    private static string Figure(string metric, double value) => metric.EndsWith(" ms", StringComparison.Ordinal) ? Numbers.Ms(value) : Numbers.Seconds(value);

    private static string Percent(double threshold) => (threshold * 100).ToString("0.#", CultureInfo.InvariantCulture) + " %";

    /// <summary>
    /// Configurations by label. A label can repeat within a run (the sweep's combination of best settings can equal one
    /// of the settings it tried alone): the second and later get " #2", " #3" in run order, so both runs pair them alike.
    /// </summary>
    private static Dictionary<string, ConfigurationResult> ByLabel(LoadRunSummary summary, bool acrossRuntimes)
    {
        var byLabel = new Dictionary<string, ConfigurationResult>();
        foreach (var group in summary.Configurations.GroupBy(r => acrossRuntimes ? RuntimeFree(r.Configuration) : r.Configuration.Label))
        {
            var n = 0;
            foreach (var result in group) byLabel[++n == 1 ? group.Key : $"{group.Key} #{n}"] = result;
        }
        return byLabel;
    }

    private static string RuntimeFree(LoadConfiguration configuration) =>
        (configuration with { HostRuntime = "any runtime", ClientRuntime = "any runtime" }).Label;

    private static IReadOnlyList<string> Warnings(LoadRunSummary @base, LoadRunSummary diff)
    {
        var warnings = new List<string>();
        var (b, d) = (@base.Run.Machine, diff.Run.Machine);
        if (b.Cores != d.Cores || b.Cpu != d.Cpu || b.Link != d.Link)
            warnings.Add($"the runs are from different machines or links: base {b.Cores} cores {b.Cpu} ({b.Link ?? "loopback"}), diff {d.Cores} cores {d.Cpu} ({d.Link ?? "loopback"})");
        if (Describe(@base.OfferedLoad) != Describe(diff.OfferedLoad))
            warnings.Add($"the offered load differs: base {Describe(@base.OfferedLoad)}; diff {Describe(diff.OfferedLoad)}");
        return warnings;
    }

    private static string Describe(IReadOnlyDictionary<string, ScenarioLoad> load) => string.Join("; ", load.OrderBy(s => s.Key, StringComparer.Ordinal)
        .Select(s => $"{s.Key}: {string.Join(", then ", s.Value.Simulations)}, warm-up {s.Value.WarmUp}, payload {Numbers.Size(s.Value.PayloadBytes)}, timeout {s.Value.CallTimeout}"));

    private static void AppendList(StringBuilder md, string title, IReadOnlyList<string> items)
    {
        if (items.Count == 0) return;
        md.AppendLine().AppendLine($"{title}:");
        foreach (var item in items) md.AppendLine($"- {item}");
    }
}
