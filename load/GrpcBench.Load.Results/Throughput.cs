namespace GrpcBench.Load.Results;

/// <summary>
/// A saturated-throughput run: the searched scenario's calls per second with a few callers in a closed loop (each
/// starting its next call when its previous one ends), the mix's other scenarios (getInt) beside them at their fixed
/// rate, on a host started for the run. Every figure is over the measured span, after the warm-up: the calls, both
/// sides' CPU time, the seconds.
/// </summary>
/// <param name="Scenario">The scenario whose calls are counted (sendLargeData, or uploadChunks for the chunked alternative; "service": a team's methods that share the rate).</param>
/// <param name="Callers">Its callers at once.</param>
/// <param name="Seconds">The measured span: from the end of the warm-up to the last call's end.</param>
/// <param name="Calls">The searched scenario's calls that succeeded over it.</param>
/// <param name="Failed">Calls of any scenario that failed over it.</param>
/// <param name="HostCpuSeconds">The host's CPU time over the span; null without a host process.</param>
/// <param name="ClientCpuSeconds">The load worker's.</param>
/// <param name="HostCpus">CPUs the host had (its pinned set; the machine's when shared).</param>
/// <param name="ClientCpus">CPUs the load worker had.</param>
/// <param name="OtherP99Ms">p99 of each other scenario (getInt) over the span, from each call's scheduled start.</param>
public sealed record ThroughputResult(string Scenario, int Callers, double Seconds, long Calls, long Failed, double? HostCpuSeconds, double? ClientCpuSeconds,
    int HostCpus, int ClientCpus, IReadOnlyDictionary<string, double> OtherP99Ms)
{
    /// <summary>
    /// A fixed piece of work's CPU time on the host's and the worker's CPUs just before the run (GrpcBench.Orchestration's
    /// MachineSpeed), in ms: higher, the machine was slower; null where it could not be timed.
    /// </summary>
    public double? MachineMs { get; init; }

    /// <summary>
    /// The share of the measured span the hypervisor took from the host's CPUs for other machines (steal time, /proc/stat):
    /// a run that lost much of it ran on less machine than the others; null where not read (runs before it was).
    /// </summary>
    public double? HostStolenShare { get; init; }

    /// <summary>The same of the load worker's CPUs.</summary>
    public double? ClientStolenShare { get; init; }

    /// <summary>The larger of the two: what the run lost to the hypervisor on either side.</summary>
    public double? StolenShare => HostStolenShare is null && ClientStolenShare is null ? null : Math.Max(HostStolenShare ?? 0, ClientStolenShare ?? 0);

    /// <summary>The steal a run is named for: a twentieth of a CPU taken away changes its throughput as much as a small knob.</summary>
    public const double StolenNoted = 0.05;

    /// <summary>Successful calls of the searched scenario per second.</summary>
    public double PerSecond => Seconds > 0 ? Calls / Seconds : 0;

    /// <summary>The host's CPU time per searched call, in ms: its whole CPU time (the other scenarios' calls included) over those calls.</summary>
    public double? HostCpuMsPerCall => Calls > 0 && HostCpuSeconds is { } cpu ? 1000 * cpu / Calls : null;

    /// <summary>The load worker's CPU time per searched call, in ms.</summary>
    public double? ClientCpuMsPerCall => Calls > 0 && ClientCpuSeconds is { } cpu ? 1000 * cpu / Calls : null;

    /// <summary>The host's busy share of its CPUs over the span: near 1, the host was the limit.</summary>
    public double? HostUtilization => Seconds > 0 && HostCpuSeconds is { } cpu ? cpu / Seconds / HostCpus : null;

    /// <summary>The load worker's busy share of its CPUs.</summary>
    public double? ClientUtilization => Seconds > 0 && ClientCpuSeconds is { } cpu ? cpu / Seconds / ClientCpus : null;

    /// <summary>The load worker busier than the host, and near its limit: the run measured the client as much as the server.</summary>
    public bool ClientBound => ClientUtilization >= ClientBoundUtilization && ClientUtilization > HostUtilization;

    public const double ClientBoundUtilization = 0.9;

    public static ThroughputResult Of(string scenario, int callers, double seconds, IReadOnlyList<ScenarioStats> scenarios, double? hostCpuSeconds,
        double? clientCpuSeconds, int hostCpus, int clientCpus) =>
        Of(scenario, s => s == scenario, callers, seconds, scenarios, hostCpuSeconds, clientCpuSeconds, hostCpus, clientCpus);

    /// <summary>The calls of every scenario <paramref name="counted"/> takes (a team's methods that share the rate), named <paramref name="scenario"/>.</summary>
    public static ThroughputResult Of(string scenario, Func<string, bool> counted, int callers, double seconds, IReadOnlyList<ScenarioStats> scenarios, double? hostCpuSeconds,
        double? clientCpuSeconds, int hostCpus, int clientCpus) =>
        new(scenario, callers, seconds, scenarios.Where(s => counted(s.Name)).Sum(s => s.Ok), scenarios.Sum(s => s.Failed), hostCpuSeconds, clientCpuSeconds,
            hostCpus, clientCpus, scenarios.Where(s => !counted(s.Name) && s.Latency.Count > 0).ToDictionary(s => s.Name, s => s.Latency.P99));
}
