using System.Text.Json;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

public class LatencyStatsTests
{
    private static IEnumerable<double> Range(int from, int to) => Enumerable.Range(from, to - from + 1).Select(i => (double)i);

    [Fact]
    public void Percentiles_of_1_to_100_are_the_nearest_ranks_whatever_the_input_order()
    {
        var shuffled = Range(1, 100).OrderBy(x => (x * 37) % 101);

        var stats = LatencyStats.Of(shuffled);

        Assert.Equal(new LatencyStats(100, 1, 50.5, 100, Math.Sqrt(833.25), 50, 75, 95, 99, 100, 90), stats);
    }

    [Fact]
    public void P99_9_of_1_to_1000_is_999_exactly()
    {
        var stats = LatencyStats.Of(Range(1, 1000));

        Assert.Equal((500, 990, 999), (stats.P50, stats.P99, stats.P999));
    }

    [Theory]
    [InlineData(0, 1)]
    [InlineData(10, 1)]
    [InlineData(10.0001, 2)]
    [InlineData(50, 5)]
    [InlineData(100, 10)]
    public void Percentile_is_the_smallest_sample_with_that_share_at_or_below_it(double percent, double expected) =>
        Assert.Equal(expected, LatencyStats.Percentile(Range(1, 10).ToArray(), percent));

    [Fact]
    public void StdDev_is_that_of_the_samples_themselves()
    {
        var stats = LatencyStats.Of([2, 4, 4, 4, 5, 5, 7, 9]);

        Assert.Equal((5, 2), (stats.Mean, stats.StdDev));
    }

    [Fact]
    public void One_sample_is_every_statistic()
    {
        Assert.Equal(new LatencyStats(1, 7, 7, 7, 0, 7, 7, 7, 7, 7, 7), LatencyStats.Of([7]));
    }

    [Fact]
    public void No_samples_give_zeros_that_serialize()
    {
        var stats = LatencyStats.Of([]);

        Assert.Equal(LatencyStats.Empty, stats);
        Assert.Equal(0, stats.P99);
        Assert.Contains("\"P999\":0", JsonSerializer.Serialize(stats));
        Assert.Throws<ArgumentException>(() => LatencyStats.Percentile([], 50));
    }
}
