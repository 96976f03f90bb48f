using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>The sets a run is made of; every configuration of the run gets the same <see cref="Load"/>.</summary>
public sealed record RunPlan(
    string Preset,
    IReadOnlyList<ServerStack> Servers,
    IReadOnlyList<ClientStack> Clients,
    string Pairs,
    IReadOnlyList<string> Runtimes,
    string? ClientRuntime,
    IReadOnlyList<Compression> Compressions,
    IReadOnlyList<Transport> Transports,
    IReadOnlyList<string> KestrelProfiles,
    IReadOnlyList<string> ClientProfiles,
    IReadOnlyDictionary<string, string> KestrelSettings,
    IReadOnlyDictionary<string, string> ClientSettings,
    IReadOnlyList<ConfigurationKind> Baselines,
    LoadShape Load)
{
    /// <summary>Scenario sets, each run by its own configurations (alone, or beside getInt); null for one set, the load's <c>Scenarios</c>.</summary>
    public IReadOnlyList<IReadOnlyList<string>>? ScenarioSets { get; init; }

    /// <summary>sendLargeData / uploadChunks sizes, one configuration each; empty for the load's <c>PayloadBytes</c>.</summary>
    public IReadOnlyList<long> PayloadSizes { get; init; } = [];

    /// <summary>Records per page, for the sets that read pages.</summary>
    public IReadOnlyList<int> PageSizes { get; init; } = [1_000];

    /// <summary>Chunk sizes, for the sets that upload in chunks.</summary>
    public IReadOnlyList<int> ChunkSizes { get; init; } = [1024 * 1024];

    /// <summary>"default", "fastest", "optimal": per compressed configuration whose stacks can set a level.</summary>
    public IReadOnlyList<string> CompressionLevels { get; init; } = ["default"];

    /// <summary>ExampleService's message encodings, one configuration each: "protobuf", "json".</summary>
    public IReadOnlyList<string> Codecs { get; init; } = ["protobuf"];

    /// <summary>Where each configuration's host and worker run.</summary>
    public CpuPlacement Cpus { get; init; } = CpuPlacement.Shared;

    /// <summary>The preset small and short (--quick).</summary>
    public bool Quick { get; init; }

    /// <summary>Other presets than capacity: how many times each configuration runs, interleaved (--repeat; 1 by default).</summary>
    public int Repeat { get; init; } = 1;

    /// <summary>With the capacity preset: its mixes, repeats, arrivals, SLO and threshold.</summary>
    public CapacityOptions? Capacity { get; init; }

    /// <summary>With the advise preset: its knobs, budget and mix.</summary>
    public AdviseOptions? Advise { get; init; }

    /// <summary>With the soak preset: its rates and length.</summary>
    public SoakOptions? Soak { get; init; }

    /// <summary>Runtime knobs of the Kestrel hosts as environment variables (--host-env DOTNET_gcServer=0); empty for none.</summary>
    public IReadOnlyDictionary<string, string> HostEnvironment { get; init; } = new Dictionary<string, string>();

    /// <summary>Runtime knobs of the grpc-dotnet clients' load workers as environment variables (--client-env DOTNET_...); empty for none.</summary>
    public IReadOnlyDictionary<string, string> ClientEnvironment { get; init; } = new Dictionary<string, string>();

    /// <summary>"none" or link rates such as "20mbit" (<see cref="GrpcBench.Orchestration.ShapedLink"/>).</summary>
    public IReadOnlyList<string> Links { get; init; } = ["none"];

    /// <summary>A server the bench did not start (--target): every client runs against it, no host is started.</summary>
    public string? Target { get; init; }

    /// <summary>The PEM file an https --target is checked against (--target-ca).</summary>
    public string? TargetCa { get; init; }

    /// <summary>What the text on the wire is, as the target's scheme says.</summary>
    public static Transport TargetTransport(Uri target) => target.Scheme switch
    {
        "https" => Transport.Tls,
        "unix" => Transport.Uds,
        _ => Transport.H2c,
    };

    public const string MatchedPairs = "matched";
    public const string AllPairs = "all";

    /// <summary>The client that migrates with each server: Grpc.Core with Grpc.Core, grpc-dotnet with Kestrel.</summary>
    private static ClientStack MatchedClient(ServerStack server) => server == ServerStack.GrpcCore ? ClientStack.GrpcCore : ClientStack.GrpcNet;

    public IReadOnlyList<LoadConfiguration> Configurations()
    {
        if (Preset == Presets.Sweep) return Presets.SweepConfigurations(this);
        if (Target is not null) return TargetConfigurations(Target);
        var configurations = new List<LoadConfiguration>();
        foreach (var runtime in Runtimes)
        foreach (var transport in Transports)
        foreach (var link in Links)
        foreach (var compression in Compressions)
        {
            foreach (var codec in Codecs)
            foreach (var workload in Workloads())
            foreach (var server in Servers)
            foreach (var client in Clients.Where(c => Pairs == AllPairs || c == MatchedClient(server)))
            foreach (var kestrelProfile in server == ServerStack.Kestrel ? KestrelProfiles : ["n/a"])
            foreach (var clientProfile in ClientProfiles)
            foreach (var level in LevelsFor(compression, server, client))
            {
                configurations.Add(Grpc(server, client, runtime, compression, transport, kestrelProfile, clientProfile,
                    server == ServerStack.Kestrel ? KestrelSettings : new Dictionary<string, string>(), ClientSettings) with
                {
                    Scenarios = workload.Scenarios,
                    PayloadBytes = workload.PayloadBytes,
                    PageSize = workload.PageSize,
                    ChunkBytes = workload.ChunkBytes,
                    CompressionLevel = level,
                    Link = link,
                    HostEnvironment = server == ServerStack.Kestrel && HostEnvironment.Count > 0 ? HostEnvironment : null,
                    ClientEnvironment = client == ClientStack.GrpcNet && ClientEnvironment.Count > 0 ? ClientEnvironment : null,
                    Codec = codec,
                });
            }
            // The floors run in this process's network namespace and know only the story's two scenarios.
            if (compression != Compression.None || link != "none" || ScenarioSets is not null) continue;
            // raw-http2 is measured over TCP (h2c, tls) only: its client knows no Unix domain socket.
            if (Baselines.Contains(ConfigurationKind.RawHttp2) && transport != Transport.Uds)
                configurations.Add(new(ConfigurationKind.RawHttp2, ServerStack.Kestrel, ClientStack.Http2, runtime, ClientRuntime ?? runtime, Compression.None, transport, "default", Empty, "default", Empty));
            if (Baselines.Contains(ConfigurationKind.RawTcp) && transport == Transport.H2c)
                configurations.Add(new(ConfigurationKind.RawTcp, ServerStack.Socket, ClientStack.Socket, runtime, ClientRuntime ?? runtime, Compression.None, Transport.Tcp, "n/a", Empty, "default", Empty));
        }
        return configurations;
    }

    /// <summary>Every gRPC client against the external target: the server's settings are its own, so they are not varied.</summary>
    private IReadOnlyList<LoadConfiguration> TargetConfigurations(string target)
    {
        var transport = TargetTransport(new Uri(target));
        return [.. from runtime in Runtimes
                   from compression in Compressions
                   from codec in Codecs
                   from workload in Workloads()
                   from client in Clients.Where(c => c is ClientStack.GrpcCore or ClientStack.GrpcNet)
                   from clientProfile in ClientProfiles
                   select Grpc(ServerStack.External, client, runtime, compression, transport, "n/a", clientProfile, Empty, ClientSettings) with
                   {
                       Scenarios = workload.Scenarios,
                       PayloadBytes = workload.PayloadBytes,
                       PageSize = workload.PageSize,
                       ChunkBytes = workload.ChunkBytes,
                       Target = target,
                       TargetCa = TargetCa,
                       Codec = codec,
                   }];
    }

    /// <summary>What the configurations call, beside the stacks: each scenario set with each size, page size and chunk size that applies to it.</summary>
    private IEnumerable<(IReadOnlyList<string>? Scenarios, long? PayloadBytes, int? PageSize, int? ChunkBytes)> Workloads()
    {
        foreach (var set in ScenarioSets ?? [null!])
        {
            var scenarios = set ?? Load.Scenarios;
            IEnumerable<long?> sizes = PayloadSizes.Count > 0 && scenarios.Any(s => s is ScenarioNames.SendLargeData or ScenarioNames.UploadChunks)
                ? PayloadSizes.Select(s => (long?)s) : [null];
            IEnumerable<int?> pages = scenarios.Any(s => s is ScenarioNames.Pages or ScenarioNames.PagesConcurrent) ? PageSizes.Select(p => (int?)p) : [null];
            IEnumerable<int?> chunks = scenarios.Contains(ScenarioNames.UploadChunks) ? ChunkSizes.Select(c => (int?)c) : [null];
            foreach (var size in sizes)
            foreach (var page in pages)
            foreach (var chunk in chunks)
                yield return (set, size, page, chunk);
        }
    }

    /// <summary>
    /// The levels asked for where a stack can set one: Kestrel's responses and grpc-dotnet's requests. Grpc.Core with
    /// Grpc.Core can set none (C-core's "level" picks among algorithms), so it runs once, at "n/a".
    /// </summary>
    private IReadOnlyList<string> LevelsFor(Compression compression, ServerStack server, ClientStack client) =>
        compression == Compression.None || CompressionLevels.SequenceEqual(["default"]) ? ["default"]
        : server == ServerStack.GrpcCore && client == ClientStack.GrpcCore ? ["n/a"]
        : CompressionLevels;

    public LoadConfiguration Grpc(ServerStack server, ClientStack client, string runtime, Compression compression, Transport transport, string kestrelProfile,
        string clientProfile, IReadOnlyDictionary<string, string> kestrelSettings, IReadOnlyDictionary<string, string> clientSettings) =>
        new(ConfigurationKind.Grpc, server, client, runtime, ClientRuntime ?? runtime, compression, transport, kestrelProfile, kestrelSettings, clientProfile, clientSettings);

    private static readonly IReadOnlyDictionary<string, string> Empty = new Dictionary<string, string>();
}

