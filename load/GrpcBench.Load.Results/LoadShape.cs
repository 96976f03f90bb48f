using System.Globalization;

namespace GrpcBench.Load.Results;

/// <summary>
/// One phase of the offered load: the injection rate moves linearly to <see cref="PerSecond"/> over <see cref="Seconds"/>
/// (NBomber's RampingInject), or with <see cref="Constant"/> stays at it (Inject).
/// </summary>
/// A constant rate may be a fraction (a capacity search's probe at 12.5/s); a ramp's is whole.
public sealed record RampPhase(double PerSecond, int Seconds, bool Constant = false)
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

    public override string ToString() => $"{(Constant ? "=" : "")}{Rate}x{Seconds}";

    /// <summary>The rate as the options and labels write it: 50, 12.5.</summary>
    public string Rate => PerSecond.ToString("0.##", CultureInfo.InvariantCulture);

    public LoadSimulation Simulation(Arrivals arrivals = Arrivals.Uniform) => (Constant
        ? LoadSimulation.Inject(PerSecond, TimeSpan.FromSeconds(Seconds))
        : LoadSimulation.RampingInject((int)Math.Round(PerSecond), TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(Seconds))).WithArrivals(arrivals);
}

/// <summary>
/// The closed model of the go-micro comparison tables: <see cref="Concurrency"/> callers, each starting its next call
/// when its previous one ends, until <see cref="Requests"/> calls in total, or <see cref="MaxSeconds"/> at the latest.
/// </summary>
public sealed record ClosedModel(int Concurrency, int Requests, int MaxSeconds)
{
    public LoadSimulation Simulation() => LoadSimulation.KeepConstant(Concurrency, TimeSpan.FromSeconds(MaxSeconds), Requests);

    public override string ToString() => string.Create(CultureInfo.InvariantCulture,
        $"{Concurrency:#,##0} callers at once (closed model) for {Requests:#,##0} requests in total, at most {MaxSeconds} s");
}

/// <summary>The load every configuration of a run gets: the scenarios at once (both by default), each on the same ramp.</summary>
public sealed record LoadShape(IReadOnlyList<RampPhase> Phases, int PayloadBytes, int WarmUpSeconds, int CallTimeoutSeconds)
{
    public static readonly IReadOnlyList<string> AllScenarios = [ScenarioNames.GetInt, ScenarioNames.SendLargeData];

    /// <summary>Every scenario the tool has steps for: the story's two, and the record service's.</summary>
    public static readonly IReadOnlyList<string> KnownScenarios = ScenarioNames.All;

    /// <summary>getInt alone measures small calls without uploads beside them; sendLargeData alone, uploads without small calls.</summary>
    public IReadOnlyList<string> Scenarios { get; init; } = AllScenarios;

    /// <summary>Records the query of the record scenarios selects (its limit), and the host is asked to hold.</summary>
    public int RecordCount { get; init; } = 100_000;

    /// <summary>"random" (incompressible, as in the migration story), "text" (compressible: records as JSON lines) or "zeros" (every byte zero: compresses to almost nothing).</summary>
    public string PayloadContent { get; init; } = Payload.RandomContent;

    /// <summary>getInt's own steady rate beside the other scenarios, for the phases' whole length; null for the phases.</summary>
    public int? GetIntPerSecond { get; init; }

    /// <summary>How open-model phases space their starts: evenly (as NBomber's inject) or as a Poisson process.</summary>
    public Arrivals Arrivals { get; init; } = Arrivals.Uniform;

    /// <summary>
    /// End the run at the first failed measured call, cutting the calls in flight: for a capacity probe, which one
    /// failed call misses already, so that an overloaded probe does not drain its whole backlog to the deadline.
    /// </summary>
    public bool StopAtFirstFailure { get; init; }

    /// <summary>
    /// Per scenario, the p99 bound (ms) a capacity probe is held to: the run ends once more of its calls were slower than
    /// that p99 can hold (any, under 100 planned calls, where the slowest call is the figure; else more than 1 % of them),
    /// for the reason <see cref="StopAtFirstFailure"/> gives.
    /// </summary>
    public IReadOnlyDictionary<string, double>? StopBeyondP99Ms { get; init; }

    /// <summary>Whether <paramref name="progress"/> shows its scenario beyond its <see cref="StopBeyondP99Ms"/> bound already, whatever the rest of the run does.</summary>
    public bool P99Missed(ScenarioProgress progress)
    {
        if (progress.Slow == 0 || StopBeyondP99Ms?.ContainsKey(progress.Scenario) != true) return false;
        var planned = PlannedCalls(progress.Scenario);
        return planned < 100 || progress.Slow > planned / 100 + 1;
    }

