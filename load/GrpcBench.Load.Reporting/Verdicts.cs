using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// The few sentences a migrating team came for, each computed from two measured numbers (never one guessed):
/// grpc-dotnet with its defaults against Grpc.Core, the setting that does best per runtime and transport, the
/// machine's floor, and every configuration that did not complete, with its reason.
/// </summary>
public static class Verdicts
{
    public static IReadOnlyList<string> For(LoadRunSummary summary)
    {
        // With repeats: repeat 1, as a run with one repeat reads (the medians over every repeat are in RepeatsReport).
        summary = RepeatRows.FirstRepeat(summary);
        var upload = Wording.Upload(summary);
        var completed = summary.Configurations.Where(r => r.IsOk()).ToList();
        var lines = new List<string>();
        if (summary.Status == RunStatus.Cancelled) lines.Add("The run was cancelled (Ctrl+C): configurations that had not run are missing.");

        // The story's verdicts read the story's load; a run that varies the workload has its own (WorkloadReport).
        var story = !WorkloadReport.Applies(summary);
        foreach (var result in completed.Where(r => story && IsMigrationDefault(r.Configuration)))
            lines.Add(Headline(summary, result, upload));
        var grpcDotnet = completed.Where(r => story && r.Configuration is { Kind: ConfigurationKind.Grpc, Server: ServerStack.Kestrel, Client: ClientStack.GrpcNet })
            .GroupBy(r => (r.Configuration.HostRuntime, r.Configuration.ClientRuntime, r.Configuration.Transport, r.Configuration.Compression));
        foreach (var sameConditions in grpcDotnet)
            if (BestSetting(summary, sameConditions.ToList(), upload) is { } line) lines.Add(line);
        foreach (var floor in completed.Where(r => r.Configuration.Kind == Baselines.RawTcp))
            if (Floor(summary, floor, upload) is { } line) lines.Add(line);
        lines.AddRange(WorkloadReport.Verdicts(summary));
        lines.AddRange(ClosedModelReport.Verdicts(summary));
        foreach (var result in summary.Configurations.Where(r => !r.IsOk()))
            lines.Add(NotCompleted(result));
        if (story && completed.Any(r => r.Configuration.Kind == ConfigurationKind.Grpc))
            lines.Add(CapacityPointer);

        if (lines.Count == 0)
            lines.Add(summary.Configurations.Count == 0 ? "No configuration ran: nothing to compare."
                : "No verdict: this run has no pair of configurations to compare (the figures are in the tables).");
        return lines;
    }

    /// <summary>Under the story's absolute load every grpc-dotnet setting may be saturated: how far each is from keeping up is the capacity preset's question.</summary>
    public const string CapacityPointer =
        "How far from keeping up: `dotnet run -c Release --project load/GrpcBench.Load -- --preset capacity` (highest rate held within an SLO, repeated).";

    /// <summary>A gRPC pair other than Grpc.Core's own, with nothing set beyond its defaults: what a team gets by just migrating.</summary>
    private static bool IsMigrationDefault(LoadConfiguration c) =>
        c.Kind == ConfigurationKind.Grpc && !(c.Server == ServerStack.GrpcCore && c.Client == ClientStack.GrpcCore) && Wording.Variant(c) == "default";

