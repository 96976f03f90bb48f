namespace GrpcBench.Load.Results;

/// <summary>summary.json: everything a run produced and everything that produced it.</summary>
/// <param name="CommandLine">The arguments the tool was started with.</param>
/// <param name="OfferedLoad">The load every configuration got, the same for all: scenario name to its simulations in words and payload size.</param>
public sealed record LoadRunSummary(
    string Preset,
    RunStatus Status,
    string CommandLine,
    RunRecord Run,
    IReadOnlyDictionary<string, ScenarioLoad> OfferedLoad,
    IReadOnlyList<ConfigurationResult> Configurations)
{
    /// <summary>The shape of summary.json (<see cref="SummaryJson.SchemaVersion"/> when written); null in files written before it had one (version 1).</summary>
    [System.Text.Json.Serialization.JsonPropertyOrder(-1)]
    public int? SchemaVersion { get; init; }

    /// <summary>The run's configuration as <c>--print-config</c> writes it: every option given, by <c>--config FILE</c> or the command line, with its values; null in files written before 2026-12-04.</summary>
    public IReadOnlyDictionary<string, string[]>? Config { get; init; }

    /// <summary>Why the run stopped before its end, where a fault of the bench's own stopped it (the exception's type and message); null otherwise.</summary>
    public string? Reason { get; init; }

    /// <summary>Each preset's own part, under its key (<see cref="SummarySections"/>); null for none.</summary>
    [System.Text.Json.Serialization.JsonExtensionData]
    public Dictionary<string, object>? Sections { get; init; }

    /// <summary>Under the closed model (--concurrency, --requests): every configuration's scenarios in the go-micro comparison's columns.</summary>
    public IReadOnlyList<ClosedModelRow>? ClosedModelTable { get; init; }
}

/// <param name="Simulations">e.g. ["ramping inject to 50 per 1 s over 30 s", "ramping inject to 20 per 1 s over 30 s"].</param>
public sealed record ScenarioLoad(IReadOnlyList<string> Simulations, string WarmUp, long PayloadBytes, string CallTimeout);

/// <summary>One configuration's outcome. A failed one keeps what it measured before it failed.</summary>
public sealed record ConfigurationResult
{
    public required LoadConfiguration Configuration { get; init; }

    public required ConfigurationStatus Status { get; init; }

    /// <summary>Why it failed, was skipped or cancelled (the exception's type and message first); null when ok.</summary>
    public string? Reason { get; init; }

    /// <summary>RuntimeInformation.FrameworkDescription of the host process.</summary>
    public string? HostRuntimeReported { get; init; }

    /// <summary>The same of the process that made the calls.</summary>
    public string? ClientRuntimeReported { get; init; }

    /// <summary>The gRPC assemblies and versions the host and the client loaded, with their package versions.</summary>
    public IReadOnlyDictionary<string, string> Components { get; init; } = new Dictionary<string, string>();

    /// <summary>The host's effective settings, from its ready line.</summary>
    public IReadOnlyDictionary<string, System.Text.Json.JsonElement>? HostSettings { get; init; }

    public double? ServerCpuSeconds { get; init; }
    public double? ServerPeakRssMiB { get; init; }
    public double? ClientCpuSeconds { get; init; }

    /// <summary>The host's page faults over the span of <see cref="ServerCpuSeconds"/>; null where not counted (before schema 4, capacity probes).</summary>
    public PageFaults? ServerFaults { get; init; }

    /// <summary>The load worker's page faults over the span of <see cref="ClientCpuSeconds"/>.</summary>
    public PageFaults? ClientFaults { get; init; }

    public IReadOnlyList<ScenarioStats> Scenarios { get; init; } = [];

    /// <summary>The load worker's peak resident memory.</summary>
    public double? ClientPeakRssMiB { get; init; }

    /// <summary>Bytes that crossed the shaped link (its loopback's counter), both directions, warm-up included; null without a link.</summary>
    public long? WireBytes { get; init; }

    /// <summary>The CPUs host and worker had, as read from /proc while they ran; null where the worker never began its load.</summary>
    public CpuRecord? Cpus { get; init; }

    /// <summary>With the capacity preset: the search's outcome and every probe; <see cref="Scenarios"/> then holds the figures at the capacity.</summary>
    public CapacityResult? Capacity { get; init; }

    /// <summary>With the capacity preset: CPU and memory per call at a rate every configuration of the mix held.</summary>
    public CallCost? Cost { get; init; }

    /// <summary>With repeats: which of them (1 to N) this result is.</summary>
    public int? Repeat { get; init; }

    public IReadOnlyDictionary<string, string>? ClientRuntimeKnobs { get; init; }

    /// <summary>
    /// What the load worker's TCP connections to the host carried, both ways, warm-up included, as the kernel counts them
    /// (tcp_info: HTTP/2 frames, headers and TLS records, not TCP/IP headers); null over a Unix domain socket or where not read.
    /// </summary>
    public long? ConnectionBytes { get; init; }

    /// <summary>With the advise preset's screen: the saturated-throughput run this result is.</summary>
    public ThroughputResult? Throughput { get; init; }

    public ScenarioStats? Scenario(string name) => Scenarios.FirstOrDefault(s => s.Name == name);
}

public static class ScenarioNames
{
    public const string GetInt = "getInt";
    public const string SendLargeData = "sendLargeData";

    /// <summary>The query's records as one server stream.</summary>
    public const string StreamRecords = "streamRecords";

    /// <summary>The same records as unary pages, each asked for with the previous page's token.</summary>
    public const string Pages = "pages";

    /// <summary>The same pages, the first for the total, then the rest by skip with 10 in flight.</summary>
    public const string PagesConcurrent = "pagesConcurrent";

    /// <summary>The sendLargeData payload as a client stream of chunks.</summary>
    public const string UploadChunks = "uploadChunks";

    public static readonly IReadOnlyList<string> All = [GetInt, SendLargeData, StreamRecords, Pages, PagesConcurrent, UploadChunks];

    /// <summary>Read everything once: run closed-model, one call at a time, so that each call's time is the transfer's own.</summary>
    public static bool IsTransfer(string scenario) => scenario is StreamRecords or Pages or PagesConcurrent;
}

/// <summary>The per-call measurements beyond latency that steps report (<c>ScenarioStats.Measures</c>).</summary>
public static class Measures
{
    /// <summary>From the call's start to its first record, ms.</summary>
    public const string FirstRecordMs = "firstRecordMs";

    /// <summary>Records a call received.</summary>
    public const string Records = "records";

    /// <summary>Records a call received over its time to the last one.</summary>
    public const string RecordsPerSecond = "recordsPerSecond";
}
