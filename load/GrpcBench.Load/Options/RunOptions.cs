using System.CommandLine;
using GrpcBench.Hosting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using static GrpcBench.Load.CommandLineOptions;

namespace GrpcBench.Load;

/// <summary>
/// The run's options, each declared once: its description, the values it allows and the presets that take it (every
/// one unless <see cref="PresetScope"/> says otherwise). System.CommandLine refuses what they do not allow.
/// </summary>
public sealed class RunOptions
{
    public const string PresetName = "--preset";

    private static readonly string[] KestrelSettingNames = ["initialStreamWindowSize", "initialConnectionWindowSize", "maxStreamsPerConnection", "maxFrameSize",
        "maxRequestBufferSize", "sockets:unsafePreferInlineScheduling", "sockets:ioQueueCount", "sockets:waitForDataBeforeAllocatingBuffer", "sockets:maxReadBufferSize"];

    private static readonly string[] ClientSettingNames = ["enableMultipleHttp2Connections", "initialHttp2StreamWindowSize", "channels", "keepAlivePingDelaySeconds"];

    /// <summary>Every preset, each with the options only it takes (see <see cref="PresetScope"/>).</summary>
    public IReadOnlyList<Preset> Presets { get; } = Load.Presets.Declared();

    public Option<string> Preset { get; }
    public Option<bool> Quick { get; } = new("--quick") { Description = "The preset small and short: about a minute, for CI and a first look" };
    public Option<string[]> Servers { get; } = List("--server", "Server stacks", [.. Terms.Texts(ServerStack.GrpcCore, ServerStack.Kestrel)]);
    public Option<string[]> Clients { get; } = List("--client", "Client stacks", [.. Terms.Texts(ClientStack.GrpcCore, ClientStack.GrpcNet)]);
    public Option<string?> Pairs { get; } = new Option<string?>("--pairs")
        { Description = "matched: each server with its migration client (grpc-core/grpc-core, kestrel/grpc-net); all: every client with every server (default: matched; transports: all, quick: matched)" }
        .OneOf([RunPlan.MatchedPairs, RunPlan.AllPairs]);
    public Option<string[]> Runtimes { get; } = List("--runtime", "Host runtimes", [.. DotnetRoots.Runtimes]);
    public Option<string?> ClientRuntime { get; } = new Option<string?>("--client-runtime") { Description = "Runtime of the load worker (default: the host's)" }.OneOf([.. DotnetRoots.Runtimes]);
    public Option<string[]> Compressions { get; } = List("--compression", "Call compression, requests and responses", [.. Terms.Texts<Compression>()]);
    public Option<string[]> Transports { get; } = List("--transport", "h2c (cleartext TCP), tls and/or uds (cleartext over a Unix domain socket)", [.. Terms.Texts(Transport.H2c, Transport.Tls, Transport.Uds)]);
    public Option<string[]> KestrelProfiles { get; } = List("--kestrel-profile", "Kestrel HTTP/2 window profiles", [.. Hosting.KestrelProfiles.Names]);
    public Option<string[]> ClientProfiles { get; } = List("--client-profile", "Client profiles", ["default", "seed", "split-channels"]);
    public Option<string[]> Baselines { get; } = List("--baselines", "Floors measured in the same run: raw-http2 (Kestrel without gRPC), raw-tcp (a bare socket)",
        [.. Terms.Texts(ConfigurationKind.RawHttp2, ConfigurationKind.RawTcp)]);
    public Option<IReadOnlyDictionary<string, string>> KestrelSettings { get; } = Read("--kestrel",
        $"Explicit Kestrel setting on top of the profile, NAME=VALUE ({string.Join(", ", KestrelSettingNames)})", values => Settings("--kestrel", values, KestrelSettingNames));
    public Option<IReadOnlyDictionary<string, string>> HostEnvironment { get; } = Read("--host-env",
        "Runtime knob of the Kestrel hosts as an environment variable, NAME=VALUE with NAME DOTNET_... (DOTNET_gcServer=0, DOTNET_TieredPGO=0, DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1); the host reports what it runs with",
        values => EnvironmentKnobs("--host-env", values));
    public Option<IReadOnlyDictionary<string, string>> ClientEnvironment { get; } = Read("--client-env",
        "Runtime knob of the grpc-dotnet clients' load workers, NAME=VALUE as --host-env; the worker reports what it runs with", values => EnvironmentKnobs("--client-env", values));
    public Option<IReadOnlyDictionary<string, string>> ClientSettings { get; } = Read("--client-setting",
        "Explicit client setting, NAME=VALUE (enableMultipleHttp2Connections, initialHttp2StreamWindowSize, channels: 1-16 channels each call kind goes over in turn, keepAlivePingDelaySeconds: 1-3600)",
        values => ClientChannels(Settings("--client-setting", values, ClientSettingNames)));
    public Option<int?> PayloadMib { get; } = new Option<int?>("--payload-mib") { Description = "sendLargeData payload in MiB, 1-200 (seed: 20)" }.Within(1, 200);
    public Option<RampPhase[]> Phases { get; } = Read("--phases", "The ramp, RATExSECONDS each, e.g. 50x30 20x30 (seed: 50x15 20x15)",
        values => values.SelectMany(Split).Select(RampPhase.Parse).ToArray());
    public Option<int?> WarmUpSeconds { get; } = new Option<int?>("--warmup-seconds") { Description = "Warm-up at the first phase's rate, not counted, 0-60 (seed: 3)" }.Within(0, 60);
    public Option<int?> CallTimeoutSeconds { get; } = new Option<int?>("--call-timeout-seconds") { Description = "Deadline of each call from its scheduled start, 1-300 (seed: 30)" }.Within(1, 300);
    public Option<string[]> Scenarios { get; } = new Option<string[]>("--scenarios")
        {
            Description = $"Scenarios run at once (in every configuration, instead of the preset's sets): {string.Join(", ", LoadShape.KnownScenarios)} (comma or space separated); "
                + "or your methods: a scenario file (.json, .yaml) with --service-assembly (docs/your-service.md)",
            AllowMultipleArgumentsPerToken = true,
        }
        .EachValue(value => LoadShape.KnownScenarios.Contains(value) || ScenarioFile.IsFile(value), $"{string.Join(", ", LoadShape.KnownScenarios)}, or a scenario file (.json, .yaml, .yml)");
    /// <summary>Taken by the presets that run a team's methods (each lists it in <see cref="Preset.Takes"/>).</summary>
    public Option<string?> ServiceAssembly { get; } = new("--service-assembly")
        { Description = "Your own service: a .NET assembly with its Grpc.Tools-generated code and service implementations, hosted on both stacks, its methods called as --scenarios FILE says (docs/your-service.md)" };
    public Option<string[]> Links { get; } = new Option<string[]>("--link")
        { Description = "Loopback link: none, or a private network namespace whose loopback tc tbf shapes to RATE (e.g. 1gbit, 100mbit, 20mbit; needs root)", AllowMultipleArgumentsPerToken = true }
        .EachValue(value => value == "none" || ShapedLink.IsValidRate(value), "none or a whole number with kbit, mbit or gbit, e.g. 20mbit");
    public Option<string[]> CompressionLevels { get; } = List("--compression-level", "zlib level where the stacks take one (Kestrel's responses, grpc-dotnet's requests; not C-core's)",
        ["default", "fastest", "optimal"]);
    public Option<IReadOnlyList<long>> MessageSizes { get; } = Read("--message-sizes", "sendLargeData / uploadChunks sizes, one configuration each, 1B to 200MiB, e.g. 100b,1.9mb,20mib",
        values => Sizes("--message-sizes", values, 1, 200L * 1024 * 1024) ?? []);
    public Option<int[]> ChunkSizes { get; } = Read("--chunk-sizes", "uploadChunks chunk sizes, 1KiB to 16MiB, e.g. 64kib,1mib,4mib",
        values => Sizes("--chunk-sizes", values, 1024, 16 * 1024 * 1024)?.Select(size => (int)size).ToArray() ?? []);
    public Option<IReadOnlyList<int>> PageSizes { get; } = Read("--page-sizes", "Records per page of pages / pagesConcurrent, 1-10,000 (the service's limit), e.g. 100,1000,10000",
        values => Counts("--page-sizes", values, 1, 10_000) ?? []);
    public Option<int?> Records { get; } = new Option<int?>("--records")
        { Description = "Records the record scenarios read (the host holds as many), 1-10,000,000 (streaming: 100,000; slow-link: 5,000)" }.Within(1, 10_000_000);
    public Option<string?> PayloadContent { get; } = new Option<string?>("--payload-content")
        { Description = "random (incompressible), text (JSON lines, compressible) or zeros (every byte zero, compresses to almost nothing) (slow-link: text; others: random)" }
        .OneOf([.. Payload.Contents]);
    public Option<int?> GetIntRate { get; } = new Option<int?>("--getint-rate")
        { Description = "getInt at its own steady rate beside the other scenarios, 1-10,000 per second (chunked and the story's --quick: 50)" }.Within(1, 10_000);
    public Option<CpuPlacement> Cpus { get; } = Read("--cpus", "Where host and load worker run: host=LIST worker=LIST (disjoint CPU lists, set with taskset and checked from /proc), or shared "
        + "(default: host on the last CPU, worker on the first, e.g. host=1 worker=0 on 2 CPUs; shared on 1)",
        values => CpuPlacement.Parse([.. values.SelectMany(value => value.Split(' ', StringSplitOptions.RemoveEmptyEntries))], CpuAffinity.OfThisProcess()));
    public Option<int?> Repeat { get; } = new Option<int?>("--repeat")
        { Description = "Each configuration N times, interleaved (every configuration once, then all again), 1-20 (capacity: each search; 3, quick: 2; other presets: 1)" }.Within(1, 20);
    public Option<string?> Arrivals { get; } = new Option<string?>("--arrivals")
        { Description = "How open-model calls are spaced: uniform (evenly, as NBomber's inject) or poisson (as gRPC's benchmark driver; shows queueing that even spacing hides)" }
        .OneOf(["uniform", "poisson"]);
    public Option<string?> Target { get; } = new("--target") { Description = $"Run against a server the bench did not start, implementing the contract: {ExternalTarget.Allowed[8..]}; its side is not measured" };
    public Option<string?> TargetCa { get; } = new("--target-ca") { Description = "PEM file of the certificate (or its CA) an https --target presents" };
    public Option<int?> Concurrency { get; } = new Option<int?>("--concurrency")
        { Description = "Closed model: callers at once per scenario, each starting its next call when its previous one ends, 1-10,000, with --requests (transports: 100)" }
        .Within(1, 10_000);
    public Option<int?> Requests { get; } = new Option<int?>("--requests") { Description = "Closed model: calls per scenario in total, 1-10,000,000, with --concurrency (transports: 100,000; quick: 2,000)" }
        .Within(1, 10_000_000);
    public Option<int?> MaxSeconds { get; } = new Option<int?>("--max-seconds") { Description = "Closed model: the longest a scenario's requests may take, 1-3,600 s (transports: 600; quick: 60)" }
        .Within(1, 3_600);
    public Option<string[]> Codecs { get; } = List("--codec", "ExampleService's message encoding, one configuration each (transports: both)", ["protobuf", "json"]);
    public Option<string?> Output { get; } = new("--out") { Description = "Results folder (default results/<timestamp>); never overwritten" };
    public Option<string?> Config { get; } = new(ConfigFile.OptionName)
        { Description = "A run as a file: the options under their names without --, JSON or YAML (e.g. preset: capacity, runtime: [net8.0, net10.0]); options given on the command line override it" };
    public Option<bool> PrintConfig { get; } = new("--print-config")
        { Description = "Write the run's configuration (every option given, by --config or the command line) as JSON for --config, and run nothing" };

