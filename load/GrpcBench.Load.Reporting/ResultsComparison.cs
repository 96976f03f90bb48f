using System.Globalization;
using System.Text;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// Two runs of the load tool side by side (<c>compare BASE DIFF --threshold 0.1</c>), configuration by configuration
/// (matched by label), in the manner of dotnet/performance's ResultsComparer: base, diff, diff / base, and a verdict
/// from a statistical test at the threshold where there are samples to test (each call's latency; each repeat's
/// capacity), from the ratio alone where there is one value a side (CPU seconds), which the row says.
/// </summary>
public static class ResultsComparison
{
    /// <param name="Test">The statistical test behind the verdict and its decision; null where there is one value a side.</param>
    /// <param name="HigherIsBetter">Capacity: more is better; every other metric: more is worse.</param>
    public sealed record Row(string Configuration, string Metric, double Base, double Diff, Comparison? Test = null, bool HigherIsBetter = false)
    {
        public double Ratio => Diff / Base;

        /// <summary>
        /// The test's decision where there is one ("faster", "slower", "same", "unknown": too noisy or too few to tell);
        /// else by the ratio alone: "slower" beyond 1 + threshold, "faster" beyond 1 - threshold (the other way for capacity), otherwise "same".
        /// </summary>
        public string Verdict(double threshold) => Test is { } test
            ? test.Decision.ToString().ToLowerInvariant()
            : (HigherIsBetter ? Ratio < 1 - threshold : Ratio > 1 + threshold) ? "slower"
            : (HigherIsBetter ? Ratio > 1 + threshold : Ratio < 1 - threshold) ? "faster" : "same";

        public string How => Test is { } test ? test.PValue is { } p ? $"{test.Test}, p {p.ToString("0.###", CultureInfo.InvariantCulture)}" : test.Test : "ratio only (one value a side)";
    }

    /// <param name="NotCompared">Configurations in both runs that did not complete in one of them, with their statuses.</param>
    /// <param name="Warnings">What makes the two runs less comparable: another machine, another offered load.</param>
    public sealed record RunComparison(
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
    public static RunComparison Compare(string baseFolder, string diffFolder, bool acrossRuntimes = false, double threshold = 0.1) =>
        Compare(SummaryFile.Read(baseFolder), SummaryFile.Read(diffFolder), acrossRuntimes, threshold);

    /// <param name="acrossRuntimes">Pairs configurations that differ only in their runtimes (CI matrix cells, one runtime each).</param>
    /// <param name="threshold">What the statistical tests decide at: a difference within it is "same".</param>
    public static RunComparison Compare(LoadRunSummary @base, LoadRunSummary diff, bool acrossRuntimes = false, double threshold = 0.1)
    {
        if (@base.Capacity is not null && diff.Capacity is not null) return CompareCapacity(@base, diff, acrossRuntimes, threshold);
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
                    rows.Add(new Row(label, metric, baseValue, diffValue, LatencyTest(b, d, metric, threshold)));
        }
        return new RunComparison(@base.Run.Commit, diff.Run.Commit, rows,
            baseByLabel.Keys.Where(l => !diffByLabel.ContainsKey(l)).ToList(),
            diffByLabel.Keys.Where(l => !baseByLabel.ContainsKey(l)).ToList(),
            notCompared,
            Warnings(@base, diff));
    }

    /// <summary>
    /// Each call's latency in both runs, where both kept them (the call timelines): the test of the whole distribution,
    /// which a p99 against a p99 is not. Null for a metric without samples.
    /// </summary>
    private static Comparison? LatencyTest(ConfigurationResult b, ConfigurationResult d, string metric, double threshold)
    {
        var scenario = metric.Split(' ')[0];
        if (!metric.EndsWith(" p50 ms", StringComparison.Ordinal) && !metric.EndsWith(" p99 ms", StringComparison.Ordinal) || metric.Contains("first record")) return null;
        static List<double>? Samples(ConfigurationResult r, string name) =>
            r.Scenario(name)?.Calls?.Where(c => c.Ok).Select(c => c.LatencyMs).ToList() is { Count: >= 20 } samples ? samples : null;
        return Samples(b, scenario) is { } baseSamples && Samples(d, scenario) is { } diffSamples
            ? Statistics.Compare(baseSamples, diffSamples, threshold, higherIsBetter: false) : null;
    }

