namespace GrpcBench.Load.Results;

/// <summary>
/// Order statistics of latencies in milliseconds. Percentiles are nearest rank: the smallest sample with at least that
/// share of the samples at or below it. <see cref="Of"/> computes them exactly over every sample; a run's recorder reads
/// them from an HdrHistogram, within 0.1 % (the engine's <c>ValueHistogram</c>). All zero when Count is 0.
/// Also used for a step's other measures (records per call, records per second), in their own units.
/// </summary>
/// <param name="P90">Last and nullable: summaries written before it read as null (not measured), never as 0.</param>
public sealed record LatencyStats(int Count, double Min, double Mean, double Max, double StdDev, double P50, double P75, double P95, double P99, double P999,
    double? P90 = null)
{
    public static readonly LatencyStats Empty = new(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public static LatencyStats Of(IEnumerable<double> milliseconds)
    {
        var sorted = milliseconds.ToArray();
        if (sorted.Length == 0) return Empty;
        Array.Sort(sorted);
        var mean = sorted.Average();
        var stdDev = Math.Sqrt(sorted.Sum(x => (x - mean) * (x - mean)) / sorted.Length);
        return new(sorted.Length, sorted[0], mean, sorted[^1], stdDev,
            Percentile(sorted, 50), Percentile(sorted, 75), Percentile(sorted, 95), Percentile(sorted, 99), Percentile(sorted, 99.9), Percentile(sorted, 90));
    }

    /// <summary>The percentile kept for <paramref name="percent"/>: 50, 75, 90, 95, 99 or 99.9; NaN for a p90 an older summary lacks.</summary>
    public double At(double percent) => percent switch
    {
        50 => P50,
        75 => P75,
        90 => P90 ?? double.NaN,
        95 => P95,
        99 => P99,
        99.9 => P999,
        _ => throw new ArgumentOutOfRangeException(nameof(percent), percent, "kept: 50, 75, 90, 95, 99, 99.9"),
    };

    /// <summary>Nearest-rank percentile of samples already sorted ascending; <paramref name="percent"/> from 0 to 100.</summary>
    public static double Percentile(IReadOnlyList<double> sorted, double percent)
    {
        if (sorted.Count == 0) throw new ArgumentException("no samples", nameof(sorted));
        return sorted[(int)NearestRank(percent, sorted.Count) - 1];
    }

    /// <summary>The rank, from 1 to <paramref name="count"/>, of the smallest of that many sorted values with at least <paramref name="percent"/> % at or below it.</summary>
    public static long NearestRank(double percent, long count)
    {
        // In decimal: in double, 99.9 / 100 * 1000 is 999.0000000000001, whose ceiling is one rank too high.
        var rank = (long)Math.Ceiling((decimal)percent / 100 * count);
        return Math.Clamp(rank, 1, count);
    }
}
