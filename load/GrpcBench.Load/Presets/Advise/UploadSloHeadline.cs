using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// The headline's second capacity: the uploads within their own SLO, getInt beside them at its fixed rate with its p99
/// shown and not bound. Beside the story's mix SLO it tells the two limits apart: every committed Grpc.Core search
/// ended on getInt's p99 bound (the tail of 50 small calls a second), every search of the path's end on the uploads'.
/// </summary>
public static class UploadSloHeadline
{
    /// <summary>The SLO with getInt's p99 measured and not bound.</summary>
    public static CapacitySlo Slo(CapacitySlo slo) => slo with { Unbounded = [ScenarioNames.GetInt] };

    /// <summary>The mix whose probes no longer stop early on getInt's p99.</summary>
    public static CapacityMix Mix(CapacityMix mix) => mix with
    {
        Load = mix.Load with { StopBeyondP99Ms = mix.Load.StopBeyondP99Ms?.Where(b => b.Key != ScenarioNames.GetInt).ToDictionary(b => b.Key, b => b.Value) },
    };

    /// <summary>Whether a probe of <paramref name="search"/> missed on getInt's p99: without that bound it could have held, so the search must be made again.</summary>
    public static bool GetIntBounded(ConfigurationResult search) =>
        search.Capacity?.Probes.Any(p => p.Missed is { } missed && CapacityLimit.Of(missed) == $"{ScenarioNames.GetInt} p99") == true;

    /// <summary>getInt's p99 at the rate <paramref name="search"/> held; null where it held none or getInt was not there.</summary>
    public static double? GetIntP99AtCapacity(ConfigurationResult search) =>
        search.Capacity?.AtCapacity?.Scenarios.FirstOrDefault(s => s.Name == ScenarioNames.GetInt) is { Latency.Count: > 0 } getInt ? getInt.Latency.P99 : null;

    /// <summary>
    /// The capacity within the uploads' SLO of a configuration searched on the mix as <paramref name="mixSearches"/>: those
    /// searches themselves where no probe missed on getInt's p99 (every probe decides alike without it), else
    /// <paramref name="searchAgain"/>'s one search; null where there is nothing to show.
    /// </summary>
    public static async Task<UploadSloCapacity?> OfAsync(string name, IReadOnlyList<ConfigurationResult> mixSearches, Func<Task<ConfigurationResult>?> searchAgain)
    {
        if (mixSearches.Count == 0) return null;
        var same = !mixSearches.Any(GetIntBounded);
        var searches = same ? mixSearches : searchAgain() is { } again ? [await again] : [];
        if (searches.Count == 0) return null;
        var p99s = searches.Select(GetIntP99AtCapacity).OfType<double>().ToList();
        return new UploadSloCapacity(name, [.. searches.Select(PathSearch.Capacity).OfType<SearchedCapacity>()], same, p99s.Count == 0 ? null : Statistics.Median(p99s));
    }
}
