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

public class ThresholdDecidingTests
{
    /// <summary>A 95 % interval of standard error <paramref name="se"/> (log) around 1, on so many degrees of freedom that t95 is 1.962.</summary>
    private static (double Lower, double Upper) Interval(double se) => (Math.Exp(-1.962 * se), Math.Exp(1.962 * se));

    [Fact]
    public void Where_nine_values_in_ten_are_decidable_at_the_asked_threshold_it_stands()
    {
        // SE 2 %: (1.962 + 1.646) x 2 % = 7.2 %, exp - 1 = 7.5 %; one value of SE 5 % (19.8 %) is the tenth.
        var intervals = Enumerable.Repeat(Interval(0.02), 9).Append(Interval(0.05)).ToList();

        Assert.Equal(0.10, ScreenStatistics.ThresholdDeciding(0.10, intervals, 1000), precision: 6);
    }

    [Fact]
    public void Where_two_values_in_ten_have_wide_intervals_it_widens_to_what_guarantees_nine_a_verdict()
    {
        // SE 3 %: exp(3.608 x 3 %) - 1 = 11.4 %, rounded up to 12 %.
        var intervals = Enumerable.Repeat(Interval(0.02), 8).Concat(Enumerable.Repeat(Interval(0.03), 2)).ToList();

        var threshold = ScreenStatistics.ThresholdDeciding(0.10, intervals, 1000);

        Assert.Equal(0.12, threshold, precision: 6);
        // At it, a value of that interval is decided wherever its estimate lies: no effect near 1, helps once its interval clears 1.
        foreach (var estimate in new[] { 0.0, 0.03, 0.058, 0.059, 0.08 })
            Assert.NotEqual(EffectVerdict.CouldNotTell, Effect.Of(estimate, 0.03, 1000, threshold).Verdict);
        Assert.Equal(EffectVerdict.CouldNotTell, Effect.Of(0.058, 0.03, 1000, 0.10).Verdict);
    }

    [Fact]
    public void Intervals_too_wide_for_any_threshold_below_a_factor_of_two_get_the_widest()
    {
        Assert.Equal(ScreenStatistics.WidestThreshold, ScreenStatistics.ThresholdDeciding(0.10, [Interval(0.5), Interval(0.5)], 20));
    }
}
