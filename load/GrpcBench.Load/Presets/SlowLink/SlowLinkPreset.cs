using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class SlowLinkPreset() : Preset("slow-link",
    "100 B, 1.9 MB of text, 20 MiB and the 5,000-record stream over a loopback shaped to 1 Gbit/s, 100 and 20 Mbit/s, with none, gzip and deflate.")
{
    /// <summary>One call at a time for 3 s after one warm-up second: at 20 Mbit/s a 20 MiB call alone takes 8.4 s, hence the 60 s deadline.</summary>
    public static readonly LoadShape Load = new([new(1, 3, Constant: true)], 20 * 1024 * 1024, 1, 60)
        { Scenarios = [ScenarioNames.SendLargeData], OneAtATime = true, RecordCount = 5_000, PayloadContent = Payload.TextContent };

    public override bool TakesTarget => false;

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Name,
        Load = Load,
        Compressions = quick ? [Compression.None, Compression.Gzip] : [Compression.None, Compression.Gzip, Compression.Deflate],
        ScenarioSets = [[ScenarioNames.SendLargeData], [ScenarioNames.StreamRecords]],
        PayloadSizes = quick ? [100, 1_900_000] : [100, 1_900_000, 20L * 1024 * 1024],
        Links = quick ? ["100mbit", "20mbit"] : ["1gbit", "100mbit", "20mbit"],
    };
}
