namespace GrpcBench.Load.Results;

/// <summary>A snapshot of a run in progress, reported about twice a second.</summary>
public sealed record LoadProgress(TimeSpan Elapsed, IReadOnlyList<ScenarioProgress> Scenarios);

/// <summary>One scenario in a <see cref="LoadProgress"/>; Ok and Failed count measured calls only.</summary>
/// <param name="PhaseIndex">-1 during warm-up, then the index in the scenario's simulations; their count once injection has stopped.</param>
/// <param name="Phase">"warm-up", the simulation in words, then "draining" while calls are still in flight, then "done".</param>
/// <param name="TargetRatePerSecond">The injection rate asked for at this moment; 0 for the closed model and once injection has stopped.</param>
/// <param name="Slow">
/// Measured calls that succeeded later than the scenario's <c>LoadScenario.SlowAfter</c> (GrpcBench.Load.Engine), and injected ones still in
/// flight beyond it; 0 without one.
/// </param>
/// <param name="Requests">The calls a closed-model phase bounded in count makes in all; null otherwise.</param>
public sealed record ScenarioProgress(
    string Scenario,
    int PhaseIndex,
    string Phase,
    double TargetRatePerSecond,
    TimeSpan PhaseElapsed,
    TimeSpan PhaseDuration,
    long Ok,
    long Failed,
    int InFlight,
    long Slow = 0,
    int? Requests = null);
