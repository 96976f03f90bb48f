using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>One figure of one configuration in both runs.</summary>
/// <param name="Base">The median of the figure over the runs (repeats) of base: the figure itself where it ran once.</param>
/// <param name="Units">What the verdict was decided over, and the decision.</param>
public sealed record ComparedRow(string Configuration, string Metric, double Base, double Diff, UnitComparison Units)
{
    public double Ratio => Diff / Base;
}

/// <summary>A configuration in both runs that did not complete in one of them: its repeats in each.</summary>
public sealed record NotCompared(string Configuration, IReadOnlyList<ConfigurationResult> BaseRuns, IReadOnlyList<ConfigurationResult> DiffRuns);

/// <summary>
/// Two runs side by side (<c>compare BASE DIFF --threshold 0.1</c>), configuration by configuration (matched by label,
/// every repeat together), in the manner of dotnet/performance's ResultsComparer: base, diff, diff / base, and a decision
/// from the capacity table's test at the threshold over independent units: the repeats, or where a configuration ran
/// fewer than three times a side, 5 s windows of its calls (<see cref="ComparedMetric.Compare"/>).
/// </summary>
/// <param name="NotCompared">Configurations in both runs that did not complete in one of them.</param>
/// <param name="Warnings">What makes the two runs less comparable: another machine, another offered load.</param>
public sealed record RunComparison(
    string BaseCommit,
    string DiffCommit,
    IReadOnlyList<ComparedRow> Rows,
    IReadOnlyList<string> OnlyInBase,
    IReadOnlyList<string> OnlyInDiff,
    IReadOnlyList<NotCompared> NotCompared,
    IReadOnlyList<ComparisonWarning> Warnings)
{
    /// <param name="acrossRuntimes">Pairs configurations that differ only in their runtimes (CI matrix cells, one runtime each).</param>
    /// <param name="threshold">What the statistical tests decide at: a difference within it is "same".</param>
    /// <remarks>Two capacity runs compare each search's capacity by mix and configuration; any other pair, latencies and CPU.</remarks>
    public static RunComparison Of(LoadRunSummary @base, LoadRunSummary diff, bool acrossRuntimes = false, double threshold = 0.1)
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
        var rows = new List<ComparedRow>();
        var notCompared = new List<NotCompared>();
        foreach (var (label, baseRuns) in baseGroups)
        {
            if (!diffByLabel.TryGetValue(label, out var diffRuns)) continue;
            var (b, d) = (baseRuns.Where(r => r.IsOk()).ToList(), diffRuns.Where(r => r.IsOk()).ToList());
            if (b.Count == 0 || d.Count == 0)
            {
                notCompared.Add(new NotCompared(label, baseRuns, diffRuns));
                continue;
            }
            foreach (var metric in capacity ? [ComparedMetric.Capacity] : ComparedMetric.Of(b[0]))
                if (metric.Values(b) is { Count: > 0 } baseValues && metric.Values(d) is { Count: > 0 } diffValues && Statistics.Median(baseValues) > 0)
                    rows.Add(new ComparedRow(label, metric.Name, Statistics.Median(baseValues), Statistics.Median(diffValues), metric.Compare(b, d, threshold)));
        }
        var baseLabels = baseGroups.Select(g => g.Label).ToHashSet();
        return new RunComparison(@base.Run.Commit, diff.Run.Commit, rows,
            [.. baseGroups.Select(g => g.Label).Where(l => !diffByLabel.ContainsKey(l))],
            [.. diffGroups.Select(g => g.Label).Where(l => !baseLabels.Contains(l))],
            notCompared,
            ComparisonWarning.Of(@base, diff));
    }

    private static string RuntimeFree(LoadConfiguration configuration) =>
        (configuration with { HostRuntime = "any runtime", ClientRuntime = "any runtime" }).Label;
}
