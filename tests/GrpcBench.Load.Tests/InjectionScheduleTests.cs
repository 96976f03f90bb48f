using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class InjectionScheduleTests
{
    [Fact]
    public void A_constant_rate_gives_an_exact_count_of_evenly_spaced_starts()
    {
        var schedule = new InjectionSchedule(50, 50, Seconds(10));

        Assert.Equal(500, schedule.Count);
        Assert.Equal(TimeSpan.Zero, schedule.StartOf(0));
        Assert.Equal(TimeSpan.FromMilliseconds(20), schedule.StartOf(1));
        Assert.Equal(TimeSpan.FromMilliseconds(9980), schedule.StartOf(499));
    }

    [Fact]
    public void A_ramp_from_0_to_40_per_second_over_5_s_integrates_to_100_starts()
    {
        var schedule = new InjectionSchedule(0, 40, Seconds(5));

        // The rate is 8t per second, so t·4t calls have started by t: call k starts at √k / 2 s.
        Assert.Equal(100, schedule.Count);
        foreach (var call in new[] { 1, 4, 16, 25, 64, 99 })
        {
            Assert.Equal(Math.Sqrt(call) / 2, schedule.StartOf(call).TotalSeconds, precision: 6);
        }

        var starts = Enumerable.Range(0, schedule.Count).Select(schedule.StartOf).ToArray();
        Assert.True(starts.Zip(starts.Skip(1)).All(pair => pair.First < pair.Second));
        Assert.True(starts[^1] < Seconds(5));
    }

    [Fact]
    public void A_ramp_down_to_0_ends_inside_its_phase()
    {
        var schedule = new InjectionSchedule(40, 0, Seconds(5));

        // 40t − 4t² = 99 at t = 4.5 s; the 100th call would fall on the end of the phase.
        Assert.Equal(100, schedule.Count);
        Assert.Equal(4.5, schedule.StartOf(99).TotalSeconds, precision: 6);
    }

    [Fact]
    public void The_rate_asked_moves_linearly_across_the_phase()
    {
        var schedule = new InjectionSchedule(10, 30, Seconds(4));

        Assert.Equal([10, 15, 20, 30, 30], new[] { 0, 1, 2, 4, 5 }.Select(s => schedule.PerSecondAt(Seconds(s))));
    }
}

public class ArrivalsTests
{
    [Fact]
    public void Poisson_arrivals_keep_the_count_and_the_phase_but_bunch_and_gap()
    {
        var uniform = new InjectionSchedule(100, 100, TimeSpan.FromSeconds(10));
        var poisson = uniform with { Arrivals = Arrivals.Poisson };

        var starts = Enumerable.Range(0, poisson.Count).Select(poisson.StartOf).ToArray();
        Assert.Equal(1000, poisson.Count);
        Assert.True(starts.Zip(starts.Skip(1)).All(pair => pair.First <= pair.Second));
        Assert.True(starts[^1] < TimeSpan.FromSeconds(10));
        var gaps = starts.Zip(starts.Skip(1), (a, b) => (b - a).TotalMilliseconds).ToArray();
        // Exponential gaps at 100/s: mean 10 ms, standard deviation as large as the mean; even spacing has none.
        Assert.InRange(gaps.Average(), 9, 11);
        var deviation = Math.Sqrt(gaps.Average(g => Math.Pow(g - gaps.Average(), 2)));
        Assert.InRange(deviation, 7, 13);
        Assert.Contains(gaps, g => g > 30);
        Assert.Equal(TimeSpan.FromMilliseconds(10), uniform.StartOf(2) - uniform.StartOf(1));
    }

    [Fact]
    public void The_same_seed_gives_the_same_arrivals_and_another_seed_others()
    {
        var a = new InjectionSchedule(50, 50, TimeSpan.FromSeconds(2)) { Arrivals = Arrivals.Poisson };
        var b = a with { };
        var c = a with { Seed = 2 };

        Assert.Equal(Enumerable.Range(0, 100).Select(a.StartOf), Enumerable.Range(0, 100).Select(b.StartOf));
        Assert.NotEqual(Enumerable.Range(0, 100).Select(a.StartOf), Enumerable.Range(0, 100).Select(c.StartOf));
    }

    [Theory]
    [InlineData(12.5, "inject 25 per 2s for 3s")]
    [InlineData(50, "inject 50 per 1s for 3s")]
    [InlineData(0.25, "inject 1 per 4s for 3s")]
    [InlineData(7.33, "inject 733 per 100s for 3s")]
    public void A_fractional_rate_is_a_whole_rate_per_whole_seconds(double perSecond, string described)
    {
        var simulation = (InjectSimulation)LoadSimulation.Inject(perSecond, TimeSpan.FromSeconds(3));

        Assert.Equal(described, simulation.ToString());
        Assert.Equal(perSecond, simulation.PerSecond, precision: 6);
    }
}