/// <summary>Named sets of configurations and loads.</summary>
public static class Presets
{
    /// <summary>The migration story: both scenarios at once on a ramp to 50/s then 20/s, the two migration pairs, every Kestrel profile, h2c and TLS.</summary>
    public const string Seed = "seed";

    /// <summary>Kestrel and client settings that matter, one at a time from the default, then the best of each together.</summary>
    public const string Sweep = "sweep";

    /// <summary>The query's records as one server stream, as pages one after the other, and as pages 10 at a time, at page sizes 100, 1,000 and 10,000.</summary>
    public const string Streaming = "streaming";

    /// <summary>20 and 100 MiB as one unary message and as a client stream of 64 KiB, 1 MiB and 4 MiB chunks, alone and beside getInt.</summary>
    public const string Chunked = "chunked";

    /// <summary>100 B, 1.9 MB of text, 20 MiB and the 5,000-record stream over a loopback shaped to 1 Gbit/s, 100 and 20 Mbit/s, with none, gzip and deflate.</summary>
    public const string SlowLink = "slow-link";

    /// <summary>The highest steady rate each configuration holds within an SLO, for uploads, getInt and both, repeated: which settings close the gap.</summary>
    public const string Capacity = "capacity";

    /// <summary>Which settings close the gap: every knob screened against Kestrel's defaults, the winners combined and confirmed beside Grpc.Core.</summary>
    public const string Advise = "advise";

