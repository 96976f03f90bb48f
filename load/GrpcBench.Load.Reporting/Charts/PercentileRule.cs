namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// How many samples a percentile needs to be more than its largest sample: 1 / (1 - p), so p50 needs 2, p95 20,
/// p99 100, p99.9 1,000. Below that a chart leaves it out and says "n &lt; 100".
/// </summary>
public static class PercentileRule
{
    public static int MinimumSamples(double percent) => (int)Math.Ceiling(100 / (100 - percent) - 1e-9);

    public static bool Supports(long samples, double percent) => samples >= MinimumSamples(percent);

    public static string TooFew(double percent) => $"n < {MinimumSamples(percent):#,##0}";
}
