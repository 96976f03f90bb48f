using System.Globalization;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;
using static GrpcBench.Load.Durations;

namespace GrpcBench.Load;

/// <summary>What the capacity preset is asked for beyond the configurations: mixes, repeats, arrivals, SLO, threshold.</summary>
public sealed record CapacityOptions(IReadOnlyList<string> Mixes, int Repeat, Arrivals Arrivals, CapacitySlo Slo, double Threshold, int PayloadBytes, int GetIntBeside)
{
    public static CapacityOptions Default(bool quick) =>
        new(quick ? [CapacityPresetRun.Uploads, CapacityPresetRun.GetInt] : CapacityPresetRun.MixNames, quick ? 2 : 3, Arrivals.Uniform, CapacitySlo.Default, 0.1, quick ? 4 * 1024 * 1024 : 20 * 1024 * 1024, 50);

    /// <summary>A team's service (<c>--scenarios FILE</c>): its methods are then the one mix, each held to its own SLO.</summary>
    public ServiceLoad? Service { get; init; }

    /// <summary>The uploads' bytes (<see cref="Payload.Contents"/>): random as in the story; text or zeros where compression is to be screened.</summary>
    public string PayloadContent { get; init; } = Payload.RandomContent;
}

/// <summary>
/// The capacity preset: for each mix and configuration, the highest steady rate held within the SLO, repeated and
/// interleaved (repeat 1 of every search, then repeat 2 ...), then the table over the repeats (<see cref="CapacityTable"/>).
/// </summary>
public sealed class CapacityPresetRun(RunPlan plan, CapacityOptions options) : IPresetRun
{
    public const string Uploads = "uploads", GetInt = "getInt", Mixed = "mixed", Service = "service";
    public static readonly IReadOnlyList<string> MixNames = [Uploads, GetInt, Mixed];

    public static IReadOnlyList<CapacityMix> Mixes(CapacityOptions options, bool quick)
    {
        // Probes short enough that a search fits its budget, long enough for a steady phase: 2 s (quick: 1 s) after 1 s of
        // warm-up; getInt's 1 s holds thousands of calls already.
        var probeSeconds = quick ? 1 : 2;
        // A call beyond its SLO is a miss already (its latency counts from its scheduled start, the deadline from its
        // actual one): the deadline only bounds how long a probe drains, and the first failed call ends the probe.
        var deadline = (int)Math.Clamp(Math.Ceiling(1.5 * Math.Max(options.Slo.UploadP99Ms, options.Slo.GetIntP99Ms) / 1000), 2, 60);
        var budget = TimeSpan.FromSeconds(quick ? 45 : 90);
        // Uploads start near 128 MiB/s (a power of two per second: 32/s of 4 MiB, 8/s of 20 MiB), getInt at 4,000/s: below
        // every stack's capacity here by a margin (the common rate is one of these rungs), so that few doublings reach it.
        var uploadStart = Math.Pow(2, Math.Max(-2, Math.Round(Math.Log2(128.0 * 1024 * 1024 / options.PayloadBytes))));
        SearchLimits Limits(double start, double min, double max, int seconds) => new(start, min, max, quick ? 0.1 : 0.05, 14, budget, TimeSpan.FromSeconds(1 + seconds + 1.5));
        var load = new LoadShape([], options.PayloadBytes, 1, deadline)
        {
            Arrivals = options.Arrivals,
            PayloadContent = options.PayloadContent,
            StopAtFirstFailure = true,
            StopBeyondP99Ms = new Dictionary<string, double>
            {
                [ScenarioNames.SendLargeData] = options.Slo.UploadP99Ms, [ScenarioNames.UploadChunks] = options.Slo.UploadP99Ms, [ScenarioNames.GetInt] = options.Slo.GetIntP99Ms,
            },
        };
        if (options.Service is { } service) return [ServiceMix(service, options.Arrivals, Limits(256, 1, 50_000, probeSeconds), probeSeconds)];
        var all = new Dictionary<string, CapacityMix>
        {
            [Uploads] = new(Uploads, ScenarioNames.SendLargeData, load with { Scenarios = [ScenarioNames.SendLargeData] }, Limits(uploadStart, 0.25, 1_000, probeSeconds), probeSeconds),
            [GetInt] = new(GetInt, ScenarioNames.GetInt, load with { Scenarios = [ScenarioNames.GetInt], PayloadBytes = 0 }, Limits(4_000, 10, 50_000, 1), 1),
            [Mixed] = new(Mixed, ScenarioNames.SendLargeData, load with { Scenarios = [ScenarioNames.SendLargeData, ScenarioNames.GetInt], GetIntPerSecond = options.GetIntBeside },
                Limits(uploadStart, 0.25, 1_000, probeSeconds), probeSeconds),
        };
        return options.Mixes.Select(name => all[name]).ToList();
    }

