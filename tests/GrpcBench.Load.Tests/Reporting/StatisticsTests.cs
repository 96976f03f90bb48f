using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;

namespace GrpcBench.Load.Tests;

public class StatisticsTests
{
    private static readonly double[] Steady = [100, 101, 99, 100, 102];
    private static readonly double[] ThirtyPercentUp = [130, 128, 131, 129, 130];

    [Fact]
    public void Capacity_clearly_higher_is_faster()
    {
        var comparison = Statistics.Compare(Steady, ThirtyPercentUp, 0.1, higherIsBetter: true);

        Assert.Equal(Decision.Faster, comparison.Decision);
        Assert.Equal(1.3, comparison.Ratio, 3);
        Assert.Equal("Welch TOST", comparison.Test);
        Assert.True(comparison.PValue < 0.05);
    }

    [Fact]
    public void Latency_clearly_higher_is_slower()
    {
        var comparison = Statistics.Compare(Steady, ThirtyPercentUp, 0.1, higherIsBetter: false);

        Assert.Equal(Decision.Slower, comparison.Decision);
        Assert.Equal(1.3, comparison.Ratio, 3);
    }

    [Fact]
    public void Latency_clearly_lower_is_faster()
    {
        var comparison = Statistics.Compare(ThirtyPercentUp, Steady, 0.1, higherIsBetter: false);

        Assert.Equal(Decision.Faster, comparison.Decision);
        Assert.Equal(100 / 130.0, comparison.Ratio, 3);
    }

    [Fact]
    public void Three_runs_a_side_can_decide_where_Mann_Whitney_could_not()
    {
        // Exact one-sided Mann-Whitney p at 3 vs 3 is 1/20 at best.
        var comparison = Statistics.Compare([100, 101, 99], [130, 131, 129], 0.1, higherIsBetter: true);

        Assert.Equal(Decision.Faster, comparison.Decision);
        Assert.Equal("Welch TOST", comparison.Test);
    }

    [Fact]
    public void Close_repeats_are_the_same_within_the_threshold()
    {
        var comparison = Statistics.Compare([100, 101, 99, 100], [100.5, 99.5, 100, 101], 0.1, higherIsBetter: true);

        Assert.Equal(Decision.Same, comparison.Decision);
        Assert.True(comparison.PValue < 0.05);
    }

    [Fact]
    public void A_difference_within_the_threshold_is_not_called_faster()
    {
        // 5 % up, clearly so, but the threshold is 10 %: the same.
        var comparison = Statistics.Compare(Steady, [105, 105.5, 104.5, 105, 106], 0.1, higherIsBetter: true);

        Assert.Equal(Decision.Same, comparison.Decision);
    }

    [Fact]
    public void Noisy_repeats_are_unknown()
    {
        var comparison = Statistics.Compare([100, 60, 140], [110, 50, 170], 0.1, higherIsBetter: true);

        Assert.Equal(Decision.Unknown, comparison.Decision);
        Assert.Equal(1.1, comparison.Ratio, 3);
        Assert.True(comparison.PValue >= 0.05);
    }

    [Fact]
    public void One_run_a_side_is_unknown()
    {
        var comparison = Statistics.Compare([100], [150], 0.1, higherIsBetter: true);

        Assert.Equal(Decision.Unknown, comparison.Decision);
        Assert.Equal(1.5, comparison.Ratio, 3);
        Assert.Null(comparison.PValue);
    }

    [Fact]
    public void Many_latencies_with_a_higher_median_are_slower()
    {
        var comparison = Statistics.Compare(LogNormal(2_000, median: 10, seed: 1), LogNormal(2_000, median: 12, seed: 2), 0.05, higherIsBetter: false);

        Assert.Equal(Decision.Slower, comparison.Decision);
        Assert.Equal("Mann-Whitney TOST", comparison.Test);
        Assert.InRange(comparison.Ratio, 1.15, 1.25);
    }

    [Fact]
    public void Many_latencies_with_a_lower_median_are_faster()
    {
        var comparison = Statistics.Compare(LogNormal(2_000, median: 12, seed: 1), LogNormal(2_000, median: 10, seed: 2), 0.05, higherIsBetter: false);

        Assert.Equal(Decision.Faster, comparison.Decision);
    }

    [Fact]
    public void Many_latencies_with_the_same_median_are_the_same()
    {
        var comparison = Statistics.Compare(LogNormal(2_000, median: 10, seed: 3), LogNormal(2_000, median: 10, seed: 4), 0.1, higherIsBetter: false);

        Assert.Equal(Decision.Same, comparison.Decision);
        Assert.Equal("Mann-Whitney TOST", comparison.Test);
    }

    [Fact]
    public void Tens_of_thousands_of_identically_distributed_latencies_are_the_same()
    {
        // Where Perfolizer 0.6.1's Mann-Whitney overflows (p = 0 or NaN).
        var comparison = Statistics.Compare(LogNormal(20_000, median: 10, seed: 5), LogNormal(20_000, median: 10, seed: 6), 0.05, higherIsBetter: false);

        Assert.Equal(Decision.Same, comparison.Decision);
    }