    /// <summary>The story's mix at a steady rate for 30 minutes (quick: 2), both processes' memory sampled: does either grow, does a call fail.</summary>
    public const string Soak = "soak";

    /// <summary>h2c, TLS and UDS x protobuf and JSON x the migration pairs (and the cross pairs) for getInt, 1 KiB and 1 MiB, 100 callers for 100,000 requests: the go-micro table.</summary>
    public const string Transports = "transports";

    public static readonly IReadOnlyList<string> Names = [Seed, Sweep, Streaming, Chunked, SlowLink, Capacity, Advise, Soak, Transports];

    /// <summary>The go-micro comparison's load: 100 callers, 100,000 requests per configuration (10 minutes at most), after 2 s of warm-up.</summary>
    public static readonly LoadShape TransportsLoad = new([new(1, 1, Constant: true)], 1024, 2, 30) { Closed = new(100, 100_000, 600) };

    /// <summary>2,000 requests, a minute at most: what CI runs.</summary>
    public static readonly LoadShape QuickTransportsLoad = TransportsLoad with { WarmUpSeconds = 1, Closed = new(100, 2_000, 60) };

    /// <summary>Each transfer read over and over for 6 s after a 2 s warm-up; a stream of 1,000,000 records takes seconds, hence the 60 s deadline.</summary>
    public static readonly LoadShape StreamingLoad = new([new(1, 6, Constant: true)], 0, 2, 60) { Scenarios = [ScenarioNames.StreamRecords], RecordCount = 100_000 };