    /// <summary>The measured calls a scenario's schedule starts: getInt beside the others at its own rate, else <see cref="Requests"/>.</summary>
    public double PlannedCalls(string scenario) =>
        Closed is { } closed ? closed.Requests
        : Service?.Named(scenario) is { } method ? method.PerSecond is { } own ? own * Phases.Sum(p => p.Seconds) : Requests * method.Share!.Value
        : scenario == ScenarioNames.GetInt && GetIntPerSecond is { } rate ? rate * Phases.Sum(p => p.Seconds) : Requests;

    /// <summary>Every scenario under the closed model of <c>--concurrency</c> and <c>--requests</c> instead of the phases; null for the phases.</summary>
    public ClosedModel? Closed { get; init; }

    /// <summary>
    /// Every scenario but getInt by this many callers in a closed loop (each starting its next call when its previous one
    /// ends) for the phases' length, getInt at <see cref="GetIntPerSecond"/> beside them: the saturated throughput the
    /// advisor screens with; null for the phases.
    /// </summary>
    public int? SaturatingCallers { get; init; }

    /// <summary>A team's own service and methods (each a scenario, <see cref="Scenarios"/> their names); null for the bench's own scenarios.</summary>
    public ServiceLoad? Service { get; init; }

    /// <summary>Every scenario one call at a time (closed model): what a slow link's transfer times need, where calls would only queue.</summary>
    public bool OneAtATime { get; init; }

    /// <summary>Pages in flight at once in <see cref="ScenarioNames.PagesConcurrent"/>.</summary>
    public const int ConcurrentPages = 10;

    public IReadOnlyList<LoadSimulation> Simulations() => Phases.Select(p => p.Simulation(Arrivals)).ToArray();

    /// <summary>The phases a scenario plays: a transfer (or any, one at a time) closed-model, getInt at its own rate if it has one.</summary>
    public IReadOnlyList<LoadSimulation> SimulationsOf(string scenario) =>
        Service?.Named(scenario) is { } method ? MethodSimulations(method)
        : Closed is { } closed ? [closed.Simulation()]
        : SaturatingCallers is { } callers && scenario != ScenarioNames.GetInt ? [LoadSimulation.KeepConstant(callers, TimeSpan.FromSeconds(Phases.Sum(p => p.Seconds)))]
        : ScenarioNames.IsTransfer(scenario) || OneAtATime ? [TransferSimulation()]
        : scenario == ScenarioNames.GetInt && GetIntPerSecond is { } rate ? [LoadSimulation.Inject(rate, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(Phases.Sum(p => p.Seconds))).WithArrivals(Arrivals)]
        : Simulations();

    /// <summary>
    /// A team's method: at its own rate beside the others for the phases' whole length, or its share of each phase's rate
    /// (of the closed model's or the saturating callers', in turn, where those are the load).
    /// </summary>
    private IReadOnlyList<LoadSimulation> MethodSimulations(MethodLoad method) =>
        method.PerSecond is { } rate ? [LoadSimulation.Inject(rate, TimeSpan.FromSeconds(Closed?.MaxSeconds ?? Phases.Sum(p => p.Seconds))).WithArrivals(Arrivals)]
        : Closed is { } closed ? [(closed with { Concurrency = Math.Max(1, (int)Math.Round(closed.Concurrency * method.Share!.Value)), Requests = Math.Max(1, (int)Math.Round(closed.Requests * method.Share!.Value)) }).Simulation()]
        : SaturatingCallers is { } callers ? [LoadSimulation.KeepConstant(Math.Max(1, (int)Math.Round(callers * method.Share!.Value)), TimeSpan.FromSeconds(Phases.Sum(p => p.Seconds)))]
        : Phases.Select(p => (p with { PerSecond = p.Constant ? p.PerSecond * method.Share!.Value : Math.Max(1, Math.Round(p.PerSecond * method.Share!.Value)) }).Simulation(Arrivals)).ToArray();

    /// <summary>
    /// A transfer ("read everything once") runs closed-model, one call after the other for the phases' whole length:
    /// overlapping calls would measure their contention, not the transfer.
    /// </summary>
    public LoadSimulation TransferSimulation() => LoadSimulation.KeepConstant(1, TimeSpan.FromSeconds(Phases.Sum(p => p.Seconds)));

