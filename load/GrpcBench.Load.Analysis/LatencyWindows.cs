using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// A run's measured calls cut into consecutive windows of <see cref="Seconds"/> by their start, each window one value
/// (a percentile of its successful calls). Queueing ties a call to the calls just before it; it ties a window's
/// percentile to the next window's far less, so windows can stand in for repeats where a configuration ran once.
/// </summary>
public static class LatencyWindows
{
    public const double Seconds = 5;

    /// <summary>
    /// The <paramref name="percent"/> percentile (nearest rank) of each window's successful calls, in time order,
    /// from the windows with at least <paramref name="minimumCalls"/> of them (a p99 of 20 calls is their largest).
    /// </summary>
    public static IReadOnlyList<double> Percentiles(IEnumerable<CallPoint> calls, double percent, int minimumCalls) =>
    [
        .. calls.Where(c => c.Ok)
            .GroupBy(c => Math.Floor(c.StartSeconds / Seconds))
            .OrderBy(window => window.Key)
            .Select(window => window.Select(c => c.LatencyMs).Order().ToList())
            .Where(latencies => latencies.Count >= minimumCalls)
            .Select(latencies => LatencyStats.Percentile(latencies, percent)),
    ];
}
