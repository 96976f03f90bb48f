using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class TransportsPreset() : Preset("transports",
    "h2c, TLS and UDS x protobuf and JSON x the migration pairs (and the cross pairs) for getInt, 1 KiB and 1 MiB, 100 callers for 100,000 requests: the go-micro table.")
{
    /// <summary>The go-micro comparison's load: 100 callers, 100,000 requests per configuration (10 minutes at most), after 2 s of warm-up.</summary>
    public static readonly LoadShape Load = new([new(1, 1, Constant: true)], 1024, 2, 30) { Closed = new(100, 100_000, 600) };

    /// <summary>2,000 requests, a minute at most: what CI runs.</summary>
    public static readonly LoadShape QuickLoad = Load with { WarmUpSeconds = 1, Closed = new(100, 2_000, 60) };

    public override bool TakesTarget => false;

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Name,
        Load = quick ? QuickLoad : Load,
        Pairs = quick ? RunPlan.MatchedPairs : RunPlan.AllPairs,
        Runtimes = quick ? ["net10.0"] : ["net8.0", "net10.0"],
        Transports = [Transport.H2c, Transport.Tls, Transport.Uds],
        ScenarioSets = [[ScenarioNames.GetInt], [ScenarioNames.SendLargeData]],
        PayloadSizes = [1024, 1024 * 1024],
        Codecs = ["protobuf", "json"],
    };
}
