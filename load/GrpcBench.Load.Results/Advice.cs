using System.Text.Json.Serialization;

namespace GrpcBench.Load.Results;

public static class AdviceSection
{
    public const string Key = "advice";

    extension(LoadRunSummary summary)
    {
        /// <summary>With the advise preset: what it found, per runtime.</summary>
        public IReadOnlyList<AdviceSummary>? Advice => summary.Section<IReadOnlyList<AdviceSummary>>(Key);

        public LoadRunSummary WithAdvice(IReadOnlyList<AdviceSummary>? advice) => summary.WithSection(Key, advice);
    }
}

/// <summary>
/// What the advise preset found on one runtime: every knob value screened against Kestrel's defaults, the combination it
/// recommends, and that combination confirmed beside the default and Grpc.Core in one interleaved, repeated run.
/// </summary>
/// <param name="ScreeningPerSecond">The fixed rate every search probed first (a fraction of the default's capacity): where cost and latency are compared.</param>
/// <param name="Threshold">The relative effect a verdict must exceed (helps / hurts) or stay within (no effect found).</param>
/// <param name="Notes">What the run could not do, e.g. knobs left unscreened when the budget ran out.</param>
public sealed record AdviceSummary(string Runtime, string Mix, string Workload, double? DefaultCapacity, double? ScreeningPerSecond, double Threshold,
    IReadOnlyList<KnobFinding> Knobs, IReadOnlyList<KnobChoice> Recommended, IReadOnlyList<ConfirmedRow> Confirmed, IReadOnlyList<string> Notes, double Minutes)
{
    /// <summary>Changes of code (chunked uploads, compression per call), screened like the knobs against the same default, never combined with them.</summary>
    public IReadOnlyList<KnobFinding> Alternatives { get; init; } = [];

    /// <summary>Where the host's CPU goes at the screening rate: default, recommended and Grpc.Core, each profiled once.</summary>
    public IReadOnlyList<HostProfileRow> Profiles { get; init; } = [];

    /// <summary>How the knobs were screened (saturated throughput, factorial designs); null in advice that searched each value's capacity instead (before schema 3).</summary>
    public ScreenSummary? Screen { get; init; }

    /// <summary>The path from the defaults toward Grpc.Core, one decided change at a time, and its floors; null in advice from before the path.</summary>
    public MigrationPath? Path { get; init; }

    /// <summary>Grpc.Core's own memory settings screened against its defaults; null in advice from before it was, or where the budget left it out.</summary>
    public GrpcCoreMemorySummary? GrpcCoreMemory { get; init; }
}

/// <summary>
/// The Grpc.Core host's memory settings (glibc's malloc tunables, the GC's memory knobs) screened against Grpc.Core's
/// defaults on saturated throughput, like the knobs: what the old stack would gain from the kind of setting the new one
/// is tuned with. Grpc.Core stays the baseline at its defaults.
/// </summary>
/// <param name="EarlySpread">The coefficient of variation of Grpc.Core's first runs at its defaults.</param>
public sealed record GrpcCoreMemorySummary(int EarlyRuns, double EarlySpread, IReadOnlyList<ScreenStage> Stages, IReadOnlyList<KnobFinding> Knobs, double Minutes);

/// <summary>
/// The screen: saturated throughput runs (<see cref="ThroughputResult"/>), each on a fresh host, the knob values in
/// two-level factorial designs with the design alternatives (in ABBA blocks in runs before they joined the design), the
/// winners confirmed on fresh runs.
/// </summary>
/// <param name="Load">What one run loads, in words.</param>
/// <param name="EarlySpread">The coefficient of variation of the default's first runs (log throughput's standard deviation).</param>
/// <param name="AskedThreshold">The threshold asked for; <see cref="AdviceSummary.Threshold"/> is the one decided at, wider when the early spread was too high for it.</param>
/// <param name="Confirmed">Default, recommended and Grpc.Core, interleaved and repeated on fresh runs.</param>
/// <param name="Minutes">What the screen took, from the read-backs to its last fit (issue 40 asks for its decisions within 30 minutes a runtime); null in runs before it was kept.</param>
public sealed record ScreenSummary(string Load, int EarlyRuns, double EarlySpread, double AskedThreshold, IReadOnlyList<ScreenStage> Stages,
    IReadOnlyList<ConfirmedThroughput> Confirmed, double? Minutes = null);

