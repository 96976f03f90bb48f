namespace GrpcBench.Load.Analysis;

/// <summary>
/// How many samples a percentile needs to be more than its largest sample: 1 / (1 - p), so p50 needs 2, p95 20,
/// p99 100, p99.9 1,000. Below that no figure rests on it: reports say "n &lt; 100" instead (PercentileRule in Reporting).
/// </summary>
public static class PercentileSamples
{
    public static int MinimumSamples(double percent) => (int)Math.Ceiling(100 / (100 - percent) - 1e-9);

    public static bool Supports(long samples, double percent) => samples >= MinimumSamples(percent);

    /// <summary>The percentiles a headline ratio may use, highest first: p99, or in a short run the highest its calls support.</summary>
    public static readonly IReadOnlyList<double> HeadlinePercents = [99, 95, 90, 50];

    /// <summary>The highest of <see cref="HeadlinePercents"/> that <paramref name="samples"/> support; null under 2.</summary>
    public static double? HighestHeadline(long samples) =>
        HeadlinePercents.Where(p => Supports(samples, p)).Select(p => (double?)p).FirstOrDefault();
}
