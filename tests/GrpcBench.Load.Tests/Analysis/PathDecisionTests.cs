using GrpcBench.Load.Analysis;

namespace GrpcBench.Load.Tests.Analysis;

public class PathDecisionTests
{
    [Fact]
    public void A_gain_well_past_the_spread_helps_with_its_ratio_inside_the_interval()
    {
        var effect = PathDecision.Of([20, 21, 19.5], [28, 29.5, 27.8], screenSpread: 0.08, screenDegreesOfFreedom: 30, threshold: 0.1)!;

        Assert.Equal(EffectVerdict.Helps, effect.Verdict);
        Assert.InRange(effect.Ratio, 1.38, 1.43);
        Assert.True(effect.Lower > 1 && effect.Lower < effect.Ratio && effect.Upper > effect.Ratio);
    }

    [Fact]
    public void The_screens_spread_decides_what_three_runs_alone_could_not()
    {
        // The same runs: with a tight screen spread and many degrees of freedom the 8 % gain is decided; with the runs'
        // own two degrees of freedom a side it is not.
        double[] before = [20, 20.6, 19.8], with = [21.6, 22.0, 21.4];

        Assert.Equal(EffectVerdict.Helps, PathDecision.Of(before, with, 0.02, 40, 0.1)!.Verdict);
        Assert.Equal(EffectVerdict.CouldNotTell, PathDecision.Of(before, with, 0.15, 40, 0.1)!.Verdict);
    }

    [Fact]
    public void The_same_configuration_twice_is_no_effect_and_a_loss_hurts()
    {
        Assert.Equal(EffectVerdict.NoEffect, PathDecision.Of([20, 20.4, 19.9], [20.1, 19.8, 20.3], 0.02, 40, 0.1)!.Verdict);
        Assert.Equal(EffectVerdict.Hurts, PathDecision.Of([20, 20.4, 19.9], [15.1, 15.6, 15.3], 0.02, 40, 0.1)!.Verdict);
    }

    [Fact]
    public void Without_runs_on_either_side_there_is_no_decision()
    {
        Assert.Null(PathDecision.Of([], [20, 21], 0.05, 30, 0.1));
        Assert.Null(PathDecision.Of([20], [21], null, 0, 0.1));
    }
}
