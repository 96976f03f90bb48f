using GrpcBench.Load.Engine;
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