    public RunOptions()
    {
        var names = Presets.Select(p => p.Name).ToArray();
        Preset = new Option<string>(PresetName)
        {
            Description = $"Named set of configurations and load: {string.Join(", ", names)} ({StoryPreset.FormerName}: the story's former name, still accepted)",
            DefaultValueFactory = _ => Load.Presets.Default,
            CustomParser = result => result.Tokens.Single().Value is var name && name == StoryPreset.FormerName ? StoryPreset.Named : name,
        }.OneOf(names);
        PresetScope.Check(this);
    }

    public Preset PresetNamed(string name) => Presets.Single(p => p.Name == name);

    /// <summary>The preset declared as <typeparamref name="T"/>, whose options another preset takes too.</summary>
    public T Declared<T>() where T : Preset => Presets.OfType<T>().Single();

    public void AddTo(Command command)
    {
        foreach (var option in All) command.Options.Add(option);
    }

    /// <summary>Every option, in the order --help lists them.</summary>
    public IEnumerable<Option> All =>
    [
        Preset, Quick, Servers, Clients, Pairs, Runtimes, ClientRuntime, Compressions, Transports, KestrelProfiles, ClientProfiles, Baselines,
        KestrelSettings, HostEnvironment, ClientEnvironment, ClientSettings, PayloadMib, Phases, WarmUpSeconds, CallTimeoutSeconds, Scenarios, Links, CompressionLevels,
        MessageSizes, ChunkSizes, PageSizes, Records, PayloadContent, GetIntRate, Cpus, Repeat, Arrivals,
        Target, TargetCa, Concurrency, Requests, MaxSeconds, Codecs, Output, Config, PrintConfig, .. Presets.SelectMany(p => p.Takes(this)).Distinct(),
    ];
}