/// <summary>One factorial design of the screen and its fit.</summary>
/// <param name="Name">"every value", "follow-up 1", ... (runs before one design held every value: "first values", "second values")</param>
/// <param name="DesignRuns">The design's runs (Plackett-Burman, with its foldover if <paramref name="Foldover"/>); <paramref name="Runs"/> adds the default runs spread through it.</param>
/// <param name="ClientBound">Runs in which the load worker was busier than the host and near its limit.</param>
/// <param name="RunSpread">The fit's residual standard deviation of log throughput: about one run's coefficient of variation.</param>
/// <param name="DriftPerRun">Throughput's change from one run to the next over the stage, as a ratio.</param>
/// <param name="MachineSpread">The machine's speed probe (a fixed work timed before each run) over the stage's runs: its spread (standard deviation of its log); null where not timed.</param>
/// <param name="MachineElasticity">Throughput ~ probe^elasticity in the fit (about -1 where the machine's slow spells slowed the runs); null where the probe was not in the fit.</param>
public sealed record ScreenStage(string Name, IReadOnlyList<string> Factors, int DesignRuns, bool Foldover, int Runs, int Failed, int ClientBound,
    double? RunSpread, double? DriftPerRun, int? DegreesOfFreedom, double? MachineSpread = null, double? MachineElasticity = null)
{
    /// <summary>Runs its fit set aside as outliers (named in the advice's notes); 0 in runs before outliers were.</summary>
    public int SetAside { get; init; }

    /// <summary>The first stage: every knob value in one design.</summary>
    public const string EveryValue = "every value";

    /// <summary>The row of every stage fitted together (a level for each stage): the fit the verdicts come from.</summary>
    public const string AllStages = "all stages, fitted together";

    /// <summary>The same row as runs before the follow-up stages named it.</summary>
    public const string BothStages = "both, fitted together";

    public bool FittedTogether => Name is AllStages or BothStages;
}

/// <summary>A configuration of the confirming throughput runs.</summary>
/// <param name="Decision">Against the default: "higher", "lower", "same" or "unknown"; null for the default itself.</param>
public sealed record ConfirmedThroughput(string Name, string Label, Spread? PerSecond, Spread? VersusDefault, Spread? VersusGrpcCore, string? Decision,
    Spread? HostCpuMsPerCall, Spread? OtherP99Ms, Spread? HostPeakRssMiB)
{
    /// <summary>The host's minor page faults per searched call, over the span of its CPU per call; null where not counted.</summary>
    public Spread? HostFaultsPerCall { get; init; }
}

/// <summary>One knob at one value, and the line a team keeps it with.</summary>
/// <param name="Kind">"HostRuntime", "Kestrel", "Client", "ClientRuntime", "Design" for a design alternative, or "Together" for several values taken as one step of the path.</param>
public sealed record KnobChoice(string Knob, string Value, string Setting, string Kind, string Code)
{
    public const string TogetherKind = "Together";

    /// <summary>Several knob values as one change: named by their count, valued by the list of them, kept by all their lines.</summary>
    public static KnobChoice Together(IReadOnlyList<KnobChoice> choices) => new($"{choices.Count} settings together", string.Join(", ", choices.Select(c => $"`{c.Knob}` = {c.Value}")),
        string.Join("; ", choices.Select(c => c.Setting)), TogetherKind, string.Join("\n", choices.Select(c => c.Code))) { Parts = choices };

    /// <summary>The values it stands for where it is several together; else null.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<KnobChoice>? Parts { get; init; }

    /// <summary>Each value apart: its parts, or itself.</summary>
    public IEnumerable<KnobChoice> Apart() => Parts ?? [this];

    /// <summary>How a report names it: "`knob` = value", or "N settings together: `a` = 1, `b` = 2".</summary>
    public string Named() => Kind == TogetherKind ? $"{Knob}: {Value}" : $"`{Knob}` = {Value}";
}

