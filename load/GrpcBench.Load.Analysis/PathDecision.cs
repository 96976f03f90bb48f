namespace GrpcBench.Load.Analysis;

/// <summary>
/// Whether a change helps on top of the path so far: the ratio of the geometric means of its saturated runs with and
/// without it (interleaved), judged with the run spread pooled over the screen's residuals and these runs' own. The
/// screen's many degrees of freedom make a few confirming runs enough to decide.
/// </summary>
public static class PathDecision
{
    /// <param name="screenSpread">The screen's residual standard deviation of log throughput (one run's coefficient of variation); null where the screen did not fit.</param>
    /// <param name="screenDegreesOfFreedom">What that spread was estimated with.</param>
    public static Effect? Of(IReadOnlyList<double> before, IReadOnlyList<double> with, double? screenSpread, int screenDegreesOfFreedom, double threshold)
    {
        var (b, w) = (Logs(before), Logs(with));
        if (b.Length == 0 || w.Length == 0) return null;
        double SquaredDeviations(double[] logs) => logs.Sum(x => (x - logs.Average()) * (x - logs.Average()));
        var ownDf = b.Length - 1 + w.Length - 1;
        var pooledDf = (screenSpread is null ? 0 : screenDegreesOfFreedom) + ownDf;
        if (pooledDf < 1) return null;
        var variance = ((screenSpread is { } s ? screenDegreesOfFreedom * s * s : 0) + SquaredDeviations(b) + SquaredDeviations(w)) / pooledDf;
        return Effect.Of(w.Average() - b.Average(), Math.Sqrt(variance * (1.0 / b.Length + 1.0 / w.Length)), pooledDf, threshold);
    }

    private static double[] Logs(IReadOnlyList<double> values) => [.. values.Where(v => v > 0).Select(v => Math.Log(v))];
}