    [Fact]
    public void Few_noisy_latencies_are_unknown()
    {
        var comparison = Statistics.Compare(LogNormal(20, median: 10, seed: 7, sigma: 1), LogNormal(20, median: 11, seed: 8, sigma: 1), 0.05, higherIsBetter: false);

        Assert.Equal(Decision.Unknown, comparison.Decision);
        Assert.Equal("Mann-Whitney TOST", comparison.Test);
    }

    [Fact]
    public void Three_runs_give_their_range_and_say_so()
    {
        var interval = Statistics.MedianInterval([44.9, 38, 41.2]);

        Assert.Equal(new Interval(41.2, 38, 44.9, 3), interval);
        Assert.Equal("range of 3 runs", interval.Kind);
        Assert.Equal("41.2 [38, 44.9]", interval.Describe());
        Assert.Equal("41.20 [38.00, 44.90]", interval.Describe("0.00"));
    }

    [Fact]
    public void One_run_has_no_interval()
    {
        var interval = Statistics.MedianInterval([41.23]);

        Assert.Equal(new Interval(41.23, 41.23, 41.23, 1), interval);
        Assert.Equal("1 run", interval.Kind);
        Assert.Equal("41.2 (1 run, no interval)", interval.Describe());
    }

    [Fact]
    public void Six_runs_are_the_fewest_whose_range_is_a_95_percent_interval()
    {
        Assert.Equal("range of 5 runs", Statistics.MedianInterval([1, 2, 3, 4, 5]).Kind);
        Assert.Equal("95 % CI", Statistics.MedianInterval([1, 2, 3, 4, 5, 6]).Kind);
    }

    [Fact]
    public void Twenty_runs_give_a_confidence_interval_narrower_than_their_range()
    {
        double[] samples = [.. Enumerable.Range(1, 20).Select(i => (double)(i * 7 % 20 + 1))]; // 1..20, shuffled

        var interval = Statistics.MedianInterval(samples);

        Assert.Equal(10.5, interval.Median);
        Assert.Equal("95 % CI", interval.Kind);
        Assert.True(interval.Lower <= interval.Median && interval.Median <= interval.Upper);
        Assert.True(interval.Lower > 1 && interval.Upper < 20);
        // x(6) and x(15): 1 - 2·P(Binomial(20, ½) ≤ 5) = 95.9 %; x(7), x(14) would be 88.5 %.
        Assert.Equal((6, 15), (interval.Lower, interval.Upper));
    }

    [Fact]
    public void The_ratio_of_few_runs_spans_all_their_pairs()
    {
        var interval = Statistics.RatioInterval([100, 101, 99], [130, 128, 131]);

        Assert.Equal(1.3, interval.Median, 6);
        Assert.Equal(128 / 101.0, interval.Lower, 6);
        Assert.Equal(131 / 99.0, interval.Upper, 6);
        Assert.Equal("range of 9 ratios", interval.Kind);
        Assert.Equal("1.3 [1.27, 1.32]", interval.Describe("0.0#"));
    }

    [Fact]
    public void Six_runs_a_side_are_the_fewest_for_a_ratio_confidence_interval()
    {
        Assert.Equal("range of 30 ratios", Statistics.RatioInterval([100, 101, 99, 100, 102], [130, 128, 131, 129, 130, 127]).Kind);

        var interval = Statistics.RatioInterval([100, 101, 99, 100, 102, 98], [130, 128, 131, 129, 130, 127]);

        Assert.Equal("95 % CI", interval.Kind);
        Assert.InRange(interval.Median, interval.Lower, interval.Upper);
        Assert.InRange(interval.Lower, 1.2, 1.3);
        Assert.InRange(interval.Upper, 1.3, 1.4);
    }

    [Fact]
    public void The_ratio_of_one_run_a_side_is_that_ratio()
    {
        var interval = Statistics.RatioInterval([200], [300]);

        Assert.Equal(new Interval(1.5, 1.5, 1.5, 1), interval);
    }

    [Fact]
    public void The_ratio_of_many_values_has_a_confidence_interval_inside_the_pairs_range()
    {
        double[] baseline = LogNormal(100, median: 10, seed: 9), diff = LogNormal(100, median: 13, seed: 10);

        var interval = Statistics.RatioInterval(baseline, diff);

        Assert.Equal("95 % CI", interval.Kind);
        Assert.InRange(1.3, interval.Lower, interval.Upper);
        Assert.True(interval.Lower > 1, "a 30 % difference on 100 values a side");
        Assert.True(interval.Lower > diff.Min() / baseline.Max() && interval.Upper < diff.Max() / baseline.Min());
    }

    /// <summary>Latency-like values: log-normal with this median, from a fixed seed.</summary>
    private static double[] LogNormal(int count, double median, int seed, double sigma = 0.5)
    {
        var random = new Random(seed);
        return [.. Enumerable.Range(0, count).Select(_ =>
        {
            double normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble()); // Box-Muller
            return median * Math.Exp(sigma * normal);
        })];
    }
}