    /// <summary>Uploads at 2/s for 5 s, getInt beside them at a steady 50/s: enough small calls for a p99 behind every upload.</summary>
    public static readonly LoadShape ChunkedLoad = new([new(2, 5, Constant: true)], 20 * 1024 * 1024, 2, 30)
        { Scenarios = [ScenarioNames.UploadChunks, ScenarioNames.GetInt], GetIntPerSecond = 50 };

    /// <summary>One call at a time for 3 s after one warm-up second: at 20 Mbit/s a 20 MiB call alone takes 8.4 s, hence the 60 s deadline.</summary>
    public static readonly LoadShape SlowLinkLoad = new([new(1, 3, Constant: true)], 20 * 1024 * 1024, 1, 60)
        { Scenarios = [ScenarioNames.SendLargeData], OneAtATime = true, RecordCount = 5_000, PayloadContent = Payload.TextContent };

    /// <summary>
    /// The story's ramp (to 50/s, then to 20/s, 20 MiB) at a third of its 30 s + 30 s, with a 15 s deadline, so that the
    /// 16 configurations of the default run fit in 10 minutes on 2 cores; <c>--phases 50x30 20x30 --call-timeout-seconds 30</c>
    /// is the story's full length.
    /// </summary>
    public static readonly LoadShape SeedLoad = new([new(50, 10), new(20, 10)], 20 * 1024 * 1024, 2, 15);

    /// <summary>The story's shape, smaller and shorter: a first look in about a minute, and what CI runs.</summary>
    public static readonly LoadShape QuickLoad = new([new(10, 4), new(5, 4)], 4 * 1024 * 1024, 1, 10);

    public static RunPlan For(string preset, bool quick) => preset switch
    {
        Streaming => Plan(Streaming, ["net10.0"], quick ? StreamingLoad with { Phases = [new(1, 3, Constant: true)], WarmUpSeconds = 1, RecordCount = 10_000 } : StreamingLoad) with
        {
            ScenarioSets = [[ScenarioNames.StreamRecords], [ScenarioNames.Pages], [ScenarioNames.PagesConcurrent]],
            PageSizes = quick ? [1_000] : [100, 1_000, 10_000],
        },
        Chunked => Plan(Chunked, ["net10.0"], quick ? ChunkedLoad with { Phases = [new(2, 3, Constant: true)], WarmUpSeconds = 1 } : ChunkedLoad) with
        {
            ScenarioSets = [[ScenarioNames.SendLargeData], [ScenarioNames.SendLargeData, ScenarioNames.GetInt], [ScenarioNames.UploadChunks], [ScenarioNames.UploadChunks, ScenarioNames.GetInt]],
            PayloadSizes = quick ? [20L * 1024 * 1024] : [20L * 1024 * 1024, 100L * 1024 * 1024],
            ChunkSizes = quick ? [1024 * 1024] : [64 * 1024, 1024 * 1024, 4 * 1024 * 1024],
        },
        SlowLink => Plan(SlowLink, ["net10.0"], SlowLinkLoad) with
        {
            Compressions = quick ? [Compression.None, Compression.Gzip] : [Compression.None, Compression.Gzip, Compression.Deflate],
            ScenarioSets = [[ScenarioNames.SendLargeData], [ScenarioNames.StreamRecords]],
            PayloadSizes = quick ? [100, 1_900_000] : [100, 1_900_000, 20L * 1024 * 1024],
            Links = quick ? ["100mbit", "20mbit"] : ["1gbit", "100mbit", "20mbit"],
        },
        Transports => new RunPlan(Transports, [ServerStack.GrpcCore, ServerStack.Kestrel], [ClientStack.GrpcCore, ClientStack.GrpcNet],
            quick ? RunPlan.MatchedPairs : RunPlan.AllPairs, quick ? ["net10.0"] : ["net8.0", "net10.0"], null, [Compression.None],
            [Transport.H2c, Transport.Tls, Transport.Uds], ["default"], ["default"], new Dictionary<string, string>(), new Dictionary<string, string>(), [],
            quick ? QuickTransportsLoad : TransportsLoad)
        {
            ScenarioSets = [[ScenarioNames.GetInt], [ScenarioNames.SendLargeData]],
            PayloadSizes = [1024, 1024 * 1024],
            Codecs = ["protobuf", "json"],
        },
        Capacity => new(Capacity, [ServerStack.GrpcCore, ServerStack.Kestrel], [ClientStack.GrpcCore, ClientStack.GrpcNet], RunPlan.MatchedPairs, quick ? ["net10.0"] : StoryRuntimes, null,
            [Compression.None], [Transport.H2c], quick ? ["default"] : ["default", "large-windows"], ["default"],
            new Dictionary<string, string>(), new Dictionary<string, string>(), quick ? [] : [ConfigurationKind.RawHttp2, ConfigurationKind.RawTcp], QuickLoad),
        Advise => new(Advise, [ServerStack.GrpcCore, ServerStack.Kestrel], [ClientStack.GrpcCore, ClientStack.GrpcNet], RunPlan.MatchedPairs, ["net10.0"], null,
            [Compression.None], [Transport.H2c], ["default"], ["default"], new Dictionary<string, string>(), new Dictionary<string, string>(), [], QuickLoad),
        Soak => Plan(Soak, ["net10.0"], SoakPreset.Load(SoakOptions.Default(quick))),
        Sweep => new(Sweep, [ServerStack.Kestrel], [ClientStack.GrpcNet], RunPlan.MatchedPairs, [quick ? "net10.0" : "net8.0"], null, [Compression.None], [Transport.H2c], ["default"], ["default"],
            new Dictionary<string, string>(), new Dictionary<string, string>(), [], quick ? QuickLoad : SeedLoad),
        _ => new(Seed, [ServerStack.GrpcCore, ServerStack.Kestrel], [ClientStack.GrpcCore, ClientStack.GrpcNet], RunPlan.MatchedPairs, quick ? ["net10.0"] : StoryRuntimes, null,
            [Compression.None], quick ? [Transport.H2c] : [Transport.H2c, Transport.Tls], quick ? ["default", "large-windows"] : ["default", "net6-windows", "large-windows"], ["default"],
            new Dictionary<string, string>(), new Dictionary<string, string>(), quick ? [ConfigurationKind.RawTcp] : [], quick ? QuickLoad : SeedLoad),
    };

