using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>A scenario's phases laid out on the run's clock before it starts: warm-up first, then the measured ones.</summary>
internal sealed class ScenarioPlan
{
    public ScenarioPlan(LoadScenario scenario)
    {
        if (scenario.Simulations.Count == 0) throw new ArgumentException($"scenario {scenario.Name} has no load simulation");
        var phases = new List<PlannedPhase>();
        if (scenario.WarmUpDuration > TimeSpan.Zero)
        {
            var warmUp = scenario.Simulations[0].WarmUp(scenario.WarmUpDuration);
            phases.Add(new(PlannedPhase.WarmUpIndex, warmUp, TimeSpan.Zero, warmUp.ScheduleAfter(0)));
        }

        var start = MeasuredStart = scenario.WarmUpDuration;
        var previousPerSecond = 0.0;
        for (var index = 0; index < scenario.Simulations.Count; index++)
        {
            var simulation = scenario.Simulations[index];
            var schedule = simulation.ScheduleAfter(previousPerSecond);
            phases.Add(new(index, simulation, start, schedule));
            start += simulation.During;
            previousPerSecond = schedule?.ToPerSecond ?? 0;
        }

        Phases = phases;
        End = start;
        var measuredSchedules = phases.Where(p => !p.IsWarmUp).Select(p => p.Schedule).OfType<InjectionSchedule>().ToArray();
        var injectingSeconds = measuredSchedules.Sum(s => s.During.TotalSeconds);
        AskedInjectionRate = injectingSeconds > 0 ? measuredSchedules.Sum(s => s.Count) / injectingSeconds : 0;
    }

    public IReadOnlyList<PlannedPhase> Phases { get; }

    public TimeSpan MeasuredStart { get; }

    public TimeSpan End { get; }

    public TimeSpan MeasuredDuration => End - MeasuredStart;

    /// <summary>Scheduled starts of the measured inject phases, per second of those phases.</summary>
    public double AskedInjectionRate { get; }

    public PlannedPhase PhaseAt(TimeSpan elapsed) => Phases.Last(p => p.Start <= elapsed);
}

/// <param name="Schedule">The start times of an inject phase; null for the closed model, which has <see cref="Copies"/> instead.</param>
internal sealed record PlannedPhase(int Index, LoadSimulation Simulation, TimeSpan Start, InjectionSchedule? Schedule)
{
    public const int WarmUpIndex = -1;

    public bool IsWarmUp => Index == WarmUpIndex;

    public TimeSpan End => Start + Simulation.During;

    public int Copies => Simulation is KeepConstantSimulation closedModel ? closedModel.Copies : 0;

    /// <summary>The calls a closed-model phase makes in total, or null when only its time bounds it.</summary>
    public int? Requests => Simulation is KeepConstantSimulation closedModel ? closedModel.Requests : null;

    public string Name => IsWarmUp ? "warm-up" : Simulation.ToString();
}
