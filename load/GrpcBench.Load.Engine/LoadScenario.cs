using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>
/// A named step and the load to put it under, shaped like NBomber's:
/// <c>LoadScenario.Create("getInt", step).WithLoadSimulations(LoadSimulation.Inject(50, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(10)))</c>.
/// </summary>
public sealed record LoadScenario
{
    public static readonly TimeSpan DefaultCallTimeout = TimeSpan.FromSeconds(30);

    private LoadScenario(string name, Func<StepContext, Task<StepResult>> step) => (Name, Step) = (name, step);

    public string Name { get; }

    /// <summary>One call. A thrown exception counts as a fail whose code is the exception's type name.</summary>
    public Func<StepContext, Task<StepResult>> Step { get; }

    public IReadOnlyList<LoadSimulation> Simulations { get; private init; } = Array.Empty<LoadSimulation>();

    /// <summary>Load before the measured phases, at the first phase's rate or copies; its calls are not counted.</summary>
    public TimeSpan WarmUpDuration { get; private init; }

    /// <summary>From each call's scheduled start to its deadline.</summary>
    public TimeSpan CallTimeout { get; private init; } = DefaultCallTimeout;

    /// <summary>A latency bound whose crossings the progress counts (<see cref="ScenarioProgress.Slow"/>): what an SLO watcher needs to stop early.</summary>
    public TimeSpan? SlowAfter { get; private init; }

    public static LoadScenario Create(string name, Func<StepContext, Task<StepResult>> step)
    {
        if (string.IsNullOrWhiteSpace(name)) throw new ArgumentException("a scenario needs a name", nameof(name));
        return new(name, step ?? throw new ArgumentNullException(nameof(step)));
    }

    /// <summary>The phases, played one after the other.</summary>
    public LoadScenario WithLoadSimulations(params LoadSimulation[] simulations)
    {
        if (simulations.Length == 0) throw new ArgumentException("a scenario needs at least one simulation", nameof(simulations));
        return this with { Simulations = simulations.ToArray() };
    }

    public LoadScenario WithWarmUpDuration(TimeSpan duration) => this with { WarmUpDuration = Argument.NotNegative(duration) };

    public LoadScenario WithSlowAfter(TimeSpan? bound) => this with { SlowAfter = bound is { } b ? Argument.Positive(b) : null };

    public LoadScenario WithCallTimeout(TimeSpan timeout) => this with { CallTimeout = Argument.Positive(timeout) };
}
