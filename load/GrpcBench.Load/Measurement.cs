using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>What one load worker's run against a served configuration measured, on both sides.</summary>
/// <param name="LoadSeconds">From the end of the worker's warm-up to its figures: the span both sides' CPU times are over, and its calls counted.</param>
/// <param name="Failure">Why the measurement is not whole: the host died, the worker failed, or the CPUs were not as asked; null if it is.</param>
public sealed record Measurement(WorkerOutcome Worker, string? Failure, string? HostRuntime, IReadOnlyDictionary<string, string> Components,
    IReadOnlyDictionary<string, System.Text.Json.JsonElement>? HostSettings, double? ServerCpuSeconds, double? ServerPeakRssMiB, CpuRecord? Cpus,
    long? WireBytes, double LoadSeconds = 0)
{
    /// <summary>The share of the span the hypervisor took from the host's CPUs (steal time: <see cref="CpuSteal"/>); null where /proc/stat could not tell.</summary>
    public double? HostStolenShare { get; init; }

    /// <summary>The same of the load worker's CPUs.</summary>
    public double? WorkerStolenShare { get; init; }

    /// <summary>The host's page faults over the same span as its CPU time; null without a host process.</summary>
    public PageFaults? ServerFaults { get; init; }
}
