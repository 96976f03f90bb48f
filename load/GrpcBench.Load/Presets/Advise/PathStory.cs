using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>The story's own load (the ramp a team recognizes) run on Grpc.Core, the defaults and the path's end.</summary>
public static class PathStory
{
    /// <summary>
    /// The story's load at its full length (a ramp to 50/s over 30 s, then to 20/s over 30 s: 1,800 calls a scenario,
    /// 20 MiB, a 30 s deadline; quick: the story preset's short form) with the uploads sent as <paramref name="mix"/> sends them and getInt
    /// beside them at the same ramp. Where Grpc.Core's capacity here (<paramref name="peakAt"/>) is below the ramp's peak,
    /// every rate is scaled alike to peak at it, over the same seconds (fewer calls): the story is the one where Grpc.Core
    /// holds the ramp and grpc-dotnet's defaults do not, and on a machine too slow for 50 uploads a second the unscaled
    /// ramp overloads every stack (Grpc.Core at 27/s completed 698 of 1,800 uploads, its client holding hundreds of
    /// 20 MiB calls), which tells a team nothing.
    /// </summary>
    public static LoadShape Load(bool quick, CapacityMix mix, double? peakAt = null)
    {
        var load = quick ? Presets.QuickLoad : Presets.StoryLoad with { Phases = [new(50, 30), new(20, 30)], CallTimeoutSeconds = 30 };
        var peak = load.Phases.Max(p => p.PerSecond);
        if (peakAt is { } capacity && capacity > 0 && capacity < peak)
            load = load with { Phases = [.. load.Phases.Select(p => p with { PerSecond = CapacitySearch.Round(p.PerSecond * capacity / peak) })] };
        return load with { Scenarios = [mix.Searched, ScenarioNames.GetInt], PayloadContent = mix.Load.PayloadContent };
    }

    /// <summary>
    /// About how long the story's load takes on one configuration: its host's start, its warm-up, its ramp and the drain
    /// after it. At full length an overloaded host's calls drain to the deadline, and a client holding hundreds of 20 MiB
    /// calls then takes a while to cancel them: one and a half deadlines (measured on .NET 10: 90-156 s a configuration);
    /// the quick story's few 4 MiB calls complete within its ramp (about 10 s a configuration in all, measured on .NET 10).
    /// </summary>
    public static TimeSpan Time(bool quick)
    {
        var load = Load(quick, CapacityPresetRun.Mixes(CapacityOptions.Default(quick), quick)[0]);
        return TimeSpan.FromSeconds(3 + load.WarmUpSeconds + load.Phases.Sum(p => p.Seconds) + load.CallTimeoutSeconds * (quick ? 0 : 1.5));
    }

    /// <summary>A configuration's story run as the path shows it: its uploads' and getInt's calls and p99s.</summary>
    public static StoryRow Row(string name, ConfigurationResult run)
    {
        var uploads = run.Scenarios.FirstOrDefault(s => s.Name != ScenarioNames.GetInt);
        var getInt = run.Scenario(ScenarioNames.GetInt);
        return new StoryRow(name, run.Configuration.Label, run.Status, uploads?.Ok ?? 0, uploads?.Failed ?? 0, uploads is { Ok: > 0 } ? uploads.Latency.P99 : null,
            getInt?.Ok ?? 0, getInt?.Failed ?? 0, getInt is { Ok: > 0 } ? getInt.Latency.P99 : null);
    }
}
