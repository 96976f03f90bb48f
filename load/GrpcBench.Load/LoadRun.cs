using System.Globalization;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;
using static GrpcBench.Load.Durations;

namespace GrpcBench.Load;

/// <summary>A whole run: every configuration of the plan one after the other, then summary.json, report.md, charts and the table.</summary>
public static class LoadRun
{
    public static async Task<int> RunAsync(RunPlan plan, string? requestedFolder, string commandLine, CancellationToken cancellationToken)
    {
        var console = ConsoleSetup.ForOutput();
        if (ResultsFolder.CreateOrSayWhy(requestedFolder) is not { } folder) return 2;

        if (plan.Advise is { } advise) return await AdvisePreset.RunAsync(plan, advise, plan.Quick, folder, commandLine, console, cancellationToken);
        if (plan.Soak is { } soak) return await SoakPreset.RunAsync(plan, soak, folder, commandLine, console, cancellationToken);
        if (plan.Capacity is { } capacity) return await CapacityPreset.RunAsync(plan, capacity, plan.Quick, folder, commandLine, console, cancellationToken);

        var configurations = plan.Configurations();
        var shape = plan.Load;
        var extra = plan.Preset == Presets.Sweep ? 1 : 0;
        var repeats = Math.Max(plan.Repeat, 1);
        var total = (configurations.Count + extra) * repeats;
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{plan.Preset}: {configurations.Count + extra} configurations{(repeats > 1 ? $", {repeats} repeats interleaved: {total} runs" : "")}; {What(plan)}; "
            + $"about {Minutes(shape.Typical * total)} (at most {Minutes((shape.WorstCase + TimeSpan.FromSeconds(5)) * total)})"));
        console.WriteLine($"results: {folder}");
        console.WriteLine(plan.Cpus.IsShared
            ? "cpus: shared: host and load worker may use every CPU (--cpus host=LIST worker=LIST to keep them apart)"
            : $"cpus: host on {plan.Cpus.Host}, load worker on {plan.Cpus.Worker} (taskset at start, checked from /proc per configuration)");
        if (configurations.Count(c => c.Link != "none") is > 0 and var linked && !ShapedLink.CanCreate)
            console.WriteLine($"--link needs root (a network namespace and tc): the {linked} configurations with a link are skipped");

        var record = RunRecord.Now();
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var results = new List<ConfigurationResult>();
        var progress = new LiveProgress(console);
        async Task Run(LoadConfiguration configuration, int repeat)
        {
            // With one repeat, titles and results as they always were (Repeat null).
            var title = repeats > 1 ? $"[{results.Count + 1}/{total}] repeat {repeat}: {configuration.Label}" : $"[{results.Count + 1}/{total}] {configuration.Label}";
            var result = await progress.RunAsync(title, onProgress => ConfigurationRun.RunAsync(configuration, shape, onProgress, cancellationToken, plan.Cpus));
            results.Add(repeats > 1 ? result with { Repeat = repeat } : result);
            console.WriteLine($"{title}: {OneLine(result)}");
            if (total - results.Count is > 0 and var left)
                console.WriteLine($"  {Minutes(clock.Elapsed)} so far; about {Minutes(clock.Elapsed / results.Count * left)} left at this pace "
                    + $"(at most {Minutes((shape.WorstCase + TimeSpan.FromSeconds(5)) * left)})");
            Checkpoint.Write(folder, Summary(Checkpoint.Status), console);
        }

        // Round 1, then the sweep's combination of the best settings, chosen from round 1's results alone (simple, and
        // known before round 2 starts); later rounds then run it with the others, at the end of each round as in round 1.
        var round = configurations.ToList();
        foreach (var (repeat, configuration) in RepeatSchedule.Interleave(round, 1))
        {
            if (cancellationToken.IsCancellationRequested) break;
            await Run(configuration, repeat);
        }
        if (plan.Preset == Presets.Sweep && !cancellationToken.IsCancellationRequested && SweepRecommendation.Combine(results) is { } best)
        {
            await Run(best, 1);
            round.Add(best);
        }
        foreach (var (repeat, configuration) in RepeatSchedule.Interleave(round, repeats).Where(s => s.Repeat > 1))
        {
            if (cancellationToken.IsCancellationRequested) break;
            await Run(configuration, repeat);
        }

        var status = cancellationToken.IsCancellationRequested ? "cancelled" : results.Any(r => r.Status != "ok") ? "failed" : "completed";
        var summary = Summary(status);
        var (written, asAsked) = ResultsWriting.Write(folder, summary, console);
        if (asAsked) Checkpoint.Remove(folder);
        folder = written;
        ConsoleReport.Write(console, summary);
        // A run in which some scenario never succeeded measured no latency there: worth a non-zero exit, not a silent 0.
        var noSuccess = results.SelectMany(r => r.Scenarios.Where(s => s.Ok == 0).Select(s => $"{r.Configuration.Label}: {s.Name} ({MeasuredFigures.Describe(s.FailsByCode)})")).ToList();
        foreach (var line in noSuccess) console.WriteLine($"no successful call: {line}");
        console.WriteLine($"results: {folder}");
        return !asAsked ? ResultsWriting.NotWhereAsked : status == "completed" && noSuccess.Count == 0 ? 0 : 1;

        LoadRunSummary Summary(string status) => new(plan.Preset, status, commandLine, record,
            // Sizes that vary by configuration are in each label, not one offered payload.
            configurations.SelectMany(c => c.Scenarios ?? shape.Scenarios).Distinct()
                .ToDictionary(name => name, name => (plan.PayloadSizes.Count > 0 ? shape with { PayloadBytes = 0 } : shape).Describe(name)),
            [.. results]) { ClosedModelTable = shape.Closed is null ? null : ClosedModelReport.Rows(results) };
    }

    public static int Compare(string baseFolder, string diffFolder, double threshold, bool acrossRuntimes)
    {
        try
        {
            var (@base, diff) = (SummaryFile.Read(baseFolder), SummaryFile.Read(diffFolder));
            // Two advise runs: what counts is whether they decide alike.
            if (@base.Advice is { Count: > 0 } && diff.Advice is { Count: > 0 })
            {
                Console.Write(AdviceAgreement.Markdown(@base, diff));
                return 0;
            }
            var comparison = ResultsComparison.Compare(@base, diff, acrossRuntimes, threshold);
            Console.Write(ComparisonOutput.Markdown(comparison, threshold));
            return 0;
        }
        catch (Exception e) when (e is IOException or System.Text.Json.JsonException or InvalidOperationException or InvalidDataException)
        {
            Console.Error.WriteLine($"compare: {e.Message}");
            return 2;
        }
    }

    /// <summary>
    /// report.md (or advice.md) and the charts of a run drawn again into its folder; with <paramref name="reference"/>, a
    /// reference run there: those and summary.json.gz, without the calls. <paramref name="charts"/>: the charts drawn by
    /// name (a file name without page number and .png), "none", or null for all.
    /// </summary>
    public static int Report(string resultsFolder, string? reference, string[]? charts)
    {
        var command = reference is null ? "report" : "keep";
        var names = charts is not { Length: > 0 } ? null : charts.SelectMany(c => c.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)).ToHashSet();
        try
        {
            var summary = SummaryFile.Read(resultsFolder);
            var known = ReportFiles.Reading(summary).Charts.Select(c => ReportFiles.ChartName(c.FileName)).ToHashSet();
            if (names?.Except(["none", .. known]).FirstOrDefault() is { } unknown)
            {
                Console.Error.WriteLine($"{command} --charts {unknown}: allowed none or charts of this run: {string.Join(", ", known)}");
                return 2;
            }
            Func<string, bool>? draw = names is null ? null : file => names.Contains(ReportFiles.ChartName(file));
            var folder = Directory.Exists(resultsFolder) ? resultsFolder : Path.GetDirectoryName(Path.GetFullPath(resultsFolder))!;
            var files = reference is null ? ReportFiles.WriteReading(folder, summary, draw) : ReportFiles.WriteReference(reference, summary, draw);
            foreach (var file in files) Console.WriteLine(file);
            return 0;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Text.Json.JsonException or InvalidDataException)
        {
            Console.Error.WriteLine($"{command}: {e.Message}");
            return 2;
        }
    }

    private static string OneLine(ConfigurationResult result)
    {
        if (result.Status != "ok" && result.Scenarios.Count == 0) return $"{result.Status}: {result.Reason}";
        string Figures(string scenario) => result.Scenario(scenario) is { } s
            ? s.Ok == 0 ? $"{scenario} ok 0 fail {s.Failed}"
            : $"{scenario} ok {s.Ok} fail {s.Failed} p50 {WithMs(PercentileRule.Ms(s.Latency, 50))} p99 {WithMs(PercentileRule.Ms(s.Latency, 99))}"
            : $"{scenario} -";
        var scenarios = result.Configuration.Scenarios ?? [.. result.Scenarios.Select(s => s.Name)];
        return $"{result.Status}; {string.Join("; ", scenarios.Select(Figures))}" + (result.Reason is null ? "" : $"; {result.Reason}");
    }

    private static string WithMs(string figure) => figure.StartsWith("n <", StringComparison.Ordinal) ? figure : figure + " ms";

    /// <summary>The story's "each getInt and sendLargeData (20 MiB uploads) at once, ramp ...", or the sets a workload run varies.</summary>
    private static string What(RunPlan plan)
    {
        var shape = plan.Load;
        if (shape.Closed is { } closed)
            return $"each one of {string.Join(", ", (plan.ScenarioSets ?? [shape.Scenarios]).Select(set => string.Join('+', set)))}, {closed}";
        var ramp = string.Join(" then ", shape.Phases.Select(p => p.Constant ? $"{p.Rate}/s for {p.Seconds} s" : $"ramp to {p.Rate}/s over {p.Seconds} s"));
        if (plan.ScenarioSets is null)
            return string.Create(CultureInfo.InvariantCulture, $"each {string.Join(" and ", shape.Scenarios)} ({shape.PayloadBytes / 1024.0 / 1024.0:0.#} MiB uploads) at once, "
                + $"ramp {string.Join(" then ", shape.Phases.Select(p => $"to {p.Rate}/s over {p.Seconds} s"))}, {shape.Requests} calls each");
        var sets = string.Join(", ", plan.ScenarioSets.Select(set => string.Join('+', set)));
        var load = shape.OneAtATime || plan.ScenarioSets.All(set => set.All(ScenarioNames.IsTransfer))
            ? $"one call at a time for {shape.Phases.Sum(p => p.Seconds)} s"
            : $"uploads at {ramp}" + (shape.GetIntPerSecond is { } rate ? $", getInt at {rate}/s" : "");
        return $"each one of {sets}, {load}";
    }
}
