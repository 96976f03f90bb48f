using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>The sets a run is made of; every configuration of the run gets the same <see cref="Load"/>.</summary>
public sealed record RunPlan(
    string Preset,
    IReadOnlyList<string> Servers,
    IReadOnlyList<string> Clients,
    string Pairs,
    IReadOnlyList<string> Runtimes,
    string? ClientRuntime,
    IReadOnlyList<string> Compressions,
    IReadOnlyList<string> Transports,
    IReadOnlyList<string> KestrelProfiles,
    IReadOnlyList<string> ClientProfiles,
    IReadOnlyDictionary<string, string> KestrelSettings,
    IReadOnlyDictionary<string, string> ClientSettings,
    IReadOnlyList<string> Baselines,
    LoadShape Load)
{
    public const string MatchedPairs = "matched";
    public const string AllPairs = "all";

    /// <summary>The client that migrates with each server: Grpc.Core with Grpc.Core, grpc-dotnet with Kestrel.</summary>
    private static string MatchedClient(string server) => server == "grpc-core" ? "grpc-core" : "grpc-net";

    public IReadOnlyList<LoadConfiguration> Configurations()
    {
        if (Preset == Presets.Sweep) return Presets.SweepConfigurations(this);
        var configurations = new List<LoadConfiguration>();
        foreach (var runtime in Runtimes)
        foreach (var transport in Transports)
        foreach (var compression in Compressions)
        {
            foreach (var server in Servers)
            foreach (var client in Clients.Where(c => Pairs == AllPairs || c == MatchedClient(server)))
            foreach (var kestrelProfile in server == "kestrel" ? KestrelProfiles : ["n/a"])
            foreach (var clientProfile in ClientProfiles)
            {
                configurations.Add(Grpc(server, client, runtime, compression, transport, kestrelProfile, clientProfile,
                    server == "kestrel" ? KestrelSettings : new Dictionary<string, string>(), ClientSettings));
            }
            if (compression != "none") continue;
            if (Baselines.Contains("raw-http2"))
                configurations.Add(new("raw-http2", "kestrel", "http2", runtime, ClientRuntime ?? runtime, "none", transport, "default", Empty, "default", Empty));
            if (Baselines.Contains("raw-tcp") && transport == "h2c")
                configurations.Add(new("raw-tcp", "socket", "socket", runtime, ClientRuntime ?? runtime, "none", "tcp", "n/a", Empty, "default", Empty));
        }
        return configurations;
    }

    public LoadConfiguration Grpc(string server, string client, string runtime, string compression, string transport, string kestrelProfile,
        string clientProfile, IReadOnlyDictionary<string, string> kestrelSettings, IReadOnlyDictionary<string, string> clientSettings) =>
        new("grpc", server, client, runtime, ClientRuntime ?? runtime, compression, transport, kestrelProfile, kestrelSettings, clientProfile, clientSettings);

    private static readonly IReadOnlyDictionary<string, string> Empty = new Dictionary<string, string>();
}

/// <summary>Named sets of configurations and loads.</summary>
public static class Presets
{
    /// <summary>The migration story: both scenarios at once on a ramp to 50/s then 20/s, the two migration pairs, every Kestrel profile, h2c and TLS.</summary>
    public const string Seed = "seed";

    /// <summary>Kestrel and client settings that matter, one at a time from the default, then the best of each together.</summary>
    public const string Sweep = "sweep";

    public static readonly IReadOnlyList<string> Names = [Seed, Sweep];

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
        Sweep => new(Sweep, ["kestrel"], ["grpc-net"], RunPlan.MatchedPairs, [quick ? "net10.0" : "net8.0"], null, ["none"], ["h2c"], ["default"], ["default"],
            new Dictionary<string, string>(), new Dictionary<string, string>(), [], quick ? QuickLoad : SeedLoad),
        _ => new(Seed, ["grpc-core", "kestrel"], ["grpc-core", "grpc-net"], RunPlan.MatchedPairs, quick ? ["net10.0"] : ["net8.0", "net10.0"], null, ["none"],
            quick ? ["h2c"] : ["h2c", "tls"], quick ? ["default", "large-windows"] : ["default", "net6-windows", "large-windows"], ["default"],
            new Dictionary<string, string>(), new Dictionary<string, string>(), quick ? ["raw-tcp"] : [], quick ? QuickLoad : SeedLoad),
    };

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
            configurations.Add(plan.Grpc("grpc-core", "grpc-core", runtime, compression, transport, "n/a", "default", none, none));
            configurations.Add(plan.Grpc("kestrel", "grpc-net", runtime, compression, transport, "default", "default", none, none));
            foreach (var (where, name, value) in SweepVariants)
            {
                configurations.Add(where switch
                {
                    "kestrel" => plan.Grpc("kestrel", "grpc-net", runtime, compression, transport, "custom", "default", new Dictionary<string, string> { [name] = value }, none),
                    "client" => plan.Grpc("kestrel", "grpc-net", runtime, compression, transport, "default", "default", none, new Dictionary<string, string> { [name] = value }),
                    _ => plan.Grpc("kestrel", "grpc-net", runtime, compression, transport, "default", value, none, none),
                });
            }
        }
        return configurations;
    }
}
