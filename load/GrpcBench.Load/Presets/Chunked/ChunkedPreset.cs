using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class ChunkedPreset() : Preset("chunked",
    "20 and 100 MiB as one unary message and as a client stream of 64 KiB, 1 MiB and 4 MiB chunks, alone and beside getInt.")
{
    /// <summary>Uploads at 2/s for 5 s, getInt beside them at a steady 50/s: enough small calls for a p99 behind every upload.</summary>
    public static readonly LoadShape Load = new([new(2, 5, Constant: true)], 20 * 1024 * 1024, 2, 30)
        { Scenarios = [ScenarioNames.UploadChunks, ScenarioNames.GetInt], GetIntPerSecond = 50 };

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Name,
        Load = quick ? Load with { Phases = [new(2, 3, Constant: true)], WarmUpSeconds = 1 } : Load,
        ScenarioSets = [[ScenarioNames.SendLargeData], [ScenarioNames.SendLargeData, ScenarioNames.GetInt], [ScenarioNames.UploadChunks], [ScenarioNames.UploadChunks, ScenarioNames.GetInt]],
        PayloadSizes = quick ? [20L * 1024 * 1024] : [20L * 1024 * 1024, 100L * 1024 * 1024],
        ChunkSizes = quick ? [1024 * 1024] : [64 * 1024, 1024 * 1024, 4 * 1024 * 1024],
    };
}
