using System.CommandLine;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>After one round of every setting alone, the best of each together (<see cref="SweepRecommendation"/>) joins the rounds that follow.</summary>
public sealed class SweepPreset() : Preset("sweep", "Kestrel and client settings that matter, one at a time from the default, then the best of each together.")
{
    /// <summary>The settings the sweep varies, each value tried alone on top of the default.</summary>
    public static readonly IReadOnlyList<(string Where, string Name, string Value)> Variants =
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

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Name,
        Load = quick ? Presets.QuickLoad : Presets.StoryLoad,
        Servers = [ServerStack.Kestrel],
        Clients = [ClientStack.GrpcNet],
        Runtimes = [quick ? "net10.0" : "net8.0"],
    };

    public override bool TakesTarget => false;

    public override IEnumerable<Option> Takes(RunOptions options) => [options.ServiceAssembly];

    public override IPresetRun Run(RunPlan plan) => new ComparisonPresetRun(plan, Configurations(plan), plan.Load.Service is { } service
        ? results => SweepRecommendation.Combine(results, [.. service.Methods.Select(m => m.Name)])
        : SweepRecommendation.Combine);

    /// <summary>Grpc.Core and Kestrel's defaults, then every variant alone on top of the default, per runtime, transport and compression.</summary>
    public static IReadOnlyList<LoadConfiguration> Configurations(RunPlan plan)
    {
        var configurations = new List<LoadConfiguration>();
        var none = new Dictionary<string, string>();
        foreach (var runtime in plan.Runtimes)
        foreach (var transport in plan.Transports)
        foreach (var compression in plan.Compressions)
        {
            configurations.Add(plan.Grpc(ServerStack.GrpcCore, ClientStack.GrpcCore, runtime, compression, transport, "n/a", "default", none, none));
            configurations.Add(plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, compression, transport, "default", "default", none, none));
            foreach (var (where, name, value) in Variants)
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