    /// <summary>Two capacity runs: each configuration's capacity over its repeats, base against diff, by the same test.</summary>
    private static RunComparison CompareCapacity(LoadRunSummary @base, LoadRunSummary diff, bool acrossRuntimes, double threshold)
    {
        Dictionary<string, List<ConfigurationResult>> Searches(LoadRunSummary run) => run.Configurations.Where(r => r.Capacity is not null)
            .GroupBy(r => $"{r.Capacity!.Mix}: {(acrossRuntimes ? RuntimeFree(r.Configuration) : r.Configuration.Label)}").ToDictionary(g => g.Key, g => g.ToList());
        static List<double> Capacities(List<ConfigurationResult> runs) =>
            [.. runs.Where(r => r.Status == ConfigurationStatus.Ok && r.Capacity!.CallsPerSecond is not null).Select(r => r.Capacity!.CallsPerSecond!.Value)];
        var (baseSearches, diffSearches) = (Searches(@base), Searches(diff));
        var rows = new List<Row>();
        var notCompared = new List<string>();
        foreach (var (label, b) in baseSearches)
        {
            if (!diffSearches.TryGetValue(label, out var d)) continue;
            var (bc, dc) = (Capacities(b), Capacities(d));
            if (bc.Count == 0 || dc.Count == 0)
            {
                notCompared.Add($"{label}: {bc.Count} capacities in base, {dc.Count} in diff");
                continue;
            }
            var test = Statistics.Compare(bc, dc, threshold, higherIsBetter: true);
            rows.Add(new Row(label, $"capacity /s ({bc.Count} vs {dc.Count} runs)", Statistics.MedianInterval(bc).Median, Statistics.MedianInterval(dc).Median,
                test, HigherIsBetter: true));
        }
        return new RunComparison(@base.Run.Commit, diff.Run.Commit, rows,
            [.. baseSearches.Keys.Where(l => !diffSearches.ContainsKey(l))], [.. diffSearches.Keys.Where(l => !baseSearches.ContainsKey(l))], notCompared, Warnings(@base, diff));
    }

    public static string Markdown(RunComparison comparison, double threshold)
    {
        var md = new StringBuilder();
        md.AppendLine($"base: commit {comparison.BaseCommit}; diff: commit {comparison.DiffCommit}; threshold {Percent(threshold)}: "
                      + "faster, slower or same where the test (two one-sided tests at the threshold, α 0.05) decides, unknown where it cannot; by the ratio alone where there is one value a side");
        foreach (var warning in comparison.Warnings) md.AppendLine().Append("warning: ").AppendLine(warning);
        md.AppendLine();
        MarkdownTable.Append(md, ["configuration", "metric", "base", "diff", "diff / base", "verdict", "by"], [false, false, true, true, true, false, false],
            comparison.Rows.Select(r => Cells(r, threshold)));
        AppendList(md, "only in base", comparison.OnlyInBase);
        AppendList(md, "only in diff", comparison.OnlyInDiff);
        AppendList(md, "not compared (did not complete in one run)", comparison.NotCompared);
        return md.ToString();
    }

    public static Table Table(RunComparison comparison, double threshold)
    {
        var table = new Table().Title(Markup.Escape($"base {comparison.BaseCommit} against diff {comparison.DiffCommit}, threshold {Percent(threshold)}"));
        table.AddColumn(new TableColumn("configuration").NoWrap());
        table.AddColumn("metric");
        foreach (var header in new[] { "base", "diff", "diff / base" }) table.AddColumn(new TableColumn(header).RightAligned());
        table.AddColumn("verdict");
        table.AddColumn("by");
        foreach (var row in comparison.Rows) table.AddRow(Cells(row, threshold).Select(c => (IRenderable)new Text(c)));
        return table;
    }

    private static IReadOnlyList<string> Cells(Row row, double threshold) =>
    [
        row.Configuration, row.Metric, Figure(row.Metric, row.Base), Figure(row.Metric, row.Diff),
        row.Ratio.ToString("0.00", CultureInfo.InvariantCulture), row.Verdict(threshold), row.How,
    ];

    private static string Figure(string metric, double value) =>
        metric.EndsWith(" ms", StringComparison.Ordinal) ? Numbers.Ms(value) : metric.StartsWith("capacity", StringComparison.Ordinal) ? CapacityReport.Rate(value) : Numbers.Seconds(value);

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
