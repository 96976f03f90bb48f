using System.Globalization;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// Two runs side by side (<c>compare BASE DIFF --threshold 0.1</c>), configuration by configuration (matched by label,
/// every repeat together), in the manner of dotnet/performance's ResultsComparer: base, diff, diff / base, and a verdict
/// from the capacity table's test at the threshold over independent units: the repeats, or where a configuration ran
/// fewer than three times a side, 5 s windows of its calls (<see cref="ComparedMetric.Compare"/>). Each row says which
/// units and how many; with fewer than three a side it says "too few to decide".
/// </summary>
public static class ResultsComparison
{
    /// <param name="Base">The median of the figure over the runs (repeats) of base: the figure itself where it ran once.</param>
    /// <param name="Units">What the verdict was decided over, and the decision.</param>
    public sealed record Row(string Configuration, string Metric, double Base, double Diff, UnitComparison Units)
    {
        public const string TooFewToDecide = "too few to decide";

        public double Ratio => Diff / Base;

        /// <summary>"faster", "slower", "same", "unknown" (too noisy to tell), or <see cref="TooFewToDecide"/>.</summary>
        public string Verdict => Units.Test is { } test ? test.Decision.ToString().ToLowerInvariant() : TooFewToDecide;

        /// <summary>"6 vs 6 windows of 5 s", "3 vs 3 repeats", "1 run a side".</summary>
        public string UnitsCounted => Units.Unit switch
        {
            ComparisonUnit.Window => $"{Units.BaseCount} vs {Units.DiffCount} windows of {LatencyWindows.Seconds.ToString(CultureInfo.InvariantCulture)} s",
            ComparisonUnit.Repeat => $"{Units.BaseCount} vs {Units.DiffCount} repeats",
            _ => "1 run a side",
        };

        /// <summary>The test with its p and the units' ratio with its interval; or why there is no test.</summary>
        public string How => Units.Test is not { } test ? $"no test: under {UnitComparison.MinimumPerSide} a side"
            : (test.PValue is { } p ? $"{test.Test}, p {p.ToString("0.###", CultureInfo.InvariantCulture)}" : test.Test)
              + (Units.RatioInterval is { } ratio ? $"; units' ratio {ratio.Describe("0.00")} ({ratio.Kind})" : "");
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

    /// <summary>Reads summary.json of both folders, with the calls beside them.</summary>
    public static RunComparison Compare(string baseFolder, string diffFolder, bool acrossRuntimes = false, double threshold = 0.1) =>
        Compare(SummaryFile.Read(baseFolder), SummaryFile.Read(diffFolder), acrossRuntimes, threshold);

    /// <param name="acrossRuntimes">Pairs configurations that differ only in their runtimes (CI matrix cells, one runtime each).</param>
    /// <param name="threshold">What the statistical tests decide at: a difference within it is "same".</param>
    /// <remarks>Two capacity runs compare each search's capacity by mix and configuration; any other pair, latencies and CPU.</remarks>
    public static RunComparison Compare(LoadRunSummary @base, LoadRunSummary diff, bool acrossRuntimes = false, double threshold = 0.1)
    {
        var capacity = @base.Capacity is not null && diff.Capacity is not null;
        string LabelOf(ConfigurationResult r)
        {
            var label = acrossRuntimes ? RuntimeFree(r.Configuration) : r.Configuration.Label;
            return capacity ? $"{r.Capacity!.Mix}: {label}" : label;
        }
        List<(string Label, List<ConfigurationResult> Runs)> Groups(LoadRunSummary run) =>
            RepeatRows.Groups(run.Configurations.Where(r => !capacity || r.Capacity is not null), LabelOf);

        var (baseGroups, diffGroups) = (Groups(@base), Groups(diff));
        var diffByLabel = diffGroups.ToDictionary(g => g.Label, g => g.Runs);
        var rows = new List<Row>();
        var notCompared = new List<string>();
        foreach (var (label, baseRuns) in baseGroups)
        {
            if (!diffByLabel.TryGetValue(label, out var diffRuns)) continue;
            var (b, d) = (baseRuns.Where(r => r.IsOk()).ToList(), diffRuns.Where(r => r.IsOk()).ToList());
            if (b.Count == 0 || d.Count == 0)
            {
                notCompared.Add($"{label}: {Statuses(baseRuns)} in base, {Statuses(diffRuns)} in diff");
                continue;
            }
            foreach (var metric in capacity ? [ComparedMetric.Capacity] : ComparedMetric.Of(b[0]))
                if (metric.Values(b) is { Count: > 0 } baseValues && metric.Values(d) is { Count: > 0 } diffValues && Statistics.Median(baseValues) > 0)
                    rows.Add(new Row(label, metric.Name, Statistics.Median(baseValues), Statistics.Median(diffValues), metric.Compare(b, d, threshold)));
        }
        var baseLabels = baseGroups.Select(g => g.Label).ToHashSet();
        return new RunComparison(@base.Run.Commit, diff.Run.Commit, rows,
            [.. baseGroups.Select(g => g.Label).Where(l => !diffByLabel.ContainsKey(l))],
            [.. diffGroups.Select(g => g.Label).Where(l => !baseLabels.Contains(l))],
            notCompared,
            Warnings(@base, diff));
    }

    /// <summary>"ok", "failed: the host exited", or each repeat's where they differ.</summary>
    private static string Statuses(IEnumerable<ConfigurationResult> runs) => string.Join("; ", runs.Select(r => r.StatusWithReason()).Distinct());

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
}