    /// <summary>A team's methods at once: the rate searched is the one they share, the methods with a rate of their own beside it.</summary>
    private static CapacityMix ServiceMix(ServiceLoad service, Arrivals arrivals, SearchLimits limits, int probeSeconds)
    {
        var bounds = service.Methods.ToDictionary(m => m.Name, m => m.SloP99Ms);
        var deadline = (int)Math.Clamp(Math.Ceiling(1.5 * bounds.Values.Max() / 1000), 2, 60);
        var load = new LoadShape([], 0, 1, deadline)
        {
            Arrivals = arrivals,
            Service = service,
            Scenarios = [.. service.Methods.Select(m => m.Name)],
            StopAtFirstFailure = true,
            StopBeyondP99Ms = bounds,
        };
        return new CapacityMix(Service, Service, load, limits, probeSeconds);
    }

    public static string Workload(CapacityMix mix) => mix.Name switch
    {
        Service => "your methods at once, the rate searched shared as the scenario file says: " + string.Join(", ", mix.Load.Service!.Methods.Select(m =>
            string.Create(CultureInfo.InvariantCulture, $"{m.Name} ({m.Kind}, {(m.Share is { } share ? $"{share:0.###} of the rate" : $"{m.PerSecond:0.##}/s beside")})"))),
        Uploads => $"{Numbers.Size(mix.Load.PayloadBytes)} uploads (sendLargeData) alone",
        GetInt => "getInt alone",
        _ => $"{Numbers.Size(mix.Load.PayloadBytes)} uploads (sendLargeData) searched, getInt beside them at a fixed {mix.Load.GetIntPerSecond}/s",
    };

    /// <summary>Each search of a repeat, in order: every mix, every configuration; the floors only with the uploads alone, on the last runtime (and in the first repeat only).</summary>
    public static IReadOnlyList<(CapacityMix Mix, LoadConfiguration Configuration)> Searches(RunPlan plan, IReadOnlyList<CapacityMix> mixes)
    {
        var configurations = plan.Configurations();
        var lastRuntime = plan.Runtimes[^1];
        return [.. mixes.SelectMany(mix => configurations
            .Where(c => c.Kind == ConfigurationKind.Grpc || (mix.Name == Uploads && c.HostRuntime == lastRuntime))
            .Select(c => (mix, c)))];
    }

    /// <summary>
    /// The searches in the order they run: every search once, then every one again (A B C A B C, never A A B B), so that
    /// a drift of the machine over the run touches every configuration alike; the floors in the first round only.
    /// </summary>
    public static IReadOnlyList<(int Repeat, CapacityMix Mix, LoadConfiguration Configuration)> Schedule(
        IReadOnlyList<(CapacityMix Mix, LoadConfiguration Configuration)> searches, int repeats) =>
        [.. Enumerable.Range(1, repeats).SelectMany(repeat => searches
            .Where(s => repeat == 1 || s.Configuration.Kind == ConfigurationKind.Grpc)
            .Select(s => (repeat, s.Mix, s.Configuration)))];

    private readonly IReadOnlyList<CapacityMix> _mixes = Mixes(options, plan.Quick);
    private readonly Dictionary<string, double?> _commonRates = [];
    private IReadOnlyList<(CapacityMix Mix, LoadConfiguration Configuration)> Searches() => Searches(plan, _mixes);

    public IEnumerable<string> Introduction()
    {
        var searches = Searches();
        var schedule = Schedule(searches, options.Repeat);
        // About 7 probes for a search doubling from the first rung, 5 for one stepping from a guess (all but the first of its kind).
        var estimate = TimeSpan.FromSeconds(schedule.Select((s, i) => s.Mix.Limits.ProbeTime.TotalSeconds * (schedule.Take(i).Any(e => e.Mix == s.Mix) ? 5 : 7)).Sum());
        var worst = _mixes[0].Limits.Budget * schedule.Count;
        yield return string.Create(CultureInfo.InvariantCulture,
            $"capacity: {searches.Select(s => s.Configuration.Label).Distinct().Count()} configurations, mixes {string.Join(", ", _mixes.Select(m => m.Name))}, "
            + $"{options.Repeat} repeats interleaved: {schedule.Count} searches; about {Minutes(estimate)} (at most {Minutes(worst)})");
        foreach (var mix in _mixes)
            yield return $"  {mix.Name}: {Workload(mix)}; SLO {options.Slo.Describe(mix.Load.Scenarios)}; from {mix.Limits.StartPerSecond}/s, doubling, then to within {mix.Limits.Resolution * 100:0} %";
        yield return $"arrivals: {(options.Arrivals == Arrivals.Poisson ? "Poisson" : "uniform")}";
    }

    public async Task RunAsync(RunSession session, CancellationToken cancellationToken)
    {
        var schedule = Schedule(Searches(), options.Repeat);
        foreach (var (repeat, mix, configuration) in schedule)
        {
            if (cancellationToken.IsCancellationRequested) return;
            var results = session.Results;
            // Fixed after the first round: the later ones probe it first, so that cost and latency there have their repeats too.
            if (repeat == 2 && _commonRates.Count == 0)
                foreach (var each in _mixes) _commonRates[each.Name] = CapacityTable.CommonRate([.. results.Where(r => r.Capacity?.Mix == each.Name)]);
            var guess = Guess(results, mix, configuration, _mixes);
            // A search that steps from a guess probes the first rung too, so that the rung stays common to all.
            var common = _commonRates.GetValueOrDefault(mix.Name) ?? (guess is null ? null : mix.Limits.StartPerSecond);
            var title = $"[{results.Count + 1}/{schedule.Count}, {Minutes(session.Clock.Elapsed)}] repeat {repeat}, {mix.Name}: {Labelled(configuration, mix).Label}";
            var result = await session.RunAsync(title, async onProgress => await CapacityRun.SearchAsync(configuration, mix, options.Slo, plan.Cpus,
                onProgress, cancellationToken, guess: guess, first: common) with { Repeat = repeat });
            session.Console.WriteLine($"{title}: {OneLine(result)}");
        }
    }

    public LoadRunSummary Summary(LoadRunSummary bare)
    {
        var ran = _mixes.Select(m => new MixRan(m.Name, m.Searched, m.Load.Scenarios, Workload(m), options.Slo, options.Arrivals, _commonRates.GetValueOrDefault(m.Name))).ToList();
        return (bare with
        {
            OfferedLoad = _mixes.SelectMany(m => m.Load.Scenarios.Select(s => (Key: $"{m.Name}: {s}", Value: CapacityRun.ProbeShape(m, m.Limits.StartPerSecond).Describe(s) with
            {
                Simulations = [m.Offers(s) ? $"searched: steady phases of {m.ProbeSeconds} s from {m.Limits.StartPerSecond}/s"
                    + (m.Load.Service?.Named(s)?.Share is { } share ? string.Create(CultureInfo.InvariantCulture, $", {share:0.###} of it") : "")
                    : $"inject {m.Load.Service?.Named(s)?.PerSecond ?? m.Load.GetIntPerSecond} per 1 s beside it"],
            }))).ToDictionary(p => p.Key, p => p.Value),
        }).WithCapacity(CapacityTable.Build(bare.Configurations, ran, options.Threshold));
    }

    public void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files)
    {
        foreach (var line in CapacityReport.Findings(summary.Capacity!)) console.WriteLine(line);
        foreach (var failed in summary.Configurations.Where(r => r.Status is ConfigurationStatus.Failed or ConfigurationStatus.Skipped)) console.WriteLine($"{failed.Status.Text()}: repeat {failed.Repeat}, {failed.Configuration.Label}: {failed.Reason}");
    }

    /// <summary>Every gRPC configuration found a capacity (the floors may not).</summary>
    public bool Succeeded(LoadRunSummary summary) =>
        summary.Capacity!.Mixes.SelectMany(m => m.Rows).All(r => r.Capacity is not null || r.Configuration.Kind != ConfigurationKind.Grpc);

    /// <summary>
    /// Where a search starts stepping from instead of doubling from the first rung: the median capacity of the
    /// configuration's earlier repeats; before it has any, the capacity of the same configuration on another runtime, or
    /// (for the mixed mix) of its uploads alone, close enough that stepping takes fewer probes; null for the floors and
    /// for the first search of its kind.
    /// </summary>
    public static double? Guess(IReadOnlyList<ConfigurationResult> results, CapacityMix mix, LoadConfiguration configuration, IReadOnlyList<CapacityMix> mixes)
    {
        static double? Median(IEnumerable<ConfigurationResult> runs) => MedianCapacity(runs);

        bool Same(ConfigurationResult run, CapacityMix of, bool anyRuntime) => run.Capacity?.Mix == of.Name && run.Configuration.Label ==
            Labelled(anyRuntime ? configuration with { HostRuntime = run.Configuration.HostRuntime, ClientRuntime = run.Configuration.ClientRuntime } : configuration, of).Label;

        if (Median(results.Where(r => Same(r, mix, anyRuntime: false))) is { } own) return own;
        if (configuration.Kind != ConfigurationKind.Grpc) return null;
        if (Median(results.Where(r => Same(r, mix, anyRuntime: true))) is { } otherRuntime) return otherRuntime;
        return mix.Name == Mixed && mixes.FirstOrDefault(m => m.Name == Uploads) is { } uploads ? Median(results.Where(r => Same(r, uploads, anyRuntime: false))) : null;
    }

    /// <summary>The median capacity of the searches that found one (the upper one of an even count: where the next search steps from); null if none did.</summary>
    public static double? MedianCapacity(IEnumerable<ConfigurationResult> runs)
    {
        var capacities = runs.Select(r => r.Capacity?.CallsPerSecond).OfType<double>().Order().ToList();
        return capacities.Count > 0 ? capacities[capacities.Count / 2] : null;
    }

    /// <summary>The configuration as a search of the mix runs it: the mix's scenarios, and its payload where it uploads.</summary>
    public static LoadConfiguration Labelled(LoadConfiguration configuration, CapacityMix mix) => configuration with
    {
        Scenarios = mix.Load.Scenarios,
        PayloadBytes = mix.Load.Scenarios.Any(s => s is ScenarioNames.SendLargeData or ScenarioNames.UploadChunks) ? mix.Load.PayloadBytes : null,
    };

    private static string OneLine(ConfigurationResult result)
    {
        var c = result.Capacity;
        var found = c?.CallsPerSecond is { } rate ? $"capacity {CapacityReport.Rate(rate)}/s" : "no capacity found";
        return $"{result.Status.Text()}; {found} ({c?.Bound ?? "-"}, {c?.Probes.Count ?? 0} probes)" + (result.Reason is null ? "" : $"; {result.Reason}");
    }
}
