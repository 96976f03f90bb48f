namespace GrpcBench.Load.Reporting;

/// <summary>
/// The few sentences a migrating team came for, in words: what <see cref="RunVerdicts"/> found (grpc-dotnet with its
/// defaults against Grpc.Core, the setting that does best per runtime and transport, the machine's floor, and every
/// configuration that did not complete, with its reason), and the workload's and closed model's own verdicts.
/// </summary>
public static class Verdicts
{
    public static IReadOnlyList<string> For(LoadRunSummary summary)
    {
        // With repeats: repeat 1, as a run with one repeat reads (the medians over every repeat are in RepeatsReport).
        summary = RepeatRows.FirstRepeat(summary);
        var upload = Wording.Upload(summary);
        var found = RunVerdicts.Of(summary);
        var lines = new List<string>();
        if (found.Cancelled) lines.Add("The run was cancelled (Ctrl+C): configurations that had not run are missing.");
        lines.AddRange(found.Headlines.Select(h => Headline(summary, h, upload)));
        lines.AddRange(found.BestSettings.Select(b => BestSetting(b, upload)));
        lines.AddRange(found.Floors.Select(f => Floor(f, upload)));
        lines.AddRange(WorkloadReport.Verdicts(summary));
        lines.AddRange(ClosedModelReport.Verdicts(summary));
        lines.AddRange(found.NotCompleted.Select(NotCompleted));
        if (found.PointsToCapacity) lines.AddRange(summary.Service is { } service ? [ServiceCapacityPointer(service)] : [CapacityPointer, AdvisePointer]);

        if (lines.Count == 0)
            lines.Add(summary.Configurations.Count == 0 ? "No configuration ran: nothing to compare."
                : "No verdict: this run has no pair of configurations to compare (the figures are in the tables).");
        return lines;
    }

    /// <summary>Under the story's absolute load every grpc-dotnet setting may be saturated: how far each is from keeping up is the capacity preset's question.</summary>
    public const string CapacityPointer =
        "How far from keeping up: `dotnet run -c Release --project load/GrpcBench.Load -- --preset capacity` (highest rate held within an SLO, repeated).";

    /// <summary>The story's next question after how far: which settings close the gap.</summary>
    public const string AdvisePointer =
        "Which settings close the gap: `dotnet run -c Release --project load/GrpcBench.Load -- --preset advise --runtime net10.0` (every knob screened, the settings as code; 37 min a runtime).";

    /// <summary>The pointer for a team's methods: the same assembly and scenario file under the capacity preset.</summary>
    private static string ServiceCapacityPointer(ServiceLoad service) =>
        "How far from keeping up: `dotnet run -c Release --project load/GrpcBench.Load -- --preset capacity "
        + $"--service-assembly {service.AssemblyPath} --scenarios {service.ScenarioFile ?? "FILE"}` (highest rate of your mix held within each method's SLO, repeated).";

    private static string Headline(LoadRunSummary summary, MigrationHeadline headline, string upload)
    {
        var (result, baseline) = (headline.Result, headline.Baseline);
        var who = $"{Wording.Stack(result.Configuration)} {Wording.Where(result.Configuration)}";
        if (baseline is null)
        {
            var absolutes = summary.HeadlineScenarios.Select(s => $"{Wording.Scenario(summary, s)} p99 {Absolute(result, s)}");
            return $"{who}: {string.Join(", ", absolutes)}; no Grpc.Core baseline in this run.";
        }
        // "of Grpc.Core" once, after the first scenario: the ones after it read the same.
        var against = headline.Scenarios.Select((a, i) => Against(a, Wording.Scenario(summary, a.Scenario), i == 0 ? " of Grpc.Core" : ""));
        var completion = summary.Service is null ? Completion(result, baseline, upload) : "";
        return $"{who}: {completion}{string.Join("; ", against)}." + FailNote(result, baseline);
    }

    /// <summary>
    /// Under a load a configuration cannot carry, the percentiles describe only the calls that made their deadline,
    /// so how many did comes first: "168 of 600 20 MiB uploads completed (Grpc.Core: 600 of 600); of those, ".
    /// </summary>
    private static string Completion(ConfigurationResult result, ConfigurationResult baseline, string upload)
    {
        if (result.Scenario(ScenarioNames.SendLargeData) is not { } mine || baseline.Scenario(ScenarioNames.SendLargeData) is not { } theirs) return "";
        if (mine.Failed == 0 && theirs.Failed == 0) return "";
        return $"{Numbers.Count(mine.Ok)} of {Numbers.Count(mine.Requests)} {upload}s completed (Grpc.Core: {Numbers.Count(theirs.Ok)} of {Numbers.Count(theirs.Requests)}); of those, ";
    }

    /// <summary>"20 MiB upload p99 x7.3 of Grpc.Core (4,387 ms vs 601 ms)", or why there is no ratio.</summary>
    private static string Against(LatencyAgainst against, string name, string ofWhom)
    {
        if (against.P99Ratio is not { } ratio)
        {
            if (against.Mine is null) return $"{name}: no successful call, so no p99";
            if (against.Theirs is null) return $"{name}: Grpc.Core made no successful call, so no ratio";
            // Too few calls for a p99 on one side: the highest percentile both have enough calls for.
            return against is { LowerPercent: { } percent, LowerRatio: { } lower }
                ? $"{name} {Numbers.Percentile(percent)} {Numbers.Ratio(lower)}{ofWhom} ({Numbers.Ms(against.Mine.At(percent))} ms vs {Numbers.Ms(against.Theirs.At(percent))} ms; "
                  + $"p99 {PercentileRule.TooFew(99)})"
                : $"{name}: too few successful calls for a ratio";
        }
        return $"{name} p99 {Numbers.Ratio(ratio)}{ofWhom} ({Numbers.Ms(against.Mine!.P99)} ms vs {Numbers.Ms(against.Theirs!.P99)} ms)";
    }

