using GrpcBench.Load.Analysis;

namespace GrpcBench.Load.Tests.Analysis;

public class FactorialAnalysisTests
{
    /// <summary>A screen of <paramref name="effects"/> (ratio per factor) on a response of 20 with log-normal noise and a drift per run.</summary>
    private static List<ScreenRun> Screen(double[] effects, double noise, double driftPerRun, int seed, bool foldover = true)
    {
        var random = new Random(seed);
        var design = TwoLevelDesign.For(effects.Length, foldover);
        return [.. design.Runs.Select((levels, order) =>
        {
            var log = Math.Log(20) + order * Math.Log(driftPerRun) + noise * Normal(random);
            for (var i = 0; i < effects.Length; i++) log += levels[i] * Math.Log(effects[i]) / 2;
            return new ScreenRun(levels, order, Math.Exp(log));
        })];
    }

    private static double Normal(Random random) => Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());

    [Fact]
    public void Known_effects_are_found_with_their_verdicts_and_a_drift_of_the_machine_does_not_bias_them()
    {
        double[] effects = [1.4, 1.0, 0.7, 1.0, 1.0, 1.25, 1.0];
        var fit = FactorialAnalysis.Fit(Screen(effects, noise: 0.03, driftPerRun: 0.99, seed: 1), effects.Length, threshold: 0.1);

        for (var i = 0; i < effects.Length; i++) Assert.InRange(fit.Effects[i].Ratio, effects[i] / 1.08, effects[i] * 1.08);
        Assert.Equal([EffectVerdict.Helps, EffectVerdict.NoEffect, EffectVerdict.Hurts, EffectVerdict.NoEffect, EffectVerdict.NoEffect, EffectVerdict.Helps, EffectVerdict.NoEffect],
            fit.Effects.Select(e => e.Verdict));
        Assert.InRange(fit.RunSpread, 0.012, 0.05);
        Assert.InRange(fit.DriftPerRun, 0.985, 0.995);
        Assert.Equal(16 - 9, fit.DegreesOfFreedom);
    }

    [Fact]
    public void A_slow_spell_of_the_machine_its_speed_probe_saw_is_taken_out_of_the_effects_and_the_spread()
    {
        // Runs 20-39 of 64 on a machine 1.5x slower (the probe's 100 ms read 150 ms and throughput fell by as much),
        // otherwise a probe that wobbles by 1 % and runs that spread 3 %.
        double[] effects = [1.3, 1.0, 0.8, 1.0, 1.1, 1.0];
        var random = new Random(7);
        var runs = Screen(effects, noise: 0.03, driftPerRun: 1, seed: 6, foldover: true).Concat(Screen(effects, noise: 0.03, driftPerRun: 1, seed: 8, foldover: true))
            .Select((r, order) =>
            {
                var slow = order is >= 20 and < 40 ? 1.5 : 1;
                return r with { Order = order, Value = r.Value / slow, MachineMs = 100 * slow * (1 + 0.01 * Normal(random)) };
            }).ToList();

        var fit = FactorialAnalysis.Fit(runs, effects.Length, threshold: 0.1);
        var blind = FactorialAnalysis.Fit([.. runs.Select(r => r with { MachineMs = null })], effects.Length, threshold: 0.1);

        for (var i = 0; i < effects.Length; i++) Assert.InRange(fit.Effects[i].Ratio, effects[i] / 1.04, effects[i] * 1.04);
        Assert.InRange(fit.MachineElasticity!.Value, -1.1, -0.9);
        Assert.InRange(fit.RunSpread, 0.015, 0.045);
        Assert.InRange(fit.MachineSpread!.Value, 0.15, 0.25);
        Assert.Equal(runs.Count - (1 + 6 + 1 + 1), fit.DegreesOfFreedom);
        Assert.Null(blind.MachineElasticity);
        Assert.True(blind.RunSpread > 3 * fit.RunSpread, $"blind to the machine: {blind.RunSpread} vs {fit.RunSpread}");
    }

    /// <summary>Four screens of <paramref name="effects"/> one after the other: 64 runs, noise 5 %.</summary>
    private static List<ScreenRun> LongScreen(double[] effects, int seed) =>
        [.. Enumerable.Range(0, 4).SelectMany(k => Screen(effects, noise: 0.05, driftPerRun: 1, seed: seed + k)).Select((r, order) => r with { Order = order })];

    [Fact]
    public void Runs_the_machine_stalled_through_are_set_aside_and_named_and_the_effects_and_spread_are_the_other_runs()
    {
        double[] effects = [1.4, 1.0, 0.8, 1.0, 1.0, 1.2, 1.0];
        var clean = LongScreen(effects, seed: 20);
        // Two runs at 0.4 of their pace: 18 standard deviations off, where the noise alone reaches 3.5 in 64 runs.
        var stalled = clean.Select(r => r.Order is 17 or 40 ? r with { Value = r.Value * 0.4 } : r).ToList();

        var fit = FactorialAnalysis.Fit(stalled, effects.Length, threshold: 0.1);
        var reference = FactorialAnalysis.Fit(clean.Where(r => r.Order is not (17 or 40)).ToList(), effects.Length, threshold: 0.1);

        Assert.Equal([17, 40], fit.SetAside.Select(s => s.Order));
        Assert.All(fit.SetAside, s => Assert.InRange(s.Ratio, 0.34, 0.47));
        Assert.Equal(reference.Effects, fit.Effects);
        Assert.Equal(reference.RunSpread, fit.RunSpread, 12);
        Assert.Equal(stalled.Count - 2, fit.Runs);
        for (var i = 0; i < effects.Length; i++) Assert.InRange(fit.Effects[i].Ratio, effects[i] / 1.06, effects[i] * 1.06);
    }

    [Fact]
    public void Noise_alone_sets_a_run_aside_in_few_screens_and_a_short_screen_or_a_wide_spell_sets_none_aside()
    {
        double[] effects = [1.3, 1.0, 1.0, 0.9, 1.0, 1.0, 1.0];
        var screensWithOne = Enumerable.Range(0, 200).Count(seed => FactorialAnalysis.Fit(LongScreen(effects, seed * 10), effects.Length, 0.1).SetAside.Count > 0);
        // 16 runs, 7 degrees of freedom: too few to tell a stall from the spread, even at a quarter of the pace.
        var shortScreen = Screen(effects, noise: 0.05, driftPerRun: 1, seed: 3).Select(r => r.Order == 5 ? r with { Value = r.Value / 4 } : r).ToList();
        // A third of the runs 1.5 times slower: beyond a tenth of the runs, the machine's spread, not a few stalls.
        var spell = LongScreen(effects, seed: 5).Select(r => r.Order is >= 20 and < 42 ? r with { Value = r.Value / 1.5 } : r).ToList();

        Assert.True(screensWithOne <= 10, $"{screensWithOne} of 200 screens of noise alone set a run aside");
        Assert.Empty(FactorialAnalysis.Fit(shortScreen, effects.Length, 0.1).SetAside);
        Assert.Empty(FactorialAnalysis.Fit(spell, effects.Length, 0.1).SetAside);
    }

    [Fact]
    public void A_speed_probe_that_never_moved_or_was_missing_in_a_run_leaves_the_model_as_it_was()
    {
        double[] effects = [1.3, 1.0, 0.8];
        var runs = Screen(effects, noise: 0.03, driftPerRun: 1, seed: 9);
        var plain = FactorialAnalysis.Fit(runs, effects.Length, threshold: 0.1);

        var steady = FactorialAnalysis.Fit([.. runs.Select(r => r with { MachineMs = 100 })], effects.Length, threshold: 0.1);
        var partly = FactorialAnalysis.Fit([.. runs.Select((r, i) => r with { MachineMs = i == 0 ? null : 100 + i })], effects.Length, threshold: 0.1);

        foreach (var fit in new[] { steady, partly })
        {
            Assert.Null(fit.MachineElasticity);
            Assert.Equal(plain.DegreesOfFreedom, fit.DegreesOfFreedom);
            Assert.Equal(plain.Effects.Select(e => e.Ratio), fit.Effects.Select(e => e.Ratio));
        }
    }

    [Fact]
    public void Two_designs_fitted_together_recover_each_designs_effects_despite_a_shift_between_them_and_pool_their_spread()
    {
        // Factors 0-2 screened in one design, 3-4 in another that ran when the machine was 15 % slower.
        double[] effects = [1.3, 1.0, 0.8, 1.0, 1.2];
        var first = Screen(effects[..3], noise: 0.04, driftPerRun: 1, seed: 4);
        var second = Screen(effects[3..], noise: 0.04, driftPerRun: 1, seed: 5)
            .Select(r => r with { Value = r.Value * 0.85, Block = 1 }).ToList();
        // Interleaved, so that run order cannot stand in for the shift.
        var together = first.Select((r, i) => r with { Levels = [.. r.Levels, -1, -1], Order = 2 * i })
            .Concat(second.Select((r, i) => r with { Levels = [-1, -1, -1, .. r.Levels], Order = 2 * i + 1 })).ToList();

        var fit = FactorialAnalysis.Fit(together, 5, threshold: 0.1);

        for (var i = 0; i < effects.Length; i++) Assert.InRange(fit.Effects[i].Ratio, effects[i] / 1.06, effects[i] * 1.06);
        Assert.Equal(together.Count - (1 + 5 + 1 + 1), fit.DegreesOfFreedom);
        Assert.InRange(fit.RunSpread, 0.02, 0.06);
        // Without the block the shift between the designs would read as an effect of the second design's factors and as noise.
        var unblocked = FactorialAnalysis.Fit([.. together.Select(r => r with { Block = 0 })], 5, threshold: 0.1);
        Assert.True(unblocked.RunSpread > fit.RunSpread * 1.3, $"{unblocked.RunSpread} vs {fit.RunSpread}");
    }

    [Fact]
    public void Follow_up_designs_of_the_undecided_factors_fitted_with_the_first_narrow_their_intervals_until_they_are_decided()
    {
        // Seven factors, the first of a small real effect (x1.08), at the 8 % run spread of a screen of .NET 8's host.
        double[] effects = [1.08, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
        var first = Screen(effects, noise: 0.08, driftPerRun: 1, seed: 7);
        var before = FactorialAnalysis.Fit(first, effects.Length, threshold: 0.1);
        var runs = first.ToList();
        for (var round = 1; round <= 10; round++)
        {
            // A follow-up varies factor 0 alone, the others at their defaults, as a block of its own.
            var followUp = Screen(effects[..1], noise: 0.08, driftPerRun: 1, seed: 7 + round, foldover: false);
            runs.AddRange(followUp.Select((r, i) => r with { Levels = [r.Levels[0], -1, -1, -1, -1, -1, -1], Order = runs.Count + i, Block = round }));
        }

        var after = FactorialAnalysis.Fit(runs, effects.Length, threshold: 0.1);

        Assert.Equal(EffectVerdict.CouldNotTell, before.Effects[0].Verdict);
        Assert.True(after.Effects[0].Upper / after.Effects[0].Lower < Math.Pow(before.Effects[0].Upper / before.Effects[0].Lower, 0.7),
            $"[{before.Effects[0].Lower}, {before.Effects[0].Upper}] -> [{after.Effects[0].Lower}, {after.Effects[0].Upper}]");
        Assert.Equal(EffectVerdict.Helps, after.Effects[0].Verdict);
        Assert.InRange(after.Effects[0].Ratio, 1.08 / 1.06, 1.08 * 1.06);
    }

    [Fact]
    public void Noise_too_high_for_the_threshold_leaves_a_small_effect_undecided_rather_than_called()
    {
        double[] effects = [1.05, 1.0, 1.0];
        var fit = FactorialAnalysis.Fit(Screen(effects, noise: 0.4, driftPerRun: 1, seed: 2), effects.Length, threshold: 0.1);

        Assert.All(fit.Effects, e => Assert.Equal(EffectVerdict.CouldNotTell, e.Verdict));
        Assert.All(fit.Effects, e => Assert.True(e.Upper / e.Lower > 1.2));
    }

    [Fact]
    public void A_placebo_screened_many_times_is_called_no_effect_about_as_often_as_the_test_promises()
    {
        // One factor that does nothing, 200 screens of 11 factors (10 real ones beside it) at 6 % noise.
        var calledAnEffect = 0;
        for (var seed = 0; seed < 200; seed++)
        {
            var fit = FactorialAnalysis.Fit(Screen([1.0, 1.3, 0.8, 1.0, 1.1, 1.0, 1.0, 0.9, 1.0, 1.0, 1.2], noise: 0.06, driftPerRun: 1, seed: seed), 11, 0.1);
            if (fit.Effects[0].Verdict is EffectVerdict.Helps or EffectVerdict.Hurts) calledAnEffect++;
        }

        // A 95 % interval excludes the truth 5 % of the time; and some of those are within the threshold, hence no effect.
        Assert.InRange(calledAnEffect, 0, 20);
    }

    [Fact]
    public void Runs_that_cannot_fit_the_model_are_refused_in_one_line()
    {
        var runs = Screen([1.2, 1.0, 1.0], noise: 0.05, driftPerRun: 1, seed: 3);

        var tooFew = Assert.Throws<ArgumentException>(() => FactorialAnalysis.Fit(runs.Take(5).ToList(), 3, 0.1));
        Assert.StartsWith("5 runs cannot fit 3 factors, an intercept and run order: at least 6 needed", tooFew.Message);
        var aliased = runs.Concat(runs).Select((r, order) => r with { Levels = [r.Levels[0], r.Levels[0], r.Levels[2]], Order = order }).ToList();
        Assert.StartsWith("the runs do not separate every factor", Assert.Throws<ArgumentException>(() => FactorialAnalysis.Fit(aliased, 3, 0.1)).Message);
    }
}
