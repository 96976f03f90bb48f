namespace GrpcBench.Load.Analysis;

/// <summary>
/// A change against the default in blocks of four runs, default, change, change, default (ABBA: a linear drift touches
/// both sides alike), judged on the log of the response with a run's spread known from elsewhere (a screen's pooled
/// residual), after each block, until decided or out of blocks.
/// </summary>
public static class PairedComparison
{
    /// <param name="defaults">Every default run's response so far.</param>
    /// <param name="changed">Every changed run's.</param>
    /// <param name="runSpread">A run's standard deviation of log response, and the degrees of freedom it was estimated with.</param>
    /// <param name="maxBlocks">The looks the comparison may take: the test's 5 % is split among them.</param>
    public static Effect Judge(IReadOnlyList<double> defaults, IReadOnlyList<double> changed, double runSpread, int degreesOfFreedom, double threshold, int maxBlocks)
    {
        if (defaults.Count == 0 || changed.Count == 0) throw new ArgumentException("both sides need a run");
        var effect = changed.Average(v => Math.Log(v)) - defaults.Average(v => Math.Log(v));
        var error = runSpread * Math.Sqrt(1.0 / defaults.Count + 1.0 / changed.Count);
        return Effect.Of(effect, error, degreesOfFreedom, threshold, maxBlocks);
    }
}
