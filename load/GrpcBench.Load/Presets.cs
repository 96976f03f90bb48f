using GrpcBench.Load.Results;

namespace GrpcBench.Load;

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
        Streaming => new()
        {
            Preset = Streaming,
            Load = quick ? StreamingLoad with { Phases = [new(1, 3, Constant: true)], WarmUpSeconds = 1, RecordCount = 10_000 } : StreamingLoad,
            ScenarioSets = [[ScenarioNames.StreamRecords], [ScenarioNames.Pages], [ScenarioNames.PagesConcurrent]],
            PageSizes = quick ? [1_000] : [100, 1_000, 10_000],
        },
        Chunked => new()
        {
            Preset = Chunked,
            Load = quick ? ChunkedLoad with { Phases = [new(2, 3, Constant: true)], WarmUpSeconds = 1 } : ChunkedLoad,
            ScenarioSets = [[ScenarioNames.SendLargeData], [ScenarioNames.SendLargeData, ScenarioNames.GetInt], [ScenarioNames.UploadChunks], [ScenarioNames.UploadChunks, ScenarioNames.GetInt]],
            PayloadSizes = quick ? [20L * 1024 * 1024] : [20L * 1024 * 1024, 100L * 1024 * 1024],
            ChunkSizes = quick ? [1024 * 1024] : [64 * 1024, 1024 * 1024, 4 * 1024 * 1024],
        },
        SlowLink => new()
        {
            Preset = SlowLink,
            Load = SlowLinkLoad,
            Compressions = quick ? [Compression.None, Compression.Gzip] : [Compression.None, Compression.Gzip, Compression.Deflate],
            ScenarioSets = [[ScenarioNames.SendLargeData], [ScenarioNames.StreamRecords]],
            PayloadSizes = quick ? [100, 1_900_000] : [100, 1_900_000, 20L * 1024 * 1024],
            Links = quick ? ["100mbit", "20mbit"] : ["1gbit", "100mbit", "20mbit"],
        },
        Transports => new()
        {
            Preset = Transports,
            Load = quick ? QuickTransportsLoad : TransportsLoad,
            Pairs = quick ? RunPlan.MatchedPairs : RunPlan.AllPairs,
            Runtimes = quick ? ["net10.0"] : ["net8.0", "net10.0"],
            Transports = [Transport.H2c, Transport.Tls, Transport.Uds],
            ScenarioSets = [[ScenarioNames.GetInt], [ScenarioNames.SendLargeData]],
            PayloadSizes = [1024, 1024 * 1024],
            Codecs = ["protobuf", "json"],
        },
        Capacity => new()
        {
            Preset = Capacity,
            Load = QuickLoad,
            Runtimes = quick ? ["net10.0"] : StoryRuntimes,
            KestrelProfiles = quick ? ["default"] : ["default", "large-windows"],
            Baselines = quick ? [] : [ConfigurationKind.RawHttp2, ConfigurationKind.RawTcp],
        },
        Advise => new() { Preset = Advise, Load = QuickLoad },
        Soak => new() { Preset = Soak, Load = SoakPreset.Load(SoakOptions.Default(quick)) },
        Sweep => new()
        {
            Preset = Sweep,
            Load = quick ? QuickLoad : SeedLoad,
            Servers = [ServerStack.Kestrel],
            Clients = [ClientStack.GrpcNet],
            Runtimes = [quick ? "net10.0" : "net8.0"],
        },
        _ => new()
        {
            Preset = Seed,
            Load = quick ? QuickLoad : SeedLoad,
            Runtimes = quick ? ["net10.0"] : StoryRuntimes,
            Transports = quick ? [Transport.H2c] : [Transport.H2c, Transport.Tls],
            KestrelProfiles = quick ? ["default", "large-windows"] : ["default", "net6-windows", "large-windows"],
            Baselines = quick ? [ConfigurationKind.RawTcp] : [],
        },
    };

    /// <summary>The runtimes the story and its capacity compare in full: the upgrade a team has made and the two it weighs.</summary>
    private static readonly IReadOnlyList<string> StoryRuntimes = ["net8.0", "net10.0", "net11.0"];

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