/// <summary>A knob value against the default, every figure a ratio (value / default) with its interval.</summary>
/// <param name="Verdict">"helps", "hurts", "no effect found", "could not tell" (too few or too noisy searches) or "not on this runtime".</param>
/// <param name="Searches">The searches (or, screened, the runs) with the value.</param>
/// <param name="Capacity">Capacity with the value over the default's.</param>
/// <param name="ServerCpu">Host CPU per call at the screening rate, over the default's (below 1: cheaper); screened: per upload of the saturated runs.</param>
/// <param name="P99">p99 of the searched scenario at the screening rate, over the default's; screened: getInt's beside the saturated uploads.</param>
/// <param name="SmallestEffectSeen">The run could have seen a capacity effect this large (the interval's farthest reach from 1); smaller ones it could not tell from noise.</param>
/// <param name="Reported">The value as the host reported it back from its ready line (the effective one); null for client knobs.</param>
/// <param name="Throughput">Saturated throughput with the value over the default's, with its 95 % interval (the screen's fit); null where capacity was searched instead.</param>
public sealed record KnobFinding(KnobChoice Choice, string Meaning, int Searches, Spread? Capacity, string? CapacityDecision, Spread? ServerCpu, string? ServerCpuDecision,
    Spread? P99, Spread? ClientCpu, Spread? ServerRss, string Verdict, double? SmallestEffectSeen, string? Reported, Spread? Throughput = null)
{
    /// <summary>Undecided at the asked threshold: the one at which it would be "no effect found" (its 90 % interval's reach); null where decided.</summary>
    public double? NeedsThreshold { get; init; }

    /// <summary>The host's minor page faults per call over the default's (screened runs); null where not counted.</summary>
    public Spread? HostFaults { get; init; }
}

/// <summary>A configuration of the confirming run.</summary>
/// <param name="Name">"default", "recommended" or "Grpc.Core".</param>
/// <param name="Decision">Against the default: "higher", "lower", "same" or "unknown"; null for the default itself.</param>
public sealed record ConfirmedRow(string Name, string Label, Spread? Capacity, Spread? VersusDefault, Spread? VersusGrpcCore, string? Decision,
    Spread? P99AtScreening, Spread? ServerCpuMsPerCall, Spread? ServerRssMiB);

/// <summary>
/// One configuration's host profiled at the screening rate (EventPipe's sample profiler, GrpcBench.Profiling): per
/// component, its share of the managed samples and the thread time it took per call (its samples x the sampler's
/// period over the calls of the profiled span); what the process's CPU time holds beyond that (native code such as
/// C-core, the kernel, GC, threads the runtime does not sample) is unattributed.
/// </summary>
/// <param name="Name">"default", "recommended" or "Grpc.Core".</param>
/// <param name="CpuSamples">Samples of threads running managed code; native code (C-core) and waiting are apart, in <paramref name="NativeOrWaitingSamples"/>.</param>
/// <param name="Failure">Why there is no profile (the exception's type and message first); null when there is one.</param>
/// <param name="SampleIntervalMs">The sampler's measured period; null in summaries from before thread time (their MsPerCall is a share of the CPU per call).</param>
/// <param name="UnattributedMsPerCall">The host's CPU per call less the managed thread time per call; negative when runnable managed threads waited for a CPU.</param>
public sealed record HostProfileRow(string Name, string Label, double? ServerCpuMsPerCall, int CpuSamples, int NativeOrWaitingSamples,
    IReadOnlyList<ComponentCost> Components, IReadOnlyList<string> TopMethods, string? Failure = null, double? SampleIntervalMs = null,
    double? UnattributedMsPerCall = null)
{
    /// <summary>perf's CPU clock over the same span: every component's CPU per call, native code (C-core, kernel, GC, JIT) included; null where perf could not run.</summary>
    public IReadOnlyList<ComponentCost>? Native { get; init; }

    /// <summary>The CPU per call perf's samples add up to: beside <see cref="ServerCpuMsPerCall"/>, the check that they saw it all.</summary>
    public double? NativeMsPerCall { get; init; }

    /// <summary>Why there is no native profile (perf missing or refused).</summary>
    public string? NativeFailure { get; init; }

    /// <summary>The calls of the load that completed, over the span the CPU time covers: what the figures per call divide by.</summary>
    public long OkCalls { get; init; }

    /// <summary>The calls that failed meanwhile, by status code (a profiler slows the host): their work is in the CPU, not in the calls.</summary>
    public IReadOnlyDictionary<string, long> FailsByCode { get; init; } = new Dictionary<string, long>();

    public long FailedCalls => FailsByCode.Values.Sum();
}

/// <summary>A component's share of the host's managed samples, and the thread time per call they stand for.</summary>
public sealed record ComponentCost(string Component, double Percent, double? MsPerCall);
