using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class ScenarioPlanTests
{
    private static ScenarioPlan Plan(TimeSpan warmUp, params LoadSimulation[] simulations) =>
        new(LoadScenario.Create("plan", Fast).WithLoadSimulations(simulations).WithWarmUpDuration(warmUp));

    [Fact]
    public void Phases_follow_one_another_and_a_ramp_starts_from_the_rate_before_it()
    {
        var plan = Plan(TimeSpan.Zero,
            LoadSimulation.RampingInject(20, Seconds(1), Seconds(2)),
            LoadSimulation.Inject(50, Seconds(1), Seconds(1)),
            LoadSimulation.RampingInject(10, Seconds(1), Seconds(2)),
            LoadSimulation.KeepConstant(3, Seconds(1)),
            LoadSimulation.RampingInject(30, Seconds(1), Seconds(1)));

        Assert.Equal([0, 2, 3, 5, 6], plan.Phases.Select(p => p.Start.TotalSeconds));
        Assert.Equal(Seconds(7), plan.End);
        Assert.Equal(
            [new(0, 20, Seconds(2)), new(50, 50, Seconds(1)), new(50, 10, Seconds(2)), null, new InjectionSchedule(0, 30, Seconds(1))],
            plan.Phases.Select(p => p.Schedule));
        Assert.Equal([20, 50, 60, 15], plan.Phases.Where(p => p.Schedule is not null).Select(p => p.Schedule!.Count));
        Assert.Equal(145 / 6.0, plan.AskedInjectionRate, precision: 9);
    }

    [Fact]
    public void Warm_up_replays_the_start_of_the_first_phase_before_the_measured_phases()
    {
        var ramp = Plan(Seconds(3), LoadSimulation.RampingInject(40, Seconds(2), Seconds(5)));
        var closed = Plan(Seconds(1), LoadSimulation.KeepConstant(4, Seconds(2)));
        var constant = Plan(Seconds(1), LoadSimulation.Inject(30, Seconds(1), Seconds(2)));

        Assert.Equal(
            [(-1, "warm-up", 0.0, new InjectionSchedule(0, 12, Seconds(3))), (0, "ramp to 40 per 2s over 5s", 3.0, new InjectionSchedule(0, 20, Seconds(5)))],
            ramp.Phases.Select(p => (p.Index, p.Name, p.Start.TotalSeconds, p.Schedule)));
        Assert.Equal((Seconds(3), Seconds(5)), (ramp.MeasuredStart, ramp.MeasuredDuration));
        Assert.Equal(LoadSimulation.KeepConstant(4, Seconds(1)), closed.Phases[0].Simulation);
        Assert.Equal(0, closed.AskedInjectionRate);
        Assert.Equal(new InjectionSchedule(30, 30, Seconds(1)), constant.Phases[0].Schedule);
    }

    [Fact]
    public void Impossible_settings_are_refused_when_written()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => LoadSimulation.Inject(-1, Seconds(1), Seconds(1)));
        Assert.Throws<ArgumentOutOfRangeException>(() => LoadSimulation.Inject(1, TimeSpan.Zero, Seconds(1)));
        Assert.Throws<ArgumentOutOfRangeException>(() => LoadSimulation.KeepConstant(1, TimeSpan.Zero));
        Assert.Throws<ArgumentOutOfRangeException>(() => LoadScenario.Create("s", Fast).WithCallTimeout(TimeSpan.Zero));
        Assert.Throws<ArgumentException>(() => LoadScenario.Create("s", Fast).WithLoadSimulations());
        Assert.Throws<ArgumentException>(() => new ScenarioPlan(LoadScenario.Create("s", Fast)));
    }
}
