using System.Globalization;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using Spectre.Console;
using static GrpcBench.Load.Durations;

namespace GrpcBench.Load;

/// <summary>
/// The story's comparison and the presets shaped like it (seed, sweep, streaming, chunked, slow-link, transports): every
/// configuration of the plan under the same load, repeats interleaved, then the table, the ratios and the charts.
/// </summary>
/// <param name="configurations">The plan's own where null.</param>
/// <param name="afterFirstRound">A configuration chosen from the first round's results, run at the end of every round (the sweep's best settings together); null for none.</param>
public sealed class ComparisonPresetRun(RunPlan plan, IReadOnlyList<LoadConfiguration>? configurations = null,
    Func<IReadOnlyList<ConfigurationResult>, LoadConfiguration?>? afterFirstRound = null) : IPresetRun
{
    private readonly IReadOnlyList<LoadConfiguration> _configurations = configurations ?? plan.Configurations();
    private int Repeats => Math.Max(plan.Repeat, 1);
    private int Count => _configurations.Count + (afterFirstRound is null ? 0 : 1);
    private int Total => Count * Repeats;

    public IEnumerable<string> Introduction()
    {
        var shape = plan.Load;
        yield return string.Create(CultureInfo.InvariantCulture,
            $"{plan.Preset}: {Count} configurations{(Repeats > 1 ? $", {Repeats} repeats interleaved: {Total} runs" : "")}; {What(plan)}; "
            + $"about {Minutes(shape.Typical * Total)} (at most {Minutes((shape.WorstCase + TimeSpan.FromSeconds(5)) * Total)})");
        if (_configurations.Count(c => c.Link != "none") is > 0 and var linked && !Orchestration.ShapedLink.CanCreate)
            yield return $"--link needs root (a network namespace and tc): the {linked} configurations with a link are skipped";
    }

    public async Task RunAsync(RunSession session, CancellationToken cancellationToken)
    {
        var shape = plan.Load;
        async Task Run(LoadConfiguration configuration, int repeat)
        {
            var done = session.Results.Count;
            // With one repeat, titles and results as they always were (Repeat null).
            var title = Repeats > 1 ? $"[{done + 1}/{Total}] repeat {repeat}: {configuration.Label}" : $"[{done + 1}/{Total}] {configuration.Label}";
            var result = await session.RunAsync(title, async onProgress =>
            {
                var measured = await ConfigurationRun.RunAsync(configuration, shape, onProgress, cancellationToken, plan.Cpus);
                return Repeats > 1 ? measured with { Repeat = repeat } : measured;
            });
            session.Console.WriteLine($"{title}: {OneLine(result)}");
            if (Total - session.Results.Count is > 0 and var left)
                session.Console.WriteLine($"  {Minutes(session.Clock.Elapsed)} so far; about {Minutes(session.Clock.Elapsed / session.Results.Count * left)} left at this pace "
                    + $"(at most {Minutes((shape.WorstCase + TimeSpan.FromSeconds(5)) * left)})");
        }

        // Round 1, then the configuration chosen from round 1's results alone (simple, and known before round 2 starts);
        // later rounds then run it with the others, at the end of each round as in round 1.
        var round = _configurations.ToList();
        foreach (var (repeat, configuration) in RepeatSchedule.Interleave(round, 1))
        {
            if (cancellationToken.IsCancellationRequested) return;
            await Run(configuration, repeat);
        }
        if (afterFirstRound is not null && !cancellationToken.IsCancellationRequested && afterFirstRound([.. session.Results]) is { } best)
        {
            await Run(best, 1);
            round.Add(best);
        }
        foreach (var (repeat, configuration) in RepeatSchedule.Interleave(round, Repeats).Where(s => s.Repeat > 1))
        {
            if (cancellationToken.IsCancellationRequested) return;
            await Run(configuration, repeat);
        }
    }

    public LoadRunSummary Summary(LoadRunSummary bare)
    {
        var shape = plan.Load;
        return bare with
        {
            // Sizes that vary by configuration are in each label, not one offered payload.
            OfferedLoad = _configurations.SelectMany(c => c.Scenarios ?? shape.Scenarios).Distinct()
                .ToDictionary(name => name, name => (plan.PayloadSizes.Count > 0 ? shape with { PayloadBytes = 0 } : shape).Describe(name)),
            ClosedModelTable = shape.Closed is null ? null : ClosedModelRows.Of(bare.Configurations),
        };
    }

    public void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files)
    {
        ConsoleReport.Write(console, summary);
        foreach (var line in NoSuccess(summary)) console.WriteLine($"no successful call: {line}");
    }

    /// <summary>A run in which some scenario never succeeded measured no latency there: worth a non-zero exit, not a silent 0.</summary>
    public bool Succeeded(LoadRunSummary summary) => !NoSuccess(summary).Any();

    private static IEnumerable<string> NoSuccess(LoadRunSummary summary) =>
        summary.Configurations.SelectMany(r => r.Scenarios.Where(s => s.Ok == 0).Select(s => $"{r.Configuration.Label}: {s.Name} ({MeasuredFigures.Describe(s.FailsByCode)})"));

    private static string OneLine(ConfigurationResult result)
    {
        if (result.Status != ConfigurationStatus.Ok && result.Scenarios.Count == 0) return $"{result.Status.Text()}: {result.Reason}";
        string Figures(string scenario) => result.Scenario(scenario) is { } s
            ? s.Ok == 0 ? $"{scenario} ok 0 fail {s.Failed}"
            : $"{scenario} ok {s.Ok} fail {s.Failed} p50 {WithMs(PercentileRule.Ms(s.Latency, 50))} p99 {WithMs(PercentileRule.Ms(s.Latency, 99))}"
            : $"{scenario} -";
        var scenarios = result.Configuration.Scenarios ?? [.. result.Scenarios.Select(s => s.Name)];
        return $"{result.Status.Text()}; {string.Join("; ", scenarios.Select(Figures))}" + (result.Reason is null ? "" : $"; {result.Reason}");
    }

    private static string WithMs(string figure) => figure.StartsWith("n <", StringComparison.Ordinal) ? figure : figure + " ms";

    /// <summary>The story's "each getInt and sendLargeData (20 MiB uploads) at once, ramp ...", or the sets a workload run varies.</summary>
    private static string What(RunPlan plan)
    {
        var shape = plan.Load;
        if (shape.Closed is { } closed)
            return $"each one of {string.Join(", ", (plan.ScenarioSets ?? [shape.Scenarios]).Select(set => string.Join('+', set)))}, {closed}";
        var ramp = string.Join(" then ", shape.Phases.Select(p => p.Constant ? $"{p.Rate}/s for {p.Seconds} s" : $"ramp to {p.Rate}/s over {p.Seconds} s"));
        if (shape.Service is { } service)
            return $"your methods ({string.Join(", ", service.Methods.Select(m => m.Name))}) at once, the load {ramp} shared as the scenario file says";
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