    private static string Absolute(ConfigurationResult result, string scenario) =>
        result.SuccessLatency(scenario) is { } latency ? PercentileSamples.Supports(latency.Count, 99) ? $"{Numbers.Ms(latency.P99)} ms" : PercentileRule.TooFew(99)
        : "not measured (no successful call)";

    /// <summary>Failed calls are outside the percentiles, so a ratio over a run with fails needs saying so.</summary>
    private static string FailNote(ConfigurationResult result, ConfigurationResult baseline)
    {
        var notes = new[] { result, baseline }.Distinct().Where(r => r.Fails() > 0)
            .Select(r => $"{Wording.Stack(r.Configuration)} {r.FailsSummary()}")
            .ToList();
        return notes.Count == 0 ? "" : $" Failed calls, left out of the percentiles: {string.Join("; ", notes)}.";
    }

    /// <summary>The setting that does best under some conditions, and what it does.</summary>
    private static string BestSetting(BestSetting found, string upload)
    {
        if (found.RankedByCompleted is { } ranked) return ByCompletedCalls(ranked, upload);
        var (best, byDefault, percent) = (found.Best, found.ByDefault, found.Percent);
        var at = Numbers.Percentile(percent);
        string Upload(ConfigurationResult r) => Numbers.Ms(r.SuccessLatency(ScenarioNames.SendLargeData)!.At(percent));
        var where = Capitalized(Wording.Where(best.Configuration));
        var bestLatency = Upload(best);
        // A percentile under p99 says why: too few calls for one.
        var why = percent < 99 ? $" ({at}: fewer than 100 {upload}s, too few for a p99)" : "";

        if (best == byDefault)
        {
            return $"{where}: none of the {found.Measured - 1} other grpc-dotnet settings tried lowers the {upload} {at} below the default's ({bestLatency} ms"
                   + $"{RatioClause(found.UploadRatio, ", ", " of Grpc.Core")}){why}.";
        }

        var variant = Wording.Variant(best.Configuration);
        if (found.Baseline is not { } baseline)
        {
            var from = byDefault is null ? "" : $" (default: {Upload(byDefault)} ms)";
            return $"{where}: {variant} gives grpc-dotnet its lowest {upload} {at}, {bestLatency} ms{from}; no Grpc.Core baseline in this run{why}.";
        }
        var fromDefault = byDefault is null ? "" : RatioClause(found.DefaultUploadRatio, ", from ", " with the default");
        var completed = best.Scenario(ScenarioNames.SendLargeData)!.Failed == 0 && byDefault?.Scenario(ScenarioNames.SendLargeData)?.Failed is null or 0 ? ""
            : $"completes the most {upload}s, {Numbers.Count(best.Scenario(ScenarioNames.SendLargeData)!.Ok)} of {Numbers.Count(best.Scenario(ScenarioNames.SendLargeData)!.Requests)}"
              + (byDefault is null ? "" : $" (default: {Numbers.Count(byDefault.Scenario(ScenarioNames.SendLargeData)!.Ok)})") + ", and ";
        return $"{where}: {variant} {completed}brings the grpc-dotnet {upload} {at} to {Numbers.Ratio(found.UploadRatio)} of Grpc.Core "
               + $"({bestLatency} ms vs {Upload(baseline)} ms){fromDefault}"
               + $"{RatioClause(found.GetIntP99Ratio, "; getInt p99 ", "")}{why}.";
    }

    /// <summary>Too few successful uploads somewhere for a p99: the settings ranked by completed uploads alone.</summary>
    private static string ByCompletedCalls(IReadOnlyList<ConfigurationResult> ranked, string upload)
    {
        var counts = string.Join(", ", ranked.Select(r => $"{Wording.Variant(r.Configuration)} {Numbers.Count(r.Scenario(ScenarioNames.SendLargeData)!.Ok)}"));
        return $"{Capitalized(Wording.Where(ranked[0].Configuration))}: ranked by {upload}s completed of {Numbers.Count(ranked[0].Scenario(ScenarioNames.SendLargeData)!.Requests)}: {counts}; "
               + $"fewer than 100 successful {upload}s in a configuration is too few for a p99, so latency ranks nothing here.";
    }

    private static string RatioClause(double? ratio, string before, string after) => ratio is { } value ? $"{before}{Numbers.Ratio(value)}{after}" : "";

    /// <summary>The bare socket's upload p50 on a runtime, and each default stack's as a multiple of it.</summary>
    private static string Floor(MachineFloor floor, string upload)
    {
        var multiples = floor.Multiples.Select(m => $"{Wording.Stack(m.Result.Configuration)} {m.Result.Configuration.Transport.Text()} {Numbers.Ratio(m.Multiple)}").ToList();
        var sentence = $"On {Wording.Runtime(floor.Floor.Configuration.HostRuntime)}, a bare socket moves the {upload} in {Numbers.Ms(floor.Upload.P50)} ms (p50), the machine's floor";
        return multiples.Count == 0 ? sentence + "." : $"{sentence}; upload p50 as a multiple of it: {string.Join(", ", multiples)}.";
    }

    private static string NotCompleted(ConfigurationResult result)
    {
        var reason = string.IsNullOrWhiteSpace(result.Reason) ? " (no reason recorded)" : ": " + MeasuredFigures.OneLine(result.Reason);
        var line = $"{result.Configuration.Label} {result.Status.Text()}{reason}";
        return line.EndsWith('.') ? line : line + ".";
    }

    private static string Capitalized(string text) => text.Length == 0 ? text : char.ToUpperInvariant(text[0]) + text[1..];
}
