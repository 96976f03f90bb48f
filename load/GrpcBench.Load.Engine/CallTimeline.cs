using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>The measured calls of a scenario as <see cref="CallPoint"/>s, thinned evenly to at most <see cref="MaxPoints"/>.</summary>
public static class CallTimeline
{
    public const int MaxPoints = 20_000;

    /// <summary>
    /// Every call when there are at most <see cref="MaxPoints"/>, else every k-th in start order (k not always a
    /// whole number), so that each stretch of the run keeps its share of points.
    /// </summary>
    public static IReadOnlyList<CallPoint> Sampled(IReadOnlyList<CallPoint> calls)
    {
        var ordered = calls.OrderBy(c => c.StartSeconds).ToList();
        if (ordered.Count <= MaxPoints) return ordered;
        var step = (double)ordered.Count / MaxPoints;
        return Enumerable.Range(0, MaxPoints).Select(i => ordered[(int)(i * step)]).ToList();
    }
}
