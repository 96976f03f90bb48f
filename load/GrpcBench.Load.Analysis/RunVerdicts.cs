using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// A scenario's latency against the baseline's: the p99 ratio, and where one side has too few calls for a p99, the ratio
/// at the highest percentile both sides' calls support (p95 from 20 calls, p90 from 10, the median from 2).
/// </summary>
/// <param name="Mine">The configuration's successful calls; null where it made none.</param>
/// <param name="Theirs">The baseline's, likewise.</param>
/// <param name="LowerPercent">The percentile of <paramref name="LowerRatio"/>; null with it.</param>
public sealed record LatencyAgainst(string Scenario, LatencyStats? Mine, LatencyStats? Theirs, double? P99Ratio, double? LowerPercent, double? LowerRatio)
{
    public static LatencyAgainst Of(ConfigurationResult result, ConfigurationResult baseline, string scenario)
    {
        var (mine, theirs) = (result.SuccessLatency(scenario), baseline.SuccessLatency(scenario));
        var lower = PercentileSamples.HighestHeadline(Math.Min(mine?.Count ?? 0, theirs?.Count ?? 0)) is { } percent and < 99 ? percent : (double?)null;
        return new(scenario, mine, theirs, Baselines.Ratio(result, baseline, scenario, 99),
            lower, lower is { } at ? Baselines.Ratio(result, baseline, scenario, at) : null);
    }
}

/// <summary>A gRPC pair other than Grpc.Core's own with nothing set beyond its defaults: what a team gets by just migrating.</summary>
/// <param name="Baseline">The Grpc.Core pair it is measured against; null where the run has none that completed.</param>
/// <param name="Scenarios">Each headline scenario (the story's sendLargeData and getInt, or a team's methods) against the baseline; empty without one.</param>
public sealed record MigrationHeadline(ConfigurationResult Result, ConfigurationResult? Baseline, IReadOnlyList<LatencyAgainst> Scenarios);

/// <summary>
/// Of grpc-dotnet configurations under the same conditions, the one that completes the most uploads, then with the
/// lowest upload p99 (in a short run whose every upload completed, at the highest percentile its calls support, p90 at
/// least: <paramref name="Percent"/>).
/// </summary>
/// <param name="Measured">How many of them made a successful upload.</param>
/// <param name="RankedByCompleted">Where one of them has too few successful uploads for a p99: all of them, most uploads completed first; else null.</param>
/// <param name="ByDefault">The one with nothing set beyond the defaults; null where none ran.</param>
/// <param name="Baseline">Grpc.Core's pair for <paramref name="Best"/>; null where the run has none that completed.</param>
/// <param name="UploadRatio">Best's upload latency at <paramref name="Percent"/> over its Grpc.Core pair's.</param>
/// <param name="DefaultUploadRatio">The default's, likewise.</param>
/// <param name="GetIntP99Ratio">Best's getInt p99 over its Grpc.Core pair's.</param>
public sealed record BestSetting(int Measured, IReadOnlyList<ConfigurationResult>? RankedByCompleted, ConfigurationResult Best, ConfigurationResult? ByDefault,
    ConfigurationResult? Baseline, double? UploadRatio, double? DefaultUploadRatio, double? GetIntP99Ratio, double Percent = 99);

/// <summary>A default stack's upload p50 as a multiple of the bare socket's on its host runtime.</summary>
public sealed record FloorMultiple(ConfigurationResult Result, double Multiple);

/// <summary>The bare socket's upload on a runtime, the machine's floor, and the default stacks against it.</summary>
public sealed record MachineFloor(ConfigurationResult Floor, LatencyStats Upload, IReadOnlyList<FloorMultiple> Multiples);

