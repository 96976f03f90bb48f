using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// Files written before each capacity search's limit and physics check were kept, completed from the searches they
/// hold, so that every reading names them: a capacity table's row gets them from its configuration's searches of its
/// mix; a migration path's search from the search among the run's configurations on the same runtime that held the same
/// rate and missed the same rate above it (where none or several with different limits match, it stays unnamed).
/// </summary>
public static class OlderSummaries
{
    public static LoadRunSummary Complete(LoadRunSummary summary) => WithPathLimits(WithCapacityLimits(summary));

    private static LoadRunSummary WithCapacityLimits(LoadRunSummary summary)
    {
        if (summary.Capacity is not { } capacity || capacity.Mixes.All(m => m.Rows.All(r => r.Limits.Count > 0 || r.Runs == 0))) return summary;
        return summary.WithCapacity(capacity with
        {
            Mixes = [.. capacity.Mixes.Select(mix => mix with
            {
                Rows = [.. mix.Rows.Select(row =>
                {
                    if (row.Limits.Count > 0) return row;
                    var searches = summary.Configurations.Where(r => r.Status == ConfigurationStatus.Ok && r.Capacity is { CallsPerSecond: not null } c && c.Mix == mix.Mix
                                                                     && r.Configuration.Label == row.Configuration.Label).ToList();
                    return row with { Limits = [.. searches.Select(r => r.Capacity!.Limit)], PhysicsAtCapacity = CapacityTable.SpreadOf(searches.Select(CapacityTable.Physics)) };
                })],
            })],
        });
    }

    private static LoadRunSummary WithPathLimits(LoadRunSummary summary)
    {
        if (summary.Advice is not { } advice || advice.All(a => a.Path is null || Known(a.Path))) return summary;
        return summary.WithAdvice([.. advice.Select(a => a.Path is not { } path || Known(path) ? a : a with
        {
            Path = path with
            {
                Steps = [.. path.Steps.Select(s => s with { Capacity = Named(s.Capacity, summary, a.Runtime) })],
                EndSearches = [.. path.EndSearches.Select(s => Named(s, summary, a.Runtime)!)],
                Bounds = [.. path.Bounds.Select(b => b with { Searches = [.. b.Searches.Select(s => Named(s, summary, a.Runtime)!)] })],
            },
        })]);
    }

    private static bool Known(MigrationPath path) =>
        path.EndSearches.Concat(path.Bounds.SelectMany(b => b.Searches)).All(s => s.Limit is not null || s.Held is null);

    private static SearchedCapacity? Named(SearchedCapacity? search, LoadRunSummary summary, string runtime)
    {
        if (search is not { Held: { } held, Limit: null }) return search;
        var matches = summary.Configurations
            .Where(r => r.Configuration.HostRuntime == runtime && r.Capacity is { } c && c.CallsPerSecond == held && c.FirstMissed?.OfferedPerSecond == search.Missed)
            .ToList();
        return matches.Select(m => m.Capacity!.Limit).Distinct().Count() == 1
            ? search with
            {
                Limit = matches[0].Capacity!.Limit, HostBusy = matches[0].Capacity!.ServerUtilization, WorkerBusy = matches[0].Capacity!.ClientUtilization,
                Physics = CapacityTable.Physics(matches[0]),
            }
            : search;
    }
}
