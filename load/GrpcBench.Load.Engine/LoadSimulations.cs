using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>How the engine plays a <see cref="LoadSimulation"/> (a record of GrpcBench.Load.Results): its start times and its warm-up.</summary>
internal static class LoadSimulations
{
    /// <summary>The start times of this phase, or null for the closed model.</summary>
    public static InjectionSchedule? ScheduleAfter(this LoadSimulation simulation, double previousPerSecond) => simulation switch
    {
        InjectSimulation inject => new(inject.PerSecond, inject.PerSecond, inject.During) { Arrivals = inject.Arrivals },
        // A ramp moves linearly from the previous phase's injection rate.
        RampingInjectSimulation ramp => new(previousPerSecond, ramp.PerSecond, ramp.During) { Arrivals = ramp.Arrivals },
        KeepConstantSimulation => null,
        _ => throw Unknown(simulation),
    };

    /// <summary>
    /// The same load held steady for the warm-up. A ramp's is its own first seconds, from 0 at the same slope: warming
    /// up at the ramp's target rate would pile up a backlog of calls (20 MiB uploads, say) that the measured phase then
    /// inherits. A closed model's is bounded in time only: its calls are not the ones counted.
    /// </summary>
    public static LoadSimulation WarmUp(this LoadSimulation simulation, TimeSpan during) => simulation switch
    {
        InjectSimulation inject => LoadSimulation.Inject(inject.Rate, inject.Interval, during).WithArrivals(inject.Arrivals),
        RampingInjectSimulation ramp => LoadSimulation.RampingInject(
            (int)Math.Max(1, Math.Round(ramp.Rate * Math.Min(1, during / ramp.During))), ramp.Interval, during).WithArrivals(ramp.Arrivals),
        KeepConstantSimulation closed => LoadSimulation.KeepConstant(closed.Copies, during),
        _ => throw Unknown(simulation),
    };

    private static ArgumentOutOfRangeException Unknown(LoadSimulation simulation) =>
        new(nameof(simulation), simulation.GetType().Name, "a simulation the engine does not play");
}
