using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>The sets a run is made of; every configuration of the run gets the same <see cref="Load"/>.</summary>
public sealed record RunPlan
{
    /// <summary>The preset's name (<see cref="Presets"/>).</summary>
    public required string Preset { get; init; }

    public IReadOnlyList<ServerStack> Servers { get; init; } = [ServerStack.GrpcCore, ServerStack.Kestrel];

    public IReadOnlyList<ClientStack> Clients { get; init; } = [ClientStack.GrpcCore, ClientStack.GrpcNet];

    /// <summary><see cref="MatchedPairs"/> or <see cref="AllPairs"/>: which clients run against which servers.</summary>
    public string Pairs { get; init; } = MatchedPairs;

    /// <summary>The hosts' runtimes, one configuration each.</summary>
    public IReadOnlyList<string> Runtimes { get; init; } = ["net10.0"];

    /// <summary>The load worker's runtime; null for the host's.</summary>
    public string? ClientRuntime { get; init; }

    public IReadOnlyList<Compression> Compressions { get; init; } = [Compression.None];

    public IReadOnlyList<Transport> Transports { get; init; } = [Transport.H2c];

    public IReadOnlyList<string> KestrelProfiles { get; init; } = ["default"];

    public IReadOnlyList<string> ClientProfiles { get; init; } = ["default"];

    /// <summary>Explicit Kestrel settings on top of the profile (--kestrel); empty for none.</summary>
    public IReadOnlyDictionary<string, string> KestrelSettings { get; init; } = Empty;

    /// <summary>Explicit client settings (--client-setting); empty for none.</summary>
    public IReadOnlyDictionary<string, string> ClientSettings { get; init; } = Empty;

    /// <summary>The floors measured in the same run.</summary>
    public IReadOnlyList<ConfigurationKind> Baselines { get; init; } = [];

    /// <summary>The load every configuration gets.</summary>
    public required LoadShape Load { get; init; }

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

    /// <summary>What a preset is asked for beyond the configurations and their load, as its declaration reads it (<see cref="CapacityOptions"/>, <see cref="AdviseOptions"/>, <see cref="SoakOptions"/>); null for none.</summary>
    public object? PresetOptions { get; init; }

    /// <summary><see cref="PresetOptions"/> as the preset's run takes them.</summary>
    public T OptionsOf<T>() where T : class =>
        PresetOptions as T ?? throw new InvalidOperationException($"the {Preset} preset's plan holds {PresetOptions?.GetType().Name ?? "no options"}, not {typeof(T).Name}");

    /// <summary>Runtime knobs of the Kestrel hosts as environment variables (--host-env DOTNET_gcServer=0); empty for none.</summary>
    public IReadOnlyDictionary<string, string> HostEnvironment { get; init; } = Empty;

    /// <summary>Runtime knobs of the grpc-dotnet clients' load workers as environment variables (--client-env DOTNET_...); empty for none.</summary>
    public IReadOnlyDictionary<string, string> ClientEnvironment { get; init; } = Empty;

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
                configurations.Add(Carrying(Grpc(server, client, runtime, compression, transport, kestrelProfile, clientProfile,
                    server == ServerStack.Kestrel ? KestrelSettings : new Dictionary<string, string>(), ClientSettings), workload) with
                {
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
                   select Carrying(Grpc(ServerStack.External, client, runtime, compression, transport, "n/a", clientProfile, Empty, ClientSettings), workload) with
                   {
                       Target = target,
                       TargetCa = TargetCa,
                       Codec = codec,
                   }];
    }

    private static LoadConfiguration Carrying(LoadConfiguration configuration, (IReadOnlyList<string>? Scenarios, long? PayloadBytes, int? PageSize, int? ChunkBytes) workload) =>
        configuration with { Scenarios = workload.Scenarios, PayloadBytes = workload.PayloadBytes, PageSize = workload.PageSize, ChunkBytes = workload.ChunkBytes };

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