/// <summary>
/// What the verdicts a migrating team came for rest on, each from two measured numbers (never one guessed): grpc-dotnet
/// with its defaults against Grpc.Core, the setting that does best per runtime and transport, the machine's floor, and
/// every configuration that did not complete. Reads the run as it is: with repeats, pass repeat 1 (<see cref="RepeatRows.FirstRepeat"/>).
/// </summary>
/// <param name="Story">The story's load: no configuration varies the workload or the link (<see cref="VariesWorkload"/>).</param>
/// <param name="PointsToCapacity">The story's run with a completed gRPC configuration: how far it is from keeping up is the capacity preset's question.</param>
public sealed record RunVerdicts(bool Cancelled, bool Story, IReadOnlyList<MigrationHeadline> Headlines, IReadOnlyList<BestSetting> BestSettings,
    IReadOnlyList<MachineFloor> Floors, IReadOnlyList<ConfigurationResult> NotCompleted, bool PointsToCapacity)
{
    public static RunVerdicts Of(LoadRunSummary summary)
    {
        var completed = summary.Configurations.Where(r => r.IsOk()).ToList();
        var story = !VariesWorkload(summary);
        // The best setting and the floor rest on the story's upload: a team's service has none.
        var upload = story && summary.Service is null;
        var grpcDotnet = completed.Where(r => upload && r.Configuration is { Kind: ConfigurationKind.Grpc, Server: ServerStack.Kestrel, Client: ClientStack.GrpcNet })
            .GroupBy(r => (r.Configuration.HostRuntime, r.Configuration.ClientRuntime, r.Configuration.Transport, r.Configuration.Compression));
        return new RunVerdicts(
            summary.Status == RunStatus.Cancelled,
            story,
            [.. completed.Where(r => story && IsMigrationDefault(r.Configuration)).Select(r => Headline(summary, r))],
            [.. grpcDotnet.Select(g => Best(summary, g.ToList())).OfType<BestSetting>()],
            [.. completed.Where(r => upload && r.Configuration.Kind == Baselines.RawTcp).Select(f => Floor(summary, f)).OfType<MachineFloor>()],
            [.. summary.Configurations.Where(r => !r.IsOk())],
            story && completed.Any(r => r.Configuration.Kind == ConfigurationKind.Grpc));
    }

    /// <summary>A run with any configuration that varies the workload or the link: the story's runs have none.</summary>
    public static bool VariesWorkload(LoadRunSummary summary) =>
        summary.Configurations.Any(r => r.Configuration.Scenarios is not null || r.Configuration.Link != "none" || r.Configuration.PayloadBytes is not null);

    /// <summary>Nothing set beyond the stacks' defaults: no Kestrel or client profile, no setting.</summary>
    public static bool HasDefaults(LoadConfiguration c) =>
        c.KestrelProfile is "default" or "custom" or "n/a" && c.KestrelSettings.Count == 0 && c.ClientProfile == "default" && c.ClientSettings.Count == 0;

    private static bool IsMigrationDefault(LoadConfiguration c) =>
        c.Kind == ConfigurationKind.Grpc && !(c.Server == ServerStack.GrpcCore && c.Client == ClientStack.GrpcCore) && HasDefaults(c);

    private static MigrationHeadline Headline(LoadRunSummary summary, ConfigurationResult result) =>
        Baselines.For(summary, result) is { } baseline
            ? new(result, baseline, [.. summary.HeadlineScenarios.Select(s => LatencyAgainst.Of(result, baseline, s))])
            : new(result, null, []);

    /// <summary>Null where there is nothing to say: no upload measured, a single setting, or no ratio to Grpc.Core's.</summary>
    private static BestSetting? Best(LoadRunSummary summary, IReadOnlyList<ConfigurationResult> sameConditions)
    {
        const string upload = ScenarioNames.SendLargeData;
        var measured = sameConditions.Where(r => r.SuccessLatency(upload) is not null).ToList();
        if (measured.Count == 0) return null;
        var percent = 99.0;
        if (measured.Any(r => !PercentileSamples.Supports(r.SuccessLatency(upload)!.Count, 99)))
        {
            if (measured.Count < 2) return null;
            // Every upload completed everywhere: a lower percentile ranks them; else the ones that completed most.
            var lower = PercentileSamples.HighestHeadline(measured.Min(r => r.SuccessLatency(upload)!.Count));
            if (lower is >= 90 && measured.All(r => r.Scenario(upload)!.Failed == 0)) percent = lower.Value;
            else
            {
                var ranked = measured.OrderByDescending(r => r.Scenario(upload)!.Ok).ToList();
                return new BestSetting(measured.Count, ranked, ranked[0], null, null, null, null, null);
            }
        }
        // Most uploads completed first: under overload the p99 of the few that made it says little.
        var best = measured.OrderByDescending(r => r.Scenario(upload) is { } u ? (double)u.Ok / u.Requests : 0)
            .ThenBy(r => r.SuccessLatency(upload)!.At(percent)).First();
        var byDefault = measured.FirstOrDefault(r => HasDefaults(r.Configuration));
        if (best == byDefault && measured.Count < 2) return null;
        var baseline = Baselines.For(summary, best);
        var ratio = Baselines.Ratio(best, baseline, upload, percent);
        if (best != byDefault && baseline is not null && ratio is null) return null;
        return new BestSetting(measured.Count, null, best, byDefault, baseline, ratio,
            byDefault is null ? null : Baselines.Ratio(byDefault, Baselines.For(summary, byDefault), upload, percent),
            Baselines.P99Ratio(summary, best, ScenarioNames.GetInt), percent);
    }

    private static MachineFloor? Floor(LoadRunSummary summary, ConfigurationResult floor)
    {
        if (floor.SuccessLatency(ScenarioNames.SendLargeData) is not { } latency) return null;
        var multiples = summary.Configurations
            .Where(r => r.Configuration.HostRuntime == floor.Configuration.HostRuntime
                        && (r.Configuration.Kind == Baselines.RawHttp2 || (r.Configuration.Kind == ConfigurationKind.Grpc && HasDefaults(r.Configuration))))
            .Select(r => (r, Multiple: Baselines.RawTcpMultiple(summary, r)))
            .Where(m => m.Multiple is not null)
            .Select(m => new FloorMultiple(m.r, m.Multiple!.Value))
            .ToList();
        return new MachineFloor(floor, latency, multiples);
    }
}
