using System.CommandLine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class StoryPreset() : Preset(Named,
    "The migration story: both scenarios at once on a ramp to 50/s then 20/s, the two migration pairs, every Kestrel profile, h2c and TLS.")
{
    public const string Named = "story";

    /// <summary>Its name until 2026-12-04 (results written before then say it), still accepted by --preset.</summary>
    public const string FormerName = "seed";

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Named,
        Load = quick ? Presets.FirstLookLoad : Presets.StoryLoad,
        Runtimes = quick ? ["net10.0"] : Presets.StoryRuntimes,
        Transports = quick ? [Transport.H2c] : [Transport.H2c, Transport.Tls],
        KestrelProfiles = quick ? ["default", "large-windows"] : ["default", "net6-windows", "large-windows"],
        Baselines = quick ? [ConfigurationKind.RawTcp] : [],
    };

    public override IEnumerable<Option> Takes(RunOptions options) => [options.ServiceAssembly];
}