    private static string Headline(LoadRunSummary summary, ConfigurationResult result, string upload)
    {
        var who = $"{Wording.Stack(result.Configuration)} {Wording.Where(result.Configuration)}";
        var baseline = Baselines.For(summary, result);
        if (baseline is null)
        {
            return $"{who}: {upload} p99 {Absolute(result, ScenarioNames.SendLargeData)}, {ScenarioNames.GetInt} p99 {Absolute(result, ScenarioNames.GetInt)}; "
                   + "no Grpc.Core baseline in this run.";
        }
        return $"{who}: {Completion(result, baseline, upload)}{Against(result, baseline, upload, ScenarioNames.SendLargeData, " of Grpc.Core")}; "
               + $"{Against(result, baseline, ScenarioNames.GetInt, ScenarioNames.GetInt, "")}."
               + FailNote(result, baseline);
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
    private static string Against(ConfigurationResult result, ConfigurationResult baseline, string name, string scenario, string ofWhom)
    {
        var ratio = Baselines.Ratio(result, baseline, scenario, 99);
        if (ratio is null)
        {
            if (result.SuccessLatency(scenario) is null) return $"{name}: no successful call, so no p99";
            if (baseline.SuccessLatency(scenario) is null) return $"{name}: Grpc.Core made no successful call, so no ratio";
            // Too few calls for a p99 on one side: the median, which they have.
            return Baselines.Ratio(result, baseline, scenario, 50) is { } median
                ? $"{name} p50 {Numbers.Ratio(median)}{ofWhom} ({Numbers.Ms(result.SuccessLatency(scenario)!.P50)} ms vs {Numbers.Ms(baseline.SuccessLatency(scenario)!.P50)} ms; "
                  + $"p99 {PercentileRule.TooFew(99)})"
                : $"{name}: too few successful calls for a ratio";
        }
        return $"{name} p99 {Numbers.Ratio(ratio)}{ofWhom} ({Numbers.Ms(result.SuccessLatency(scenario)!.P99)} ms vs {Numbers.Ms(baseline.SuccessLatency(scenario)!.P99)} ms)";
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

    /// <summary>Of grpc-dotnet configurations under the same conditions, the one that completes the most uploads, then with the lowest upload p99, and what it does.</summary>
    private static string? BestSetting(LoadRunSummary summary, IReadOnlyList<ConfigurationResult> sameConditions, string upload)
    {
        var measured = sameConditions.Where(r => r.SuccessLatency(ScenarioNames.SendLargeData) is not null).ToList();
        if (measured.Count == 0) return null;
        if (measured.Any(r => !PercentileSamples.Supports(r.SuccessLatency(ScenarioNames.SendLargeData)!.Count, 99)))
            return measured.Count < 2 ? null : ByCompletedCalls(measured, upload);
        // Most uploads completed first: under overload the p99 of the few that made it says little.
        var best = measured.OrderByDescending(r => r.Scenario(ScenarioNames.SendLargeData) is { } u ? (double)u.Ok / u.Requests : 0)
            .ThenBy(r => r.SuccessLatency(ScenarioNames.SendLargeData)!.P99).First();
        var byDefault = measured.FirstOrDefault(r => Wording.Variant(r.Configuration) == "default");
        var where = Capitalized(Wording.Where(best.Configuration));
        var bestP99 = Numbers.Ms(best.SuccessLatency(ScenarioNames.SendLargeData)!.P99);

        if (best == byDefault)
        {
            return measured.Count < 2 ? null
                : $"{where}: none of the {measured.Count - 1} other grpc-dotnet settings tried lowers the {upload} p99 below the default's ({bestP99} ms"
                  + $"{RatioClause(summary, best, ScenarioNames.SendLargeData, ", ", " of Grpc.Core")}).";
        }

        var variant = Wording.Variant(best.Configuration);
        var baseline = Baselines.For(summary, best);
        if (baseline is null)
        {
            var from = byDefault is null ? "" : $" (default: {Numbers.Ms(byDefault.SuccessLatency(ScenarioNames.SendLargeData)!.P99)} ms)";
            return $"{where}: {variant} gives grpc-dotnet its lowest {upload} p99, {bestP99} ms{from}; no Grpc.Core baseline in this run.";
        }
        var ratio = Baselines.Ratio(best, baseline, ScenarioNames.SendLargeData, 99);
        if (ratio is null) return null;
        var fromDefault = byDefault is null ? "" : RatioClause(summary, byDefault, ScenarioNames.SendLargeData, ", from ", " with the default");
        var completed = best.Scenario(ScenarioNames.SendLargeData)!.Failed == 0 && byDefault?.Scenario(ScenarioNames.SendLargeData)?.Failed is null or 0 ? ""
            : $"completes the most {upload}s, {Numbers.Count(best.Scenario(ScenarioNames.SendLargeData)!.Ok)} of {Numbers.Count(best.Scenario(ScenarioNames.SendLargeData)!.Requests)}"
              + (byDefault is null ? "" : $" (default: {Numbers.Count(byDefault.Scenario(ScenarioNames.SendLargeData)!.Ok)})") + ", and ";
        return $"{where}: {variant} {completed}brings the grpc-dotnet {upload} p99 to {Numbers.Ratio(ratio)} of Grpc.Core "
               + $"({bestP99} ms vs {Numbers.Ms(baseline.SuccessLatency(ScenarioNames.SendLargeData)!.P99)} ms){fromDefault}"
               + $"{RatioClause(summary, best, ScenarioNames.GetInt, "; getInt p99 ", "")}.";
    }

    /// <summary>Too few successful uploads somewhere for a p99: the settings ranked by completed uploads alone.</summary>
    private static string ByCompletedCalls(IReadOnlyList<ConfigurationResult> measured, string upload)
    {
        var ranked = measured.OrderByDescending(r => r.Scenario(ScenarioNames.SendLargeData)!.Ok).ToList();
        var counts = string.Join(", ", ranked.Select(r => $"{Wording.Variant(r.Configuration)} {Numbers.Count(r.Scenario(ScenarioNames.SendLargeData)!.Ok)}"));
        return $"{Capitalized(Wording.Where(ranked[0].Configuration))}: ranked by {upload}s completed of {Numbers.Count(ranked[0].Scenario(ScenarioNames.SendLargeData)!.Requests)}: {counts}; "
               + $"fewer than 100 successful {upload}s in a configuration is too few for a p99, so latency ranks nothing here.";
    }

    private static string RatioClause(LoadRunSummary summary, ConfigurationResult result, string scenario, string before, string after) =>
        Baselines.P99Ratio(summary, result, scenario) is { } ratio ? $"{before}{Numbers.Ratio(ratio)}{after}" : "";

    /// <summary>The bare socket's upload p50 on a runtime, and each default stack's as a multiple of it.</summary>
    private static string? Floor(LoadRunSummary summary, ConfigurationResult floor, string upload)
    {
        if (floor.SuccessLatency(ScenarioNames.SendLargeData) is not { } latency) return null;
        var multiples = summary.Configurations
            .Where(r => r.Configuration.HostRuntime == floor.Configuration.HostRuntime
                        && (r.Configuration.Kind == Baselines.RawHttp2 || (r.Configuration.Kind == ConfigurationKind.Grpc && Wording.Variant(r.Configuration) == "default")))
            .Select(r => (r, Multiple: Baselines.RawTcpMultiple(summary, r)))
            .Where(m => m.Multiple is not null)
            .Select(m => $"{Wording.Stack(m.r.Configuration)} {m.r.Configuration.Transport.Text()} {Numbers.Ratio(m.Multiple)}")
            .ToList();
        var sentence = $"On {Wording.Runtime(floor.Configuration.HostRuntime)}, a bare socket moves the {upload} in {Numbers.Ms(latency.P50)} ms (p50), the machine's floor";
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
