using System.Globalization;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// One phase of the offered load: the injection rate moves linearly to <see cref="PerSecond"/> over <see cref="Seconds"/>
/// (NBomber's RampingInject), or with <see cref="Constant"/> stays at it (Inject).
/// </summary>
public sealed record RampPhase(int PerSecond, int Seconds, bool Constant = false)
{
    /// <summary>"50x30" is a ramp to 50 per second over 30 s; "=50x30" is 50 per second for 30 s.</summary>
    public static RampPhase Parse(string text)
    {
        var constant = text.StartsWith('=');
        var parts = text.TrimStart('=').Split('x');
        return parts.Length == 2
               && int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var rate) && rate is >= 1 and <= 10_000
               && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var seconds) && seconds is >= 1 and <= 3_600
            ? new RampPhase(rate, seconds, constant)
            : throw new FormatException($"--phases {text}: allowed RATExSECONDS (a ramp) or =RATExSECONDS (constant), rate 1-10,000 per second, 1-3,600 s");
    }

    public override string ToString() => $"{(Constant ? "=" : "")}{PerSecond}x{Seconds}";

    public LoadSimulation Simulation() => Constant
        ? LoadSimulation.Inject(PerSecond, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(Seconds))
        : LoadSimulation.RampingInject(PerSecond, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(Seconds));
}

/// <summary>The load every configuration of a run gets: the scenarios at once (both by default), each on the same ramp.</summary>
public sealed record LoadShape(IReadOnlyList<RampPhase> Phases, int PayloadBytes, int WarmUpSeconds, int CallTimeoutSeconds)
{
    public static readonly IReadOnlyList<string> AllScenarios = [ScenarioNames.GetInt, ScenarioNames.SendLargeData];

    /// <summary>getInt alone measures small calls without uploads beside them; sendLargeData alone, uploads without small calls.</summary>
    public IReadOnlyList<string> Scenarios { get; init; } = AllScenarios;

    public IReadOnlyList<LoadSimulation> Simulations() => Phases.Select(p => p.Simulation()).ToArray();

    public ScenarioLoad Describe(bool large) => new(
        Phases.Select(p => p.Constant ? $"inject {p.PerSecond} per 1 s for {p.Seconds} s" : $"ramping inject to {p.PerSecond} per 1 s over {p.Seconds} s").ToArray(),
        WarmUpSeconds == 0 ? "none"
            : Phases[0].Constant ? $"{WarmUpSeconds} s at the first phase's rate, not counted"
            : $"the first phase's first {WarmUpSeconds} s (its ramp from 0), not counted",
        large ? PayloadBytes : 0,
        $"{CallTimeoutSeconds} s");

    /// <summary>Calls per scenario, as the schedule will start them.</summary>
    public int Requests => (int)Math.Round(Phases.Aggregate((Count: 0.0, From: 0.0),
        (sum, p) => (sum.Count + (p.Constant ? p.PerSecond : (sum.From + p.PerSecond) / 2.0) * p.Seconds, p.PerSecond)).Count);

    /// <summary>The longest a configuration can take: warm-up, the phases, and the drain of calls still in flight.</summary>
    public TimeSpan WorstCase => TimeSpan.FromSeconds(WarmUpSeconds + Phases.Sum(p => p.Seconds) + CallTimeoutSeconds);

    public TimeSpan Typical => TimeSpan.FromSeconds(WarmUpSeconds + Phases.Sum(p => p.Seconds) + 3);
}
