namespace GrpcBench.Load.Analysis;

/// <summary>
/// How many samples a percentile needs to be more than its largest sample: 1 / (1 - p), so p50 needs 2, p95 20,
/// p99 100, p99.9 1,000. Below that no figure rests on it: reports say "n &lt; 100" instead (PercentileRule in Reporting).
/// </summary>
public static class PercentileSamples
{
    public static int MinimumSamples(double percent) => (int)Math.Ceiling(100 / (100 - percent) - 1e-9);

    public static bool Supports(long samples, double percent) => samples >= MinimumSamples(percent);
}
