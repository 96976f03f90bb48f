using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class StreamingPreset() : Preset("streaming",
    "The query's records as one server stream, as pages one after the other, and as pages 10 at a time, at page sizes 100, 1,000 and 10,000.")
{
    /// <summary>Each transfer read over and over for 6 s after a 2 s warm-up; a stream of 1,000,000 records takes seconds, hence the 60 s deadline.</summary>
    public static readonly LoadShape Load = new([new(1, 6, Constant: true)], 0, 2, 60) { Scenarios = [ScenarioNames.StreamRecords], RecordCount = 100_000 };

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Name,
        Load = quick ? Load with { Phases = [new(1, 3, Constant: true)], WarmUpSeconds = 1, RecordCount = 10_000 } : Load,
        ScenarioSets = [[ScenarioNames.StreamRecords], [ScenarioNames.Pages], [ScenarioNames.PagesConcurrent]],
        PageSizes = quick ? [1_000] : [100, 1_000, 10_000],
    };
}
