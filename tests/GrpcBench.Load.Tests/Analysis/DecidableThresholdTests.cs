using GrpcBench.Load.Analysis;

namespace GrpcBench.Load.Tests.Analysis;

public class DecidableThresholdTests
{
    [Theory]
    [InlineData(0.05, 12, 0.10)] // exp(2.7 x 2 x 5 % / sqrt(12)) - 1 = 8.1 %: the asked 10 % holds
    [InlineData(0.10, 12, 0.17)] // 16.9 %, rounded up to 17 %: the screen can decide no closer
    public void A_screen_decides_at_the_asked_threshold_or_the_closest_its_spread_allows(double spread, int runs, double expected) =>
        Assert.Equal(expected, ScreenStatistics.DecidableThreshold(0.1, spread, runs), precision: 6);

    [Fact]
    public void Runs_that_spread_beyond_a_factor_of_two_get_the_widest_threshold_a_test_takes_not_more()
    {
        // A busy machine's early runs: 5.84 unbounded, which Statistics.Compare refuses.
        var threshold = ScreenStatistics.DecidableThreshold(0.1, 1.5, 2);

        Assert.Equal(ScreenStatistics.WidestThreshold, threshold);
        Assert.Equal(Decision.Same, Statistics.Compare([10, 11, 12], [11, 12, 13], threshold, higherIsBetter: true).Decision);
    }
}