    /// <summary>The shape one configuration gets: the run's, with the configuration's payload size.</summary>
    public LoadShape For(LoadConfiguration configuration) => this with
    {
        PayloadBytes = configuration.PayloadBytes is { } bytes ? (int)bytes : PayloadBytes,
        Scenarios = configuration.Scenarios ?? Scenarios,
    };
    public ScenarioLoad Describe(string scenario) => Service?.Named(scenario) is { } method ? DescribeMethod(method) : new(
        Closed is { } closed ? [closed.ToString()]
        : SaturatingCallers is { } callers && scenario != ScenarioNames.GetInt ? [$"{callers} callers at once (closed model) for {Phases.Sum(p => p.Seconds)} s"]
        : ScenarioNames.IsTransfer(scenario) || OneAtATime
            ? [$"one call at a time (closed model) for {Phases.Sum(p => p.Seconds)} s" + (ScenarioNames.IsTransfer(scenario) || scenario == ScenarioNames.StreamRecords ? $", each reading all {RecordCount.ToString("#,##0", CultureInfo.InvariantCulture)} records" : "")]
        : scenario == ScenarioNames.GetInt && GetIntPerSecond is { } rate ? [$"inject {rate} per 1 s for {Phases.Sum(p => p.Seconds)} s{ArrivalsText}"]
        : Phases.Select(p => (p.Constant ? $"inject {p.Rate} per 1 s for {p.Seconds} s" : $"ramping inject to {p.Rate} per 1 s over {p.Seconds} s") + ArrivalsText).ToArray(),
        WarmUpSeconds == 0 ? "none"
            : Closed is not null || (SaturatingCallers is not null && scenario != ScenarioNames.GetInt) ? $"{WarmUpSeconds} s at the same concurrency, not counted"
            : Phases[0].Constant ? $"{WarmUpSeconds} s at the first phase's rate, not counted"
            : $"the first phase's first {WarmUpSeconds} s (its ramp from 0), not counted",
        scenario is ScenarioNames.SendLargeData or ScenarioNames.UploadChunks ? PayloadBytes : 0,
        $"{CallTimeoutSeconds} s");

    private ScenarioLoad DescribeMethod(MethodLoad method) => new(
        [(method.PerSecond is { } rate ? string.Create(CultureInfo.InvariantCulture, $"inject {rate:0.##} per 1 s beside the others")
            : string.Create(CultureInfo.InvariantCulture, $"{method.Share!.Value:0.###} of the load: ") + string.Join("; ", Closed is not null || SaturatingCallers is not null
                ? [Closed?.ToString() ?? $"{Math.Max(1, (int)Math.Round(SaturatingCallers!.Value * method.Share!.Value))} of {SaturatingCallers} callers at once (closed model)"]
                : Phases.Select(p => p.Constant ? $"inject {p.Rate} per 1 s for {p.Seconds} s" : $"ramping inject to {p.Rate} per 1 s over {p.Seconds} s")))
         + ArrivalsText + $"; {method.Kind} {method.Method}" + (method.Messages is { } n ? $", {n} messages a call" : "")],
        WarmUpSeconds == 0 ? "none" : $"{WarmUpSeconds} s at the load's first rate, not counted",
        0,
        $"{CallTimeoutSeconds} s");

    private string ArrivalsText => Arrivals == Arrivals.Poisson ? ", Poisson arrivals" : "";

    /// <summary>Calls per scenario, as the schedule will start them.</summary>
    public int Requests => (int)Math.Round(Phases.Aggregate((Count: 0.0, From: 0.0),
        (sum, p) => (sum.Count + (p.Constant ? p.PerSecond : (sum.From + p.PerSecond) / 2.0) * p.Seconds, p.PerSecond)).Count);

    /// <summary>The longest a configuration can take: warm-up, the phases, and the drain of calls still in flight.</summary>
    public TimeSpan WorstCase => TimeSpan.FromSeconds(WarmUpSeconds + LoadSeconds + CallTimeoutSeconds);

    public TimeSpan Typical => TimeSpan.FromSeconds(WarmUpSeconds + (Closed is { } closed ? Math.Min(closed.MaxSeconds, closed.Requests / 1_000.0) : LoadSeconds) + 3);

    /// <summary>The measured load's length: the phases', or the closed model's bound.</summary>
    private int LoadSeconds => Closed is { } closed ? closed.MaxSeconds : Phases.Sum(p => p.Seconds);
}
