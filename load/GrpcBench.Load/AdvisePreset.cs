using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>What the advise preset is asked for: the knobs screened, the mix (one of the capacity preset's), the confirming repeats, the threshold and the time budget.</summary>
public sealed record AdviseOptions(IReadOnlyList<string> Knobs, int ConfirmRepeats, double Threshold, double BudgetMinutes, CapacityOptions Capacity)
{
    /// <summary>
    /// What --quick screens: the clearest win measured by hand, two GC modes (server GC, which a host of one CPU does not
    /// take: not applicable there) and a Kestrel transport setting.
    /// </summary>
    public static readonly IReadOnlyList<string> QuickKnobs = ["sockets-inline-completions", "gc-server", "gc-concurrent", "inline-scheduling"];

    public static AdviseOptions Default(bool quick) => new(quick ? QuickKnobs : [.. GrpcBench.Load.Knobs.All.Select(k => k.Name)], quick ? 2 : 3, 0.1, quick ? 6 : 30,
        CapacityOptions.Default(quick) with { Mixes = [quick ? CapacityPreset.Uploads : CapacityPreset.Mixed] });
}

/// <summary>
/// The advise preset: on each runtime, Kestrel + grpc-dotnet's capacity with its defaults, then every knob value on top
/// of them (each search probing a fixed fraction of the default's capacity first, then its own capacity), the default
/// searched again every few values so that drift touches both sides; values the first round cannot decide are
/// searched again while the budget lasts; the values that help are combined greedily, and the combination is
/// confirmed beside the default and Grpc.Core, interleaved and repeated.
/// </summary>
public static class AdvisePreset
{
    /// <summary>The screening rate as a fraction of the default's capacity: below saturation, with room for a knob to help.</summary>
    public const double ScreeningFraction = 0.6;

    /// <summary>A default search after this many knob searches.</summary>
    public const int DefaultEvery = 3;

    public const int MaxScreeningRounds = 3;

    /// <summary>About how long one search takes: its host's start and about five probes.</summary>
    public static TimeSpan SearchTime(CapacityMix mix) => mix.Limits.ProbeTime * 5 + TimeSpan.FromSeconds(3);

    /// <summary>The three profiles that end a runtime's advice: each a host's start, its warm-up and the profile.</summary>
    public static readonly TimeSpan ProfilesTime = TimeSpan.FromSeconds(3 * (HostProfiling.WarmUpSeconds + HostProfiling.ProfileSeconds + 4));

    /// <summary>What the confirmation, the combination and the profiles need, kept back from the screening.</summary>
    public static TimeSpan Reserve(CapacityMix mix, int confirmRepeats) => SearchTime(mix) * (3 * confirmRepeats + 2) + ProfilesTime;

    /// <summary>Whether one more screening search fits the budget once the reserve is kept back.</summary>
    public static bool Fits(TimeSpan left, CapacityMix mix, int confirmRepeats) => left - Reserve(mix, confirmRepeats) >= SearchTime(mix);

    public static async Task<int> RunAsync(RunPlan plan, AdviseOptions options, bool quick, string folder, string commandLine, IAnsiConsole console,
        CancellationToken cancellationToken)
    {
        var mix = CapacityPreset.Mixes(options.Capacity, quick)[0];
        var knobs = options.Knobs.Select(Knobs.Named).ToList();
        var values = knobs.Sum(k => k.Values.Count);
        var budget = TimeSpan.FromMinutes(options.BudgetMinutes);
        var oneRound = SearchTime(mix) * (2 + values + values / DefaultEvery) + Reserve(mix, options.ConfirmRepeats);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"advise: {knobs.Count} knobs, {values} values, on {string.Join(", ", plan.Runtimes)}; {CapacityPreset.Workload(mix)}; SLO {options.Capacity.Slo.Describe(mix.Load.Scenarios)}"));
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"  per runtime: the default's capacity, every value once (the default again every {DefaultEvery}), undecided values again (up to {MaxScreeningRounds} rounds), "
            + $"the winners combined, then default, recommended and Grpc.Core {options.ConfirmRepeats} times interleaved"));
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"  about {oneRound.TotalMinutes * plan.Runtimes.Count:0.#} min for one screening round; budget {options.BudgetMinutes:0.#} min (--budget-minutes); results: {folder}"));
        console.WriteLine(plan.Cpus.IsShared ? "cpus: shared (a capacity is then not the server's alone)" : $"cpus: host on {plan.Cpus.Host}, load worker on {plan.Cpus.Worker}");

        var record = RunRecord.Now();
        var results = new List<ConfigurationResult>();
        var advice = new List<AdviceSummary>();
        var clock = Stopwatch.StartNew();
        var progress = new LiveProgress(console);
        for (var i = 0; i < plan.Runtimes.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            var share = (budget - clock.Elapsed) / (plan.Runtimes.Count - i);
            advice.Add(await AdviseAsync(plan, plan.Runtimes[i], mix, knobs, options, share, results, progress, console, clock, cancellationToken));
        }

        var status = cancellationToken.IsCancellationRequested ? "cancelled" : results.Any(r => r.Status != "ok") ? "failed" : "completed";
        var summary = new LoadRunSummary(Presets.Advise, status, commandLine, record,
            mix.Load.Scenarios.ToDictionary(s => s, s => CapacityRun.ProbeShape(mix, mix.Limits.StartPerSecond).Describe(s) with
            {
                Simulations = [s == mix.Searched ? "searched: a probe at the screening rate, then steady phases stepping from the default's capacity" : $"inject {mix.Load.GetIntPerSecond} per 1 s beside it"],
            }), results) { Advice = advice };
        var files = ReportFiles.WriteAll(folder, summary).Skip(1).ToList();
        foreach (var runtime in advice)
        {
            var recommended = runtime.Recommended.Count == 0 ? "nothing (no knob helped)" : string.Join(", ", runtime.Recommended.Select(r => $"{r.Knob}={r.Value}"));
            var confirmed = runtime.Confirmed.FirstOrDefault(r => r.Name == "recommended");
            console.WriteLine($"{runtime.Runtime}: recommended {recommended}" + (confirmed?.VersusDefault is { } vs
                ? string.Create(CultureInfo.InvariantCulture, $"; capacity x{vs.Median:0.00} of the default's ({confirmed.Decision}), x{confirmed.VersusGrpcCore?.Median:0.00} of Grpc.Core's") : ""));
        }
        console.WriteLine($"took {clock.Elapsed.TotalMinutes:0.#} min; advice: {files[0]}");
        return status == "completed" && advice.All(a => a.DefaultCapacity is not null) ? 0 : 1;
    }

    private static async Task<AdviceSummary> AdviseAsync(RunPlan plan, string runtime, CapacityMix mix, IReadOnlyList<Knob> knobs, AdviseOptions options, TimeSpan budget,
        List<ConfigurationResult> results, LiveProgress progress, IAnsiConsole console, Stopwatch clock, CancellationToken cancellationToken)
    {
        var started = clock.Elapsed;
        TimeSpan Left() => budget - (clock.Elapsed - started);
        var none = new Dictionary<string, string>();
        var kestrel = plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, Compression.None, Transport.H2c, "default", "default", none, none);
        var grpcCore = plan.Grpc(ServerStack.GrpcCore, ClientStack.GrpcCore, runtime, Compression.None, Transport.H2c, "n/a", "default", none, none);
        var major = int.Parse(runtime[3..runtime.IndexOf('.')], CultureInfo.InvariantCulture);
        var trials = knobs.Where(k => k.ExistsOn(major)).SelectMany(k => k.Values.Select(v => (Knob: k, Value: v))).ToList();
        var defaults = new List<ConfigurationResult>();
        var byTrial = trials.ToDictionary(t => t, _ => new List<ConfigurationResult>());
        var notes = new List<string>();
        var count = 0;

        async Task<ConfigurationResult> Search(string stage, LoadConfiguration configuration, double? guess, double? first, CapacityMix? of = null)
        {
            var title = $"[{runtime} {++count}, {clock.Elapsed.TotalMinutes:0.#} of {options.BudgetMinutes:0.#} min] {stage}: {configuration.Label}";
            var result = await progress.RunAsync(title, onProgress => CapacityRun.SearchAsync(configuration, of ?? mix, options.Capacity.Slo, plan.Cpus, onProgress, cancellationToken,
                guess: guess, first: first));
            results.Add(result);
            var found = result.Capacity?.CallsPerSecond is { } rate ? $"capacity {CapacityReport.Rate(rate)}/s" : "no capacity found";
            console.WriteLine($"{title}: {result.Status}; {found}" + (result.Reason is null ? "" : $"; {result.Reason}"));
            return result;
        }
        static double? Median(IEnumerable<ConfigurationResult> runs) => CapacityPreset.MedianCapacity(runs);

        defaults.Add(await Search("default", kestrel, null, null));
        var defaultCapacity = defaults[0].Capacity?.CallsPerSecond;
        if (defaultCapacity is null)
        {
            notes.Add($"The default held no rate ({defaults[0].Reason ?? defaults[0].Capacity?.Bound}): there was nothing to screen against.");
            return new AdviceSummary(runtime, mix.Name, CapacityPreset.Workload(mix), null, null, options.Threshold, [], [], [], notes, (clock.Elapsed - started).TotalMinutes);
        }
        // A host knob whose value the host reads back as it reads back the default's did not change the host: not screened.
        var defaultReadBack = defaults[0].HostSettings;
        var notApplied = new Dictionary<(Knob Knob, string Value), string>();
        foreach (var trial in trials.Where(t => t.Knob.Kind is KnobKind.HostRuntime or KnobKind.Kestrel && ReadBack(defaultReadBack, t.Knob) is not null))
        {
            if (cancellationToken.IsCancellationRequested) break;
            if (await ReadBackAsync(trial.Knob.Apply(kestrel, trial.Value), trial.Knob, mix, plan.Cpus, cancellationToken) is { } readBack && readBack == ReadBack(defaultReadBack, trial.Knob))
                notApplied[trial] = readBack;
        }
        if (notApplied.Count > 0)
            console.WriteLine($"not applicable on this host (read back as with the default): {string.Join(", ", notApplied.Select(n => $"{n.Key.Knob.Name}={n.Key.Value} ({n.Value})"))}");
        trials = [.. trials.Where(t => !notApplied.ContainsKey(t))];

        var screening = CapacitySearch.Round(ScreeningFraction * defaultCapacity.Value);
        // The first search had no probe at the screening rate (it was not known yet): the default's cost and latency there come from here on.
        defaults.Add(await Search("default at the screening rate", kestrel, defaultCapacity, screening));

        IReadOnlyList<KnobFinding> Findings() => AdviceFindings.Ranked(knobs.SelectMany(knob => knob.ExistsOn(major)
            ? knob.Values.Select(value => notApplied.TryGetValue((knob, value), out var readBack) ? AdviceFindings.NotApplied(Choice(knob, value), knob.Meaning, readBack)
                : AdviceFindings.Judge(Choice(knob, value), knob.Meaning,
                defaults.Select(d => SearchFigures.Of(d, screening)).ToList(), byTrial[(knob, value)].Select(t => SearchFigures.Of(t, screening)).ToList(),
                options.Threshold, Reported(byTrial[(knob, value)].LastOrDefault(), knob)))
            : knob.Values.Select(value => AdviceFindings.NotAvailable(Choice(knob, value), knob.Meaning, knob.MinRuntimeMajor))));
        string VerdictOf((Knob Knob, string Value) trial) => Findings().First(f => f.Choice.Knob == trial.Knob.Name && f.Choice.Value == trial.Value).Verdict;

        // Design alternatives: searched against the same default (once after the first screening round, once more after the
        // last), reported apart, never combined with settings.
        var alternatives = DesignAlternatives.For(mix).ToDictionary(a => a, _ => new List<ConfigurationResult>());
        async Task SearchAlternatives(int time)
        {
            foreach (var (alternative, runs) in alternatives)
            {
                if (cancellationToken.IsCancellationRequested || !Fits(Left(), mix, options.ConfirmRepeats)) return;
                runs.Add(await Search($"design {time}, {alternative.Name}", alternative.Apply(kestrel), Median(defaults), screening, alternative.Apply(mix)));
            }
        }

        var pending = trials;
        var outOfBudget = false;
        for (var round = 1; round <= MaxScreeningRounds && pending.Count > 0 && !outOfBudget; round++)
        {
            var sinceDefault = round == 1 ? 0 : DefaultEvery;
            foreach (var trial in pending)
            {
                if (cancellationToken.IsCancellationRequested) break;
                if (!Fits(Left(), mix, options.ConfirmRepeats))
                {
                    outOfBudget = true;
                    break;
                }
                if (sinceDefault >= DefaultEvery)
                {
                    defaults.Add(await Search($"screen {round}, default", kestrel, Median(defaults), screening));
                    sinceDefault = 0;
                }
                byTrial[trial].Add(await Search($"screen {round}, {trial.Knob.Name}={trial.Value}", trial.Knob.Apply(kestrel, trial.Value), Median(defaults), screening));
                sinceDefault++;
            }
            pending = [.. trials.Where(t => byTrial[t].Count == round && VerdictOf(t) == AdviceFindings.CouldNotTell)];
            if (round == 1) await SearchAlternatives(1);
        }
        var unscreened = trials.Where(t => byTrial[t].Count == 0).Select(t => $"{t.Knob.Name}={t.Value}").ToList();
        if (unscreened.Count > 0) notes.Add($"Not screened, the budget ran out first: {string.Join(", ", unscreened)} (--budget-minutes, or --knobs to screen fewer).");
        if (pending.Count > 0 && !cancellationToken.IsCancellationRequested)
            notes.Add($"Still undecided after {byTrial[pending[0]].Count} searches: {string.Join(", ", pending.Select(t => $"{t.Knob.Name}={t.Value}"))}.");

        await SearchAlternatives(2);
        var untried = alternatives.Where(a => a.Value.Count == 0).Select(a => a.Key.Name).ToList();
        if (untried.Count > 0) notes.Add($"Design alternatives not searched, the budget ran out first: {string.Join(", ", untried)}.");
        IReadOnlyList<KnobFinding> AlternativeFindings() => AdviceFindings.Ranked([.. alternatives.Where(a => a.Value.Count > 0).Select(a => AdviceFindings.Judge(a.Key.Choice,
            a.Key.Meaning, defaults.Select(d => SearchFigures.Of(d, screening)).ToList(), a.Value.Select(r => SearchFigures.Of(r, screening)).ToList(), options.Threshold, null))]);

        // Greedy: the best winner alone, then each next one added while it does not lower the median capacity.
        var winners = AdviceFindings.Winners(Findings());
        var combination = new List<(Knob Knob, string Value)>();
        List<ConfigurationResult> best = [];
        foreach (var winner in winners)
        {
            var trial = trials.First(t => t.Knob.Name == winner.Choice.Knob && t.Value == winner.Choice.Value);
            if (combination.Count == 0)
            {
                combination = [trial];
                best = byTrial[trial];
                continue;
            }
            if (cancellationToken.IsCancellationRequested || Left() < Reserve(mix, options.ConfirmRepeats))
            {
                notes.Add($"Not tried in the combination, the budget ran out first: {winner.Choice.Knob}={winner.Choice.Value}.");
                continue;
            }
            List<(Knob Knob, string Value)> candidate = [.. combination, trial];
            var configuration = candidate.Aggregate(kestrel, (c, k) => k.Knob.Apply(c, k.Value));
            List<ConfigurationResult> runs = [];
            for (var i = 0; i < 2; i++) runs.Add(await Search($"combine, + {trial.Knob.Name}={trial.Value}", configuration, Median(best), screening));
            if (Median(runs) >= Median(best)) (combination, best) = (candidate, runs);
            else notes.Add($"{trial.Knob.Name}={trial.Value} helped alone but not on top of {string.Join(", ", combination.Select(c => $"{c.Knob.Name}={c.Value}"))}: left out.");
        }

        var recommended = combination.Aggregate(kestrel, (c, k) => k.Knob.Apply(c, k.Value));
        var confirming = new List<(string Name, LoadConfiguration Configuration)> { ("default", kestrel) };
        if (combination.Count > 0) confirming.Add(("recommended", recommended));
        confirming.Add(("Grpc.Core", grpcCore));
        var confirmed = confirming.ToDictionary(c => c.Name, _ => new List<ConfigurationResult>());
        for (var repeat = 1; repeat <= options.ConfirmRepeats && !cancellationToken.IsCancellationRequested; repeat++)
            foreach (var (name, configuration) in confirming)
            {
                var guess = name switch { "default" => Median(defaults), "recommended" => Median(best), _ => Median(confirmed[name]) };
                confirmed[name].Add((await Search($"confirm {repeat}", configuration, guess, screening)) with { Repeat = repeat });
            }

        // Where the host's CPU goes, each confirmed configuration once at the screening rate.
        var profiles = new List<HostProfileRow>();
        foreach (var (name, configuration) in confirming)
        {
            if (cancellationToken.IsCancellationRequested) break;
            var title = $"[{runtime} {++count}, {clock.Elapsed.TotalMinutes:0.#} of {options.BudgetMinutes:0.#} min] profile: {name} at {screening}/s";
            var profile = await progress.RunAsync(title, onProgress => HostProfiling.ProfileAsync(name, configuration, mix, screening, plan.Cpus, onProgress, cancellationToken));
            profiles.Add(profile);
            console.WriteLine($"{title}: " + (profile.Failure ?? string.Join(", ", profile.Components.Take(3).Select(c => $"{c.Component} {c.Percent:0} %"))));
        }

        return new AdviceSummary(runtime, mix.Name, CapacityPreset.Workload(mix), defaultCapacity, screening, options.Threshold, Findings(),
            [.. combination.Select(c => Choice(c.Knob, c.Value))],
            AdviceFindings.Confirm([.. confirming.Select(c => (c.Name, (IReadOnlyList<ConfigurationResult>)confirmed[c.Name]))], screening, options.Threshold),
            notes, (clock.Elapsed - started).TotalMinutes) { Alternatives = AlternativeFindings(), Profiles = profiles };
    }

    /// <summary>The knob as a host started with <paramref name="configuration"/> reports it in its ready line; null where the host did not start.</summary>
    public static async Task<string?> ReadBackAsync(LoadConfiguration configuration, Knob knob, CapacityMix mix, CpuPlacement placement, CancellationToken cancellationToken)
    {
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, CapacityRun.ProbeShape(mix, mix.Limits.StartPerSecond), placement, cancellationToken);
            return ReadBack(ServedConfiguration.HostSettings(served.Host), knob);
        }
        catch (HostStartException)
        {
            // Its search will fail with the reason; nothing to decide here.
            return null;
        }
    }

    private static KnobChoice Choice(Knob knob, string value) => new(knob.Name, value, $"{knob.Setting}={value}", knob.Kind.ToString(), knob.AsCode(value));

    /// <summary>The knob as the process it acts in reported it (the effective value): the host's ready line, the worker's figures; null for client settings or where it is not there.</summary>
    public static string? Reported(ConfigurationResult? search, Knob knob) =>
        knob.Kind == KnobKind.ClientRuntime ? search?.ClientRuntimeKnobs?.GetValueOrDefault(knob.ReadBack) : ReadBack(search?.HostSettings, knob);

    /// <summary>The host knob as the host's ready line reported it; null for other knobs or where it is not there.</summary>
    public static string? ReadBack(IReadOnlyDictionary<string, JsonElement>? hostSettings, Knob knob)
    {
        if (hostSettings is not { } settings || knob.Kind is KnobKind.Client or KnobKind.ClientRuntime) return null;
        var parts = knob.ReadBack.Split('.');
        JsonElement current;
        if (parts[0] == "kestrel")
        {
            if (!settings.TryGetValue("kestrel", out current)) return null;
            foreach (var part in parts.Skip(1))
                if (current.ValueKind != JsonValueKind.Object || !current.TryGetProperty(part, out current)) return null;
            return current.ToString();
        }
        return settings.TryGetValue("runtimeKnobs", out current) && current.ValueKind == JsonValueKind.Object && current.TryGetProperty(knob.ReadBack, out var value)
            ? value.ToString() : null;
    }
}
