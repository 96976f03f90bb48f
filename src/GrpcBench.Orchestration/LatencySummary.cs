namespace GrpcBench.Orchestration;

/// <summary>Order statistics of a set of latencies, in milliseconds (nearest-rank percentiles).</summary>
public sealed record LatencySummary(int Count, double Min, double Mean, double P50, double P90, double P99, double Max)
{
    public static LatencySummary Of(IReadOnlyCollection<double> milliseconds)
    {
        if (milliseconds.Count == 0) return new(0, double.NaN, double.NaN, double.NaN, double.NaN, double.NaN, double.NaN);
        var sorted = milliseconds.Order().ToArray();
        double Rank(double p) => sorted[Math.Max(0, (int)Math.Ceiling(p * sorted.Length) - 1)];
        return new(sorted.Length, sorted[0], sorted.Average(), Rank(0.50), Rank(0.90), Rank(0.99), sorted[^1]);
    }
}
