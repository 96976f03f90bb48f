using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Tests;

public class ChartAxisTests
{
    [Fact]
    public void Values_spanning_more_than_50_times_get_a_log_axis_by_decades()
    {
        var axis = ChartAxis.For([3.2, 601, 4387]);

        Assert.True(axis.IsLog);
        Assert.Equal([1, 10, 100, 1000, 10000], axis.Ticks);
        Assert.Equal(0.5, axis.Position(100), 9);
    }

    [Fact]
    public void Values_within_50_times_get_a_linear_axis_from_zero_with_round_ticks()
    {
        var axis = ChartAxis.For([0.4, 7.3, 1.0]);

        Assert.False(axis.IsLog);
        Assert.Equal([0, 2, 4, 6, 8], axis.Ticks);
        Assert.Equal(0.5, axis.Position(4), 9);
    }

    [Fact]
    public void No_value_at_all_still_gives_an_axis()
    {
        var axis = ChartAxis.For([double.NaN]);

        Assert.False(axis.IsLog);
        Assert.Equal(0, axis.Position(double.NaN));
    }
}
