using GrpcBench.Load.Engine;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Results;

/// <summary>summary.json: everything a run produced and everything that produced it.</summary>
/// <param name="Status">"completed", "cancelled" (Ctrl+C; what ran is kept) or "failed" (at least one configuration failed).</param>
/// <param name="CommandLine">The arguments the tool was started with.</param>
/// <param name="OfferedLoad">The load every configuration got, the same for all: scenario name to its simulations in words and payload size.</param>
public sealed record LoadRunSummary(
    string Preset,
    string Status,
    string CommandLine,
    RunRecord Run,
    IReadOnlyDictionary<string, ScenarioLoad> OfferedLoad,
    IReadOnlyList<ConfigurationResult> Configurations);

/// <param name="Simulations">e.g. ["ramping inject to 50 per 1 s over 30 s", "ramping inject to 20 per 1 s over 30 s"].</param>
public sealed record ScenarioLoad(IReadOnlyList<string> Simulations, string WarmUp, long PayloadBytes, string CallTimeout);

/// <summary>One configuration's outcome. A failed one keeps what it measured before it failed.</summary>
/// <param name="Status">"ok", "failed" (with <see cref="Reason"/>: a host that died, a runtime that reported another version) or "skipped" (a runtime not installed).</param>
/// <param name="HostRuntimeReported">RuntimeInformation.FrameworkDescription of the host process.</param>
/// <param name="ClientRuntimeReported">The same of the process that made the calls.</param>
/// <param name="Components">The gRPC assemblies and versions the host and the client loaded; "grpcApi" says "built-here" or a package version.</param>
/// <param name="HostSettings">The host's effective settings, from its ready line.</param>
public sealed record ConfigurationResult(
    LoadConfiguration Configuration,
    string Status,
    string? Reason,
    string? HostRuntimeReported,
    string? ClientRuntimeReported,
    IReadOnlyDictionary<string, string> Components,
    IReadOnlyDictionary<string, System.Text.Json.JsonElement>? HostSettings,
    double? ServerCpuSeconds,
    double? ServerPeakRssMiB,
    double? ClientCpuSeconds,
    IReadOnlyList<ScenarioStats> Scenarios)
{
    public ScenarioStats? Scenario(string name) => Scenarios.FirstOrDefault(s => s.Name == name);
}

public static class ScenarioNames
{
    public const string GetInt = "getInt";
    public const string SendLargeData = "sendLargeData";
}
