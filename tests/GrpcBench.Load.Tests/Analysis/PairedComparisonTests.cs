using GrpcBench.Load.Analysis;

namespace GrpcBench.Load.Tests.Analysis;

public class PairedComparisonTests
{
    [Fact]
    public void A_change_far_beyond_the_spread_helps_one_within_it_has_no_effect_and_one_between_is_undecided()
    {
        double[] defaults = [20, 20.4, 19.8, 20.2];

        Assert.Equal(EffectVerdict.Helps, PairedComparison.Judge(defaults, [27, 27.4], runSpread: 0.04, degreesOfFreedom: 20, threshold: 0.1, maxBlocks: 2).Verdict);
        Assert.Equal(EffectVerdict.Hurts, PairedComparison.Judge(defaults, [14, 14.2], 0.04, 20, 0.1, 2).Verdict);
        Assert.Equal(EffectVerdict.NoEffect, PairedComparison.Judge([.. defaults, .. defaults], [20.1, 19.9, 20.2, 20], 0.02, 20, 0.1, 2).Verdict);
        Assert.Equal(EffectVerdict.CouldNotTell, PairedComparison.Judge(defaults, [21.6, 21.8], 0.04, 20, 0.1, 2).Verdict);
    }

    [Fact]
    public void The_more_looks_a_comparison_may_take_the_wider_each_looks_interval()
    {
        var once = PairedComparison.Judge([20, 20], [22, 22], 0.04, 20, 0.1, maxBlocks: 1);
        var ofThree = PairedComparison.Judge([20, 20], [22, 22], 0.04, 20, 0.1, maxBlocks: 3);

        Assert.Equal(once.Ratio, ofThree.Ratio, 10);
        Assert.True(ofThree.Upper / ofThree.Lower > once.Upper / once.Lower);
        Assert.InRange(once.Ratio, 1.0999, 1.1001);
    }
}
