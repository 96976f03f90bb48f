using GrpcBench.Load.Analysis;

namespace GrpcBench.Load.Tests.Analysis;

public class TwoLevelDesignTests
{
    [Theory]
    [InlineData(1, 4)]
    [InlineData(3, 4)]
    [InlineData(4, 8)]
    [InlineData(11, 12)]
    [InlineData(12, 16)]
    [InlineData(15, 16)]
    [InlineData(19, 20)]
    [InlineData(23, 24)]
    [InlineData(27, 32)]
    [InlineData(31, 32)]
    [InlineData(43, 44)]
    public void Every_factor_is_balanced_and_orthogonal_to_every_other(int factors, int runs)
    {
        var design = TwoLevelDesign.For(factors, foldover: false);

        Assert.Equal(runs, design.Runs.Count);
        Assert.All(design.Runs, run => Assert.Equal(factors, run.Count));
        Assert.All(design.Runs, run => Assert.All(run, level => Assert.Contains(level, new[] { -1, 1 })));
        for (var i = 0; i < factors; i++)
        {
            Assert.Equal(0, design.Runs.Sum(run => run[i]));
            for (var j = i + 1; j < factors; j++) Assert.Equal(0, design.Runs.Sum(run => run[i] * run[j]));
        }
    }

    [Theory]
    [InlineData(5)]
    [InlineData(11)]
    [InlineData(27)]
    public void The_first_run_is_the_default_and_the_foldover_repeats_every_run_flipped(int factors)
    {
        var plain = TwoLevelDesign.For(factors, foldover: false);
        var folded = TwoLevelDesign.For(factors, foldover: true);

        Assert.All(plain.Runs[0], level => Assert.Equal(-1, level));
        Assert.Equal(2 * plain.Runs.Count, folded.Runs.Count);
        for (var n = 0; n < plain.Runs.Count; n++)
        {
            Assert.Equal(plain.Runs[n], folded.Runs[n]);
            Assert.Equal(plain.Runs[n].Select(level => -level), folded.Runs[plain.Runs.Count + n]);
        }
    }

    [Fact]
    public void The_foldover_clears_main_effects_of_two_factor_interactions()
    {
        var design = TwoLevelDesign.For(11, foldover: true);

        // Every main-effect column is orthogonal to every product of two other columns.
        for (var i = 0; i < 11; i++)
        for (var j = 0; j < 11; j++)
        for (var k = j + 1; k < 11; k++)
        {
            if (i == j || i == k) continue;
            Assert.Equal(0, design.Runs.Sum(run => run[i] * run[j] * run[k]));
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void One_design_screens_knobs_of_one_two_and_more_values_each_value_independent_of_every_other_knob(bool foldover)
    {
        // The catalogue on one CPU: 21 knobs of one value, 9 of two; and the uploads sent in chunks of six sizes.
        int[] valuesPerKnob = [.. Enumerable.Repeat(1, 21), .. Enumerable.Repeat(2, 9), 6];
        var design = TwoLevelDesign.ForKnobs(valuesPerKnob, foldover);
        var knobOf = valuesPerKnob.SelectMany((values, knob) => Enumerable.Repeat(knob, values)).ToArray();
        var runs = design.Runs.Count;

        Assert.Equal((foldover ? 128 : 64, 45), (runs, design.Factors));
        Assert.All(design.Runs[0], level => Assert.Equal(-1, level));
        double On(int value) => design.Runs.Count(run => run[value] > 0);
        for (var i = 0; i < design.Factors; i++)
        {
            Assert.Equal(runs >> TwoLevelDesign.ColumnsOf(valuesPerKnob[knobOf[i]]), On(i));
            for (var j = i + 1; j < design.Factors; j++)
            {
                var together = design.Runs.Count(run => run[i] > 0 && run[j] > 0);
                if (knobOf[i] == knobOf[j]) Assert.Equal(0, together);
                // Independent: on together as often as chance says, so each value's effect is clear of every other knob's.
                else Assert.Equal(On(i) * On(j) / runs, together);
            }
        }
        if (foldover)
            for (var i = 0; i < 21; i++)
            for (var j = 0; j < 21; j++)
            for (var k = j + 1; k < 21; k++)
                if (i != j && i != k) Assert.Equal(0, design.Runs.Sum(run => run[i] * run[j] * run[k]));
    }

    [Fact]
    public void More_factors_than_the_largest_design_holds_are_refused()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => TwoLevelDesign.For(64, foldover: false));
        Assert.Throws<ArgumentOutOfRangeException>(() => TwoLevelDesign.For(0, foldover: false));
    }
}
