using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Tests;

/// <summary>
/// Synthetic runs for the reporting tests: the figures are made up (no process runs), chosen so that every ratio is
/// easy to check by hand. What is under test is the reporting's arithmetic and wording, not a measurement.
/// </summary>
internal static class SampleRuns
{
    public const long TwentyMiB = 20 * 1024 * 1024;

    private static readonly Dictionary<string, string> None = new();

    public static LoadConfiguration Grpc(string server, string client, string runtime = "net8.0", string transport = "h2c",
        string kestrelProfile = "default", string? clientRuntime = null, string clientProfile = "default", string compression = "none") =>
        new(ConfigurationKind.Grpc, Terms.Parse<ServerStack>(server), Terms.Parse<ClientStack>(client), runtime, clientRuntime ?? runtime, Terms.Parse<Compression>(compression),
            Terms.Parse<Transport>(transport), server == "kestrel" ? kestrelProfile : "n/a", None, clientProfile, None);

    public static LoadConfiguration GrpcCore(string runtime = "net8.0", string transport = "h2c", string? clientRuntime = null) =>
        Grpc("grpc-core", "grpc-core", runtime, transport, clientRuntime: clientRuntime);

    public static LoadConfiguration Kestrel(string runtime = "net8.0", string transport = "h2c", string profile = "default", string? clientRuntime = null) =>
        Grpc("kestrel", "grpc-net", runtime, transport, profile, clientRuntime);

    public static LoadConfiguration RawTcp(string runtime = "net8.0") =>
        new(Baselines.RawTcp, ServerStack.Socket, ClientStack.Socket, runtime, runtime, Compression.None, Transport.Tcp, "n/a", None, "default", None);

    /// <summary>A completed configuration; p50 is half the p99 unless given.</summary>
    public static ConfigurationResult Ok(LoadConfiguration configuration, double uploadP99, double getIntP99, double? uploadP50 = null,
        IReadOnlyDictionary<string, long>? getIntFails = null, IReadOnlyDictionary<string, long>? uploadFails = null) =>
        new()
        {
            Configuration = configuration, Status = ConfigurationStatus.Ok, HostRuntimeReported = ".NET 8.0.11", ClientRuntimeReported = ".NET 8.0.11",
            Components = new Dictionary<string, string> { ["Grpc.Core.Api"] = "2.85.0", ["Grpc.Core"] = "2.46.5" },
            ServerCpuSeconds = 12.5, ServerPeakRssMiB = 250.4, ClientCpuSeconds = 8.4,
            Scenarios =
            [
                Stats(ScenarioNames.SendLargeData, uploadP50 ?? uploadP99 / 2, uploadP99, uploadFails ?? new Dictionary<string, long>()),
                Stats(ScenarioNames.GetInt, getIntP99 / 2, getIntP99, getIntFails ?? new Dictionary<string, long>()),
            ],
            ClientPeakRssMiB = 96.5,
        };

    public static ConfigurationResult Failed(LoadConfiguration configuration, string reason, ConfigurationStatus status = ConfigurationStatus.Failed) =>
        new() { Configuration = configuration, Status = status, Reason = reason };

    public static ScenarioStats Stats(string name, double p50, double p99, IReadOnlyDictionary<string, long> fails)
    {
        var latency = new LatencyStats(600, p50 / 2, p50 * 1.1, p99 * 1.5, p50 / 3, p50, p50 * 1.2, p99 * 0.9, p99, p99 * 1.2);
        var failed = fails.Values.Sum();
        return new ScenarioStats(name, 600, failed, fails, 30, 20, 19.98, 4.5, 1.25, 600L * 1024, 600L * 7, latency,
            failed == 0 ? LatencyStats.Empty : new LatencyStats((int)failed, 30_000, 30_000, 30_000, 0, 30_000, 30_000, 30_000, 30_000, 30_000),
            Invocations: 600, Calls: Timeline(600, failed, p50));
    }

    /// <summary>
    /// Calls at 20 per second, ok ones with a latency that grows from half to twice <paramref name="p50"/> (a queue
    /// building up) with a deterministic wobble, the failed ones at the end, at a 30 s call timeout.
    /// </summary>
    public static IReadOnlyList<CallPoint> Timeline(int ok, long failed, double p50) =>
    [
        .. Enumerable.Range(0, ok).Select(i => new CallPoint(i / 20.0, p50 * (0.5 + 1.5 * i / ok) * (1 + 0.2 * Math.Sin(i)), true)),
        .. Enumerable.Range(ok, (int)failed).Select(i => new CallPoint(i / 20.0, 30_000, false)),
    ];

    public static LoadRunSummary Summary(params ConfigurationResult[] configurations) => new(
        "seed",
        configurations.Any(c => c.Status != ConfigurationStatus.Ok) ? RunStatus.Failed : RunStatus.Completed,
        "--preset seed --out results/sample",
        new RunRecord("abc123def456", new MachineRecord(2, 7.8, "Debian GNU/Linux 12", "Sample CPU @ 2.00GHz", null), DateTimeOffset.Parse("2026-11-22T10:00:00Z")),
        new Dictionary<string, ScenarioLoad>
        {
            [ScenarioNames.GetInt] = new(["ramping inject to 50 per 1 s over 15 s", "ramping inject to 20 per 1 s over 15 s"], "3 s at the first phase's rate, not counted", 0, "30 s"),
            [ScenarioNames.SendLargeData] = new(["ramping inject to 50 per 1 s over 15 s", "ramping inject to 20 per 1 s over 15 s"], "3 s at the first phase's rate, not counted", TwentyMiB, "30 s"),
        },
        configurations);
}
