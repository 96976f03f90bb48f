using GrpcBench.Load.Engine;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// How many samples a percentile needs to be more than its largest sample: 1 / (1 - p), so p50 needs 2, p95 20,
/// p99 100, p99.9 1,000. Below that no report prints it as a number: it says "n &lt; 100" instead.
/// </summary>
public static class PercentileRule
{
    public static int MinimumSamples(double percent) => (int)Math.Ceiling(100 / (100 - percent) - 1e-9);

    public static bool Supports(long samples, double percent) => samples >= MinimumSamples(percent);

    public static string TooFew(double percent) => $"n < {MinimumSamples(percent):#,##0}";

    /// <summary>Percentile <paramref name="percent"/> of <paramref name="latency"/> in ms, or "n &lt; 100" when it rests on too few calls.</summary>
    public static string Ms(LatencyStats latency, double percent) =>
        Supports(latency.Count, percent) ? Numbers.Ms(latency.At(percent)) : TooFew(percent);
}