    /// <summary>The runtimes the story and its capacity compare in full: the upgrade a team has made and the two it weighs.</summary>
    private static readonly IReadOnlyList<string> StoryRuntimes = ["net8.0", "net10.0", "net11.0"];

    /// <summary>The migration pairs on h2c with every default: what the record presets vary the workload of.</summary>
    private static RunPlan Plan(string preset, IReadOnlyList<string> runtimes, LoadShape load) =>
        new(preset, [ServerStack.GrpcCore, ServerStack.Kestrel], [ClientStack.GrpcCore, ClientStack.GrpcNet], RunPlan.MatchedPairs, runtimes, null, [Compression.None], [Transport.H2c],
            ["default"], ["default"],
            new Dictionary<string, string>(), new Dictionary<string, string>(), [], load);

    /// <summary>The settings the sweep varies, each value tried alone on top of the default.</summary>
    public static readonly IReadOnlyList<(string Where, string Name, string Value)> SweepVariants =
    [
        ("kestrel", "initialStreamWindowSize", "98304"),
        ("kestrel", "initialStreamWindowSize", "4194304"),
        ("kestrel", "initialStreamWindowSize", "16777216"),
        ("kestrel", "initialConnectionWindowSize", "4194304"),
        ("kestrel", "initialConnectionWindowSize", "33554432"),
        ("kestrel", "maxFrameSize", "65536"),
        ("kestrel", "maxFrameSize", "1048576"),
        ("client", "enableMultipleHttp2Connections", "false"),
        ("profile", "clientProfile", "split-channels"),
    ];

    public static IReadOnlyList<LoadConfiguration> SweepConfigurations(RunPlan plan)
    {
        var configurations = new List<LoadConfiguration>();
        var none = new Dictionary<string, string>();
        foreach (var runtime in plan.Runtimes)
        foreach (var transport in plan.Transports)
        foreach (var compression in plan.Compressions)
        {
            configurations.Add(plan.Grpc(ServerStack.GrpcCore, ClientStack.GrpcCore, runtime, compression, transport, "n/a", "default", none, none));
            configurations.Add(plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, compression, transport, "default", "default", none, none));
            foreach (var (where, name, value) in SweepVariants)
            {
                configurations.Add(where switch
                {
                    "kestrel" => plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, compression, transport, "custom", "default", new Dictionary<string, string> { [name] = value }, none),
                    "client" => plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, compression, transport, "default", "default", none, new Dictionary<string, string> { [name] = value }),
                    _ => plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, compression, transport, "default", value, none, none),
                });
            }
        }
        return configurations;
    }
}
