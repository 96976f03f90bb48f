namespace GrpcBench.Load.Engine;

/// <summary>What one call of a scenario's step is given.</summary>
/// <param name="InvocationNumber">1 for the scenario's first call, warm-up included.</param>
/// <param name="ScheduledStart">When the call was due, from the start of the run; latency counts from here.</param>
/// <param name="CancellationToken">Fires at the call's deadline (scheduled start + call timeout) or when the run is cancelled.</param>
public readonly record struct StepContext(long InvocationNumber, TimeSpan ScheduledStart, CancellationToken CancellationToken);
