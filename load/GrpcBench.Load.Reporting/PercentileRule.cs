namespace GrpcBench.Load.Reporting;

/// <summary>
/// A percentile that rests on too few calls (<see cref="PercentileSamples"/>) is never printed as a number: it reads
/// "n &lt; 100" instead.
/// </summary>
public static class PercentileRule
{
    public static string TooFew(double percent) => $"n < {PercentileSamples.MinimumSamples(percent):#,##0}";

    /// <summary>Percentile <paramref name="percent"/> of <paramref name="latency"/> in ms, or "n &lt; 100" when it rests on too few calls.</summary>
    public static string Ms(LatencyStats latency, double percent) =>
        PercentileSamples.Supports(latency.Count, percent) ? Numbers.Ms(latency.At(percent)) : TooFew(percent);
}
