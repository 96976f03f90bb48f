using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>What the advise preset is asked for: the knobs screened, the mix (one of the capacity preset's), the confirming repeats, the threshold and the time budget of each runtime.</summary>
public sealed record AdviseOptions(IReadOnlyList<string> Knobs, int ConfirmRepeats, double Threshold, double BudgetMinutes, CapacityOptions Capacity)
{
    /// <summary>
    /// What --quick screens: the clearest win measured by hand, two GC modes (server GC, which a host of one CPU does not
    /// take: not applicable there), a Kestrel transport setting and the placebo.
    /// </summary>
    public static readonly IReadOnlyList<string> QuickKnobs = ["sockets-inline-completions", "gc-server", "gc-concurrent", "inline-scheduling", GrpcBench.Load.Knobs.Placebo];

    public static AdviseOptions Default(bool quick) => new(quick ? QuickKnobs : [.. GrpcBench.Load.Knobs.All.Select(k => k.Name)], quick ? 2 : 3, 0.1, quick ? 7 : 45,
        CapacityOptions.Default(quick) with { Mixes = [quick ? CapacityPreset.Uploads : CapacityPreset.Mixed] });
}

/// <summary>
/// The advise preset. On each runtime: the knob values screened on saturated throughput (<see cref="ThroughputRun"/>: a
/// fresh pinned host per run, a few upload callers in a closed loop, getInt beside them at its fixed rate), which spreads
/// far less from run to run than a capacity searched by its SLO; the default's first runs give the early spread; every
/// knob value and design alternative screened together in one two-level factorial design (<see cref="KnobScreen"/>),
/// fitted by least squares on log throughput with run order as a covariate; the budget left on the values still
/// undecided, in follow-up designs fitted with every stage; the migration path (<see cref="PathSearch"/>): the changes
/// that help walked one at a time on top of each other, each step's SLO capacity searched; the path's end confirmed
/// beside the default and Grpc.Core on fresh interleaved runs; Grpc.Core's and the floors' capacity; the story's load on
/// Grpc.Core, the default and the path's end; and their hosts profiled.
/// </summary>
public sealed class AdvisePreset(RunPlan plan, AdviseOptions options) : IPresetRun
{
    /// <summary>The rate the headline searches probe first and the profiles load at, as a fraction of the default's saturated throughput: below saturation.</summary>
    public const double ScreeningFraction = 0.5;

    /// <summary>Default runs before the screen: the early spread, which sets the threshold the screen can decide at.</summary>
    public static int EarlyRuns(bool quick) => quick ? 2 : 4;

    /// <summary>
    /// About how long one capacity search takes: its host's start and about eight probes to bracket the capacity within
    /// 5 % (the path's searches took 18-42 s, most 36-42, at 4.5 s a probe), five within the quick search's 10 %.
    /// </summary>
    public static TimeSpan SearchTime(CapacityMix mix) => mix.Limits.ProbeTime * (mix.Limits.Resolution < 0.1 ? 8 : 5) + TimeSpan.FromSeconds(3);

    /// <summary>The profiles that end a runtime's advice (default, recommended, Grpc.Core and the design alternative that helps most): each a host's start, its warm-up and the profile.</summary>
    public static readonly TimeSpan ProfilesTime = TimeSpan.FromSeconds(4 * (HostProfiling.WarmUpSeconds + 2 * HostProfiling.ProfileSeconds + 4));

    /// <summary>A run's time as planned before any has run: its warm-up and measured span, and a second for the host's and worker's start (measured: well under one).</summary>
    public static TimeSpan PlannedRunTime(ThroughputShape shape) => TimeSpan.FromSeconds(shape.WarmUpSeconds + shape.Seconds + 1);

    /// <summary>
    /// The path's trials the screen must leave time for; the path takes as many more as the budget then holds. Three at
    /// full length: with two, the settings' trial and its two pairs more took the time of both, and 64 KiB chunks, the
    /// screen's largest single gain, went untried (.NET 8 at f1e3a5f).
    /// </summary>
    public static int PlannedTrials(bool quick) => quick ? 1 : 3;

    /// <summary>One trial of the path after its first: its runs, one more of the step, and the capacity search of the step where it is taken.</summary>
    public static TimeSpan TrialTime(int repeats, TimeSpan perRun, TimeSpan perSearch) => perRun * (repeats + 1) + perSearch;

    /// <summary>What the walk's first trial takes beyond a later one's: the step's runs of its interleaved pairs but one.</summary>
    public static TimeSpan FirstTrialExtra(int repeats, TimeSpan perRun) => perRun * (repeats - 1);

    /// <summary>
    /// The rounds of capacity searches that compare the path's end with Grpc.Core and Kestrel's raw HTTP/2 floor: the
    /// first searches Grpc.Core and both floors, each later one the end, Grpc.Core and the raw HTTP/2 floor again (one
    /// search of each spreads about 13 %: too little to place the end against them).
    /// </summary>
    public static int CapacityRounds(bool quick) => quick ? 1 : 2;

    /// <summary>What follows the path on a runtime: the confirming runs (default, the path's end, Grpc.Core, the raw HTTP/2 floor), the capacity rounds, the story on three configurations and the profiles.</summary>
    public static TimeSpan AfterPath(int confirmRepeats, TimeSpan perRun, TimeSpan perSearch, bool quick) =>
        perRun * (4 * confirmRepeats) + perSearch * (3 * CapacityRounds(quick)) + PathSearch.StoryTime(quick) * 3 + ProfilesTime;

    /// <summary>What follows the screen on a runtime: the path (its start's search and <see cref="PlannedTrials"/>) and what follows it.</summary>
    public static TimeSpan Reserve(CapacityMix mix, int confirmRepeats, TimeSpan perRun, bool quick) =>
        SearchTime(mix) + FirstTrialExtra(confirmRepeats, perRun) + TrialTime(confirmRepeats, perRun, SearchTime(mix)) * PlannedTrials(quick) + AfterPath(confirmRepeats, perRun, SearchTime(mix), quick);

    /// <summary>Whether the design of every value (knobs of <paramref name="valuesPerKnob"/> values) folds over: where its foldover fits <paramref name="left"/>.</summary>
    public static bool Folds(IReadOnlyList<int> valuesPerKnob, TimeSpan perRun, TimeSpan left) =>
        perRun * KnobScreen.Runs(TwoLevelDesign.ForKnobs(valuesPerKnob, foldover: true)) <= left;

    /// <summary>
    /// The fewest runs a screen of knobs of <paramref name="valuesPerKnob"/> values decides with: its design, or where the
    /// budget stops the design before its end, the model's terms (an intercept, run order, one a value) and 8 degrees of
    /// freedom for the run spread (least squares fits a design cut short, its values a little less orthogonal).
    /// </summary>
    public static int FewestScreenRuns(IReadOnlyList<int> valuesPerKnob) =>
        Math.Min(KnobScreen.Runs(TwoLevelDesign.ForKnobs(valuesPerKnob, false)), valuesPerKnob.Sum() + 2 + 8);

    /// <summary>
    /// The smallest budget a runtime needs to decide anything here: the read-backs, the early runs, the fewest screen runs
    /// (<see cref="FewestScreenRuns"/>), the confirmation, the headline and the profiles. Null when <paramref name="options"/> fits.
    /// </summary>
    public static string? TooSmall(AdviseOptions options, bool quick)
    {
        var mix = CapacityPreset.Mixes(options.Capacity, quick)[0];
        var knobs = options.Knobs.Select(GrpcBench.Load.Knobs.Named).ToList();
        var perRun = PlannedRunTime(ThroughputShape.Default(quick));
        var (_, valuesPerKnob) = KnobScreen.Grouped(knobs.SelectMany(k => k.Values.Select(v => new ScreenFactor(k, v))), DesignAlternatives.For(mix));
        var oneRuntime = TimeSpan.FromSeconds(2) * knobs.Count(k => k.Kind is KnobKind.HostRuntime or KnobKind.Kestrel) + perRun * EarlyRuns(quick)
            + perRun * FewestScreenRuns(valuesPerKnob) + Reserve(mix, options.ConfirmRepeats, perRun, quick);
        var needed = Math.Ceiling(oneRuntime.TotalMinutes);
        return options.BudgetMinutes >= needed ? null
            : $"--budget-minutes {options.BudgetMinutes:0.#}: screening {knobs.Count} knobs ({knobs.Sum(k => k.Values.Count)} values) needs at least {needed:0} min a runtime here; "
              + $"allowed {needed:0} to 600, or fewer --knobs";
    }

    private readonly CapacityMix _mix = CapacityPreset.Mixes(options.Capacity, plan.Quick)[0];
    private readonly IReadOnlyList<Knob> _knobs = [.. options.Knobs.Select(Knobs.Named)];
    private readonly List<AdviceSummary> _advice = [];

    public IEnumerable<string> Introduction()
    {
        var quick = plan.Quick;
        var shape = ThroughputShape.Default(quick);
        yield return string.Create(CultureInfo.InvariantCulture,
            $"advise: {_knobs.Count} knobs, {_knobs.Sum(k => k.Values.Count)} values, on {string.Join(", ", plan.Runtimes)}; {CapacityPreset.Workload(_mix)}; SLO {options.Capacity.Slo.Describe(_mix.Load.Scenarios)}");
        yield return $"  per runtime: {EarlyRuns(quick)} default runs (the early spread), every knob value and design alternative in one factorial screen, "
            + "follow-up designs of the values still undecided with the budget left; the migration path: each change that helps tried on top of the steps before it, "
            + $"taken where it still helps, each step's SLO capacity; its end confirmed beside the default, Grpc.Core and Kestrel's raw HTTP/2 floor "
            + $"{options.ConfirmRepeats} times interleaved; their capacities in {CapacityRounds(quick)} round{(CapacityRounds(quick) == 1 ? "" : "s")}; the story's load on Grpc.Core, the default and the path's end; their hosts profiled";
        yield return string.Create(CultureInfo.InvariantCulture,
            $"  each run: {Describe(shape, _mix)}; about {PlannedRunTime(shape).TotalSeconds:0} s. Budget {options.BudgetMinutes:0.#} min a runtime (--budget-minutes)");
    }

    public async Task RunAsync(RunSession session, CancellationToken cancellationToken)
    {
        var budget = TimeSpan.FromMinutes(options.BudgetMinutes * plan.Runtimes.Count);
        for (var i = 0; i < plan.Runtimes.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            var share = (budget - session.Clock.Elapsed) / (plan.Runtimes.Count - i);
            _advice.Add(await AdviseAsync(plan, plan.Runtimes[i], _mix, _knobs, options, plan.Quick, share, session, cancellationToken));
        }
    }

    public LoadRunSummary Summary(LoadRunSummary bare) => bare with
    {
        OfferedLoad = _mix.Load.Scenarios.ToDictionary(s => s, s => ThroughputShape.Default(plan.Quick).For(_mix).Describe(s)),
        Advice = [.. _advice],
    };

    public void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files)
    {
        foreach (var runtime in _advice)
        {
            var recommended = runtime.Recommended.Count == 0 ? "nothing (no knob helped)" : string.Join(", ", runtime.Recommended.Select(r => $"{r.Knob}={r.Value}"));
            var confirmed = runtime.Screen?.Confirmed.FirstOrDefault(r => r.Name == "recommended");
            console.WriteLine($"{runtime.Runtime}: recommended {recommended}" + (confirmed?.VersusDefault is { } vs
                ? string.Create(CultureInfo.InvariantCulture, $"; throughput x{vs.Median:0.00} of the default's ({confirmed.Decision}), x{confirmed.VersusGrpcCore?.Median:0.00} of Grpc.Core's") : ""));
        }
        console.WriteLine($"advice: {files[1]}");
    }

    /// <summary>Every runtime screened its knobs (a runtime cut short by the budget or a failure has no screen).</summary>
    public bool Succeeded(LoadRunSummary summary) => _advice.All(a => a.Screen is not null);

    /// <summary>"20 MiB uploads one after the other (1 caller in a closed loop) beside getInt at 50/s, 3 s warm-up, 6 s measured, a fresh host each".</summary>
    public static string Describe(ThroughputShape shape, CapacityMix mix) =>
        $"{Numbers.Size(mix.Load.PayloadBytes)} uploads " + (shape.Callers == 1 ? "one after the other (1 caller in a closed loop)" : $"by {shape.Callers} callers in a closed loop")
        + (mix.Load.GetIntPerSecond is { } rate && mix.Load.Scenarios.Contains(ScenarioNames.GetInt) ? $" beside getInt at {rate}/s" : "")
        + $", {shape.WarmUpSeconds} s warm-up, {shape.Seconds} s measured, a fresh host each";

    private static async Task<AdviceSummary> AdviseAsync(RunPlan plan, string runtime, CapacityMix mix, IReadOnlyList<Knob> knobs, AdviseOptions options, bool quick,
        TimeSpan budget, RunSession session, CancellationToken cancellationToken)
    {
        var (console, clock, progress) = (session.Console, session.Clock, session.Progress);
        var started = clock.Elapsed;
        TimeSpan Left() => budget - (clock.Elapsed - started);
        var shape = ThroughputShape.Default(quick);
        var none = new Dictionary<string, string>();
        var kestrel = plan.Grpc(ServerStack.Kestrel, ClientStack.GrpcNet, runtime, Compression.None, Transport.H2c, "default", "default", none, none);
        var grpcCore = plan.Grpc(ServerStack.GrpcCore, ClientStack.GrpcCore, runtime, Compression.None, Transport.H2c, "n/a", "default", none, none);
        var major = int.Parse(runtime[3..runtime.IndexOf('.')], CultureInfo.InvariantCulture);
        var trials = knobs.Where(k => k.ExistsOn(major)).SelectMany(k => k.Values.Select(v => new ScreenFactor(k, v))).ToList();
        var notes = new List<string>();
        var count = 0;
        var runTimes = new List<TimeSpan>();
        TimeSpan PerRun() => runTimes.Count == 0 ? PlannedRunTime(shape) : TimeSpan.FromTicks((long)runTimes.Average(t => t.Ticks));
        string Title(string stage, LoadConfiguration configuration) => $"[{runtime} {++count}, {clock.Elapsed.TotalMinutes:0.#} of {options.BudgetMinutes * plan.Runtimes.Count:0.#} min] {stage}: {configuration.Label}";

        async Task<ConfigurationResult> Run(string stage, LoadConfiguration configuration, CapacityMix? of = null)
        {
            var title = Title(stage, configuration);
            var began = clock.Elapsed;
            var result = await session.RunAsync(title, onProgress => ThroughputRun.RunAsync(configuration, of ?? mix, shape, plan.Cpus, onProgress, cancellationToken));
            runTimes.Add(clock.Elapsed - began);
            console.WriteLine($"{title}: {result.Status.Text()}; " + (result.Throughput is { } t ? Describe(t) : result.Reason));
            return result;
        }

        // A host knob whose value the host reads back as it reads back the default's did not change the host: not screened.
        var defaultReadBack = await ReadBackAsync(kestrel, mix, plan.Cpus, cancellationToken);
        var notApplied = new Dictionary<ScreenFactor, string>();
        foreach (var trial in trials.Where(t => t.Knob.Kind is KnobKind.HostRuntime or KnobKind.Kestrel && ReadBack(defaultReadBack, t.Knob) is not null))
        {
            if (cancellationToken.IsCancellationRequested) break;
            if (ReadBack(await ReadBackAsync(trial.Knob.Apply(kestrel, trial.Value), mix, plan.Cpus, cancellationToken), trial.Knob) is { } readBack
                && readBack == ReadBack(defaultReadBack, trial.Knob))
                notApplied[trial] = readBack;
        }
        if (notApplied.Count > 0)
            console.WriteLine($"not applicable on this host (read back as with the default): {string.Join(", ", notApplied.Select(n => $"{n.Key} ({n.Value})"))}");
        trials = [.. trials.Where(t => !notApplied.ContainsKey(t))];

        var early = new List<ConfigurationResult>();
        for (var i = 1; i <= EarlyRuns(quick) && !cancellationToken.IsCancellationRequested; i++) early.Add(await Run($"early spread {i}/{EarlyRuns(quick)}, default", kestrel));
        var earlyThroughputs = early.Where(r => r.Status == ConfigurationStatus.Ok && r.Throughput is { PerSecond: > 0 }).Select(r => r.Throughput!.PerSecond).ToList();
        if (earlyThroughputs.Count < 2)
        {
            notes.Add($"The default measured no throughput in {early.Count - earlyThroughputs.Count} of its {early.Count} first runs ({early.FirstOrDefault(r => r.Status != ConfigurationStatus.Ok)?.Reason ?? "no call succeeded"}): there was nothing to screen against.");
            return new AdviceSummary(runtime, mix.Name, CapacityPreset.Workload(mix), null, null, options.Threshold, [], [], [], notes, (clock.Elapsed - started).TotalMinutes);
        }
        var earlySpread = ScreenStatistics.LogSpread(earlyThroughputs);

        // Every value and design alternative in one design, the values that exclude each other side by side (the design's factor order).
        var alternatives = DesignAlternatives.For(mix);
        var (screened, valuesPerKnob) = KnobScreen.Grouped(trials, alternatives);
        var foldover = screened.Count > 0 && Folds(valuesPerKnob, PerRun(), Left() - Reserve(mix, options.ConfirmRepeats, PerRun(), quick));
        var design = screened.Count > 0 ? TwoLevelDesign.ForKnobs(valuesPerKnob, foldover) : null;
        var threshold = ScreenStatistics.DecidableThreshold(options.Threshold, earlySpread, (design?.Runs.Count ?? 0) + early.Count);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{runtime}: early spread {earlySpread * 100:0.#} % over {earlyThroughputs.Count} default runs ({string.Join(", ", earlyThroughputs.Select(t => t.ToString("0.#", CultureInfo.InvariantCulture)))}/s); "
            + $"deciding at ±{threshold * 100:0.#} %; one design of {screened.Count - alternatives.Count} knob values and {alternatives.Count} design alternatives "
            + $"in {design?.Runs.Count ?? 0} runs{(foldover ? " (with the foldover)" : "")}; about {PerRun().TotalSeconds:0} s a run"));
        var stages = new List<ScreenStage>();
        var screenedFindings = new List<KnobFinding>();
        var together = new List<(IReadOnlyList<int> Levels, ConfigurationResult Result, int Block)>();
        ScreenFit? pooled = null;
        async Task Screen(string name, IReadOnlyList<ScreenFactor> factors, TwoLevelDesign design, int seed, IReadOnlyList<ConfigurationResult> defaultsBefore)
        {
            var schedule = KnobScreen.Schedule(design, seed);
            var defaults = Enumerable.Repeat(-1, factors.Count).ToArray();
            var runs = defaultsBefore.Select(r => ((IReadOnlyList<int>)defaults, r)).ToList();
            var block = stages.Count;
            for (var i = 0; i < schedule.Count && !cancellationToken.IsCancellationRequested; i++)
            {
                if (Left() < Reserve(mix, options.ConfirmRepeats, PerRun(), quick) + PerRun())
                {
                    notes.Add($"The {name} stage stopped after {i} of its {schedule.Count} runs: the budget ran out (--budget-minutes).");
                    break;
                }
                var on = factors.Where((_, k) => schedule[i][k] > 0).ToList();
                var stage = $"{name} {i + 1}/{schedule.Count}" + (on.Count == 0 ? ", default" : $", {on.Count} of {factors.Count} on");
                runs.Add((schedule[i], await Run(stage, KnobScreen.Apply(kestrel, factors, schedule[i]), KnobScreen.Apply(mix, factors, schedule[i]))));
            }
            var fit = ScreenFigures.Fit(factors.Count, runs, threshold);
            var column = screened.Select(f => factors.ToList().IndexOf(f)).ToArray();
            together.AddRange(runs.Select(r => ((IReadOnlyList<int>)[.. column.Select(k => k >= 0 ? r.Item1[k] : -1)], r.Item2, block)));
            var measured = runs.Skip(defaultsBefore.Count).Select(r => r.Item2).ToList();
            stages.Add(new ScreenStage(name, [.. factors.Select(f => f.ToString())], design.Runs.Count, design.Foldover, measured.Count, measured.Count(r => r.Status != ConfigurationStatus.Ok),
                measured.Count(r => r.Throughput?.ClientBound == true), fit.Throughput?.RunSpread, fit.Throughput?.DriftPerRun, fit.Throughput?.DegreesOfFreedom,
                fit.Throughput?.MachineSpread, fit.Throughput?.MachineElasticity));
            if (fit.Throughput is null) notes.Add($"The {name} stage's own fit failed ({measured.Count(r => r.Status == ConfigurationStatus.Ok)} runs ok): the fit of every stage decides.");
            var failed = measured.Where(r => r.Status != ConfigurationStatus.Ok).Select(r => $"{r.Configuration.Label}: {r.Reason}").Distinct().ToList();
            if (failed.Count > 0) notes.Add($"Runs of the {name} stage that failed (left out of its fit): {string.Join("; ", failed)}.");
        }

        // Every stage fitted together decides: one residual spread pooled over every run (a level for each stage), far
        // more degrees of freedom than any stage's alone. A value under which every run failed cannot be fitted: it broke
        // the calls, so it hurts; a value no run has had yet could not be told.
        ScreenFit? FitTogether()
        {
            screenedFindings.Clear();
            if (together.Count == 0) return null;
            var fitted = Enumerable.Range(0, screened.Count).Where(k => together.Any(r => r.Levels[k] > 0 && r.Result.Status == ConfigurationStatus.Ok)).ToList();
            var joint = ScreenFigures.Fit(fitted.Count, [.. together.Select(r => ((IReadOnlyList<int>)[.. fitted.Select(k => r.Levels[k])], r.Result))], threshold,
                [.. together.Select(r => r.Block)]);
            for (var k = 0; k < screened.Count; k++)
            {
                var factor = screened[k];
                var (choice, meaning) = factor.Alternative is { } alternative ? (alternative.Choice, alternative.Meaning) : (Choice(factor.Knob, factor.Value), factor.Knob.Meaning);
                var with = together.Where(r => r.Levels[k] > 0).Select(r => r.Result).ToList();
                var column = fitted.IndexOf(k);
                screenedFindings.Add(column >= 0 ? ScreenFindings.Of(choice, meaning, joint, column, with.Count, Reported(with.LastOrDefault(r => r.Status == ConfigurationStatus.Ok), factor.Knob))
                    : with.Count > 0 ? ScreenFindings.Broken(choice, meaning, with)
                    : ScreenFindings.Of(choice, meaning, ScreenFigures.None, 0, 0, null));
            }
            return joint.Throughput;
        }

        if (design is not null) await Screen(ScreenStage.EveryValue, screened, design, 1, early);
        pooled = FitTogether();
        // The spread pooled over the design's runs is a far better estimate than the early runs' few, and independent of
        // the effects: the threshold the screen can decide at comes from it.
        if (pooled is not null && ScreenStatistics.DecidableThreshold(options.Threshold, pooled.RunSpread, pooled.Runs) is var decidable && decidable != threshold)
        {
            threshold = decidable;
            pooled = FitTogether();
        }
        if (threshold > options.Threshold)
            notes.Add(string.Create(CultureInfo.InvariantCulture,
                $"The screen's runs spread {(pooled?.RunSpread ?? earlySpread) * 100:0.#} % (coefficient of variation, {(pooled is null ? "the default's first runs" : "pooled over the design")}): "
                + $"too much for ±{options.Threshold * 100:0.#} % in this budget; decided at ±{threshold * 100:0.#} % instead."));

        // The budget left goes to the values still undecided: another design of as many of them as it holds (one value
        // of a knob at a time, the nearest a decision first), refitted with every stage, until all are decided or the
        // budget is spent.
        for (var round = 1; pooled is not null && !cancellationToken.IsCancellationRequested; round++)
        {
            var undecided = KnobScreen.FollowUp(screened, [.. screenedFindings.Select(f => (f.Verdict, f.Throughput is { } t ? t.Upper / t.Lower : (double?)null))]);
            var holds = Enumerable.Range(1, undecided.Count)
                .LastOrDefault(k => Left() >= Reserve(mix, options.ConfirmRepeats, PerRun(), quick) + PerRun() * KnobScreen.Runs(k, false));
            if (holds == 0) break;
            await Screen($"follow-up {round}", [.. undecided.Take(holds)], TwoLevelDesign.For(holds, false), 1 + round, []);
            pooled = FitTogether() ?? pooled;
        }
        var findings = screenedFindings.Where((_, k) => screened[k].Alternative is null).ToList();
        var alternativeFindings = screenedFindings.Where((_, k) => screened[k].Alternative is not null).ToList();
        if (stages.Count > 1 && pooled is not null)
            stages.Add(new ScreenStage(ScreenStage.AllStages, [.. screened.Select(f => f.ToString())], stages.Sum(s => s.DesignRuns), stages.All(s => s.Foldover), stages.Sum(s => s.Runs),
                stages.Sum(s => s.Failed), stages.Sum(s => s.ClientBound), pooled.RunSpread, pooled.DriftPerRun, pooled.DegreesOfFreedom, pooled.MachineSpread, pooled.MachineElasticity));
        var unscreened = trials.Where(t => findings.All(f => f.Choice.Knob != t.Knob.Name || f.Choice.Value != t.Value)).ToList();
        findings.AddRange(notApplied.Select(n => AdviceFindings.NotApplied(Choice(n.Key.Knob, n.Key.Value), n.Key.Knob.Meaning, n.Value)));
        findings.AddRange(knobs.Where(k => !k.ExistsOn(major)).SelectMany(k => k.Values.Select(v => AdviceFindings.NotAvailable(Choice(k, v), k.Meaning, k.MinRuntimeMajor))));

        var ranked = AdviceFindings.Ranked(findings);

        // The path: the changes found helping (knob values and design alternatives), the largest gain first, each tried on
        // top of the steps taken so far; its capacities probe the screening rate first.
        var screening = CapacitySearch.Round(ScreeningFraction * earlyThroughputs.Average());
        // The path's trials are held to what this run's searches took (the planned time until one has run): a planned
        // search is a slow one, and planning every search slow left 4-6 of 45 minutes unused.
        var searchTimes = new List<TimeSpan>();
        TimeSpan PerSearch() => searchTimes.Count == 0 ? SearchTime(mix) : TimeSpan.FromTicks((long)searchTimes.Average(t => t.Ticks));
        async Task<ConfigurationResult> Search(string stage, PathPoint point, double? from = null)
        {
            var title = Title(stage, point.Configuration);
            var began = clock.Elapsed;
            var search = await session.RunAsync(title, onProgress => CapacityRun.SearchAsync(point.Configuration, point.Mix, options.Capacity.Slo, plan.Cpus, onProgress, cancellationToken,
                guess: from ?? screening / ScreeningFraction * 0.8, first: screening));
            searchTimes.Add(clock.Elapsed - began);
            console.WriteLine($"{title}: {search.Status.Text()}; " + (search.Capacity?.CallsPerSecond is { } rate ? $"capacity {CapacityReport.Rate(rate)}/s" : "no capacity found")
                              + (search.Reason is null ? "" : $"; {search.Reason}"));
            return search;
        }
        var helping = screened.Select((factor, k) => (factor, finding: screenedFindings[k])).Where(c => c.finding.Verdict == AdviceFindings.Helps)
            .Select(c => new PathCandidate(c.factor, c.finding.Choice, c.finding.Throughput)).ToList();
        var candidates = helping.Concat(PathCandidate.Together(helping) is { } settings ? [settings] : []).Concat(PathCandidate.MessagePath(mix)).ToList();
        var measures = new PathMeasures((stage, point) => Run(stage, point.Configuration, point.Mix), (stage, point) => Search(stage, point),
            interleaved => Left() >= AfterPath(options.ConfirmRepeats, PerRun(), PerSearch(), quick) + TrialTime(options.ConfirmRepeats, PerRun(), PerSearch())
                                     + (interleaved ? FirstTrialExtra(options.ConfirmRepeats, PerRun()) : TimeSpan.Zero));
        var walk = await PathSearch.WalkAsync(new PathPoint(kestrel, mix), candidates, early, pooled, threshold, options.ConfirmRepeats, measures, cancellationToken);
        var combination = walk.Steps.Skip(1).Select(s => s.Change!).ToList();
        var floors = PathSearch.Floors(kestrel, walk.End.Configuration).Select(f => (f.Name, Point: new PathPoint(f.Configuration, mix))).ToList();
        var confirming = new List<(string Name, PathPoint Point)> { ("default", new PathPoint(kestrel, mix)) };
        if (combination.Count > 0) confirming.Add(("recommended", walk.End));
        confirming.Add((PathEnding.GrpcCore, new PathPoint(grpcCore, mix)));
        confirming.Add(floors[0]);
        var confirmed = confirming.ToDictionary(c => c.Name, _ => new List<ConfigurationResult>());
        for (var repeat = 1; repeat <= options.ConfirmRepeats && !cancellationToken.IsCancellationRequested; repeat++)
            foreach (var (name, point) in confirming)
                confirmed[name].Add((await Run($"confirm {repeat}/{options.ConfirmRepeats}, {name}", point.Configuration, point.Mix)) with { Repeat = repeat });
        var confirmedThroughput = ScreenFindings.Confirm([.. confirming.Select(c => (c.Name, (IReadOnlyList<ConfigurationResult>)confirmed[c.Name]))], threshold);
        if (confirmedThroughput.FirstOrDefault(r => r.Name == "recommended") is { Decision: not "higher" } notConfirmed)
            notes.Add($"The path's end did not confirm higher than the default on fresh runs ({notConfirmed.Decision}): keep the defaults, or rerun with a larger budget.");

        // The headline: the path's end, Grpc.Core and the floors searched in rounds (the end's first search is its step's),
        // so that the end is placed against each on more than one search.
        var endPoint = combination.Count > 0 ? walk.End : new PathPoint(kestrel, mix);
        var searched = new Dictionary<string, List<ConfigurationResult>> { ["end"] = [walk.Searches[^1]] };
        for (var round = 1; round <= CapacityRounds(quick); round++)
        {
            var planned = new List<(string Name, PathPoint Point)>();
            if (round > 1) planned.Add(("end", endPoint));
            planned.Add((PathEnding.GrpcCore, new PathPoint(grpcCore, mix)));
            planned.AddRange(round == 1 ? floors : floors.Take(1));
            foreach (var (name, point) in planned)
                if (!cancellationToken.IsCancellationRequested)
                {
                    var before = searched.TryGetValue(name, out var list) ? list : searched[name] = [];
                    var saturated = confirmed.GetValueOrDefault(name == "end" ? combination.Count > 0 ? "recommended" : "default" : name) ?? [];
                    before.Add(await Search($"capacity {round}/{CapacityRounds(quick)}, {(name == "end" ? "the path's end" : name)}", point, PathSearch.HeadlineGuess(before, saturated)));
                }
        }
        var headline = new List<(string Name, IReadOnlyList<ConfigurationResult> Runs)> { ("default", [walk.Searches[0]]) };
        if (combination.Count > 0) headline.Add(("recommended", searched["end"]));
        if (searched.TryGetValue(PathEnding.GrpcCore, out var grpcCoreSearches)) headline.Add((PathEnding.GrpcCore, grpcCoreSearches));

        // The story's own load on Grpc.Core, the defaults and the path's end: the before and after a team recognizes, its ramp
        // peaking at Grpc.Core's capacity where this machine holds less than the story's 50/s.
        var grpcCoreCapacity = SearchedCapacity.MedianHeld([.. (grpcCoreSearches ?? []).Select(PathSearch.Capacity).OfType<SearchedCapacity>()]);
        var storyLoad = (PathPoint point) => PathSearch.StoryLoad(quick, point.Mix, grpcCoreCapacity);
        var (storyPeak, fullPeak) = (storyLoad(new PathPoint(kestrel, mix)).Phases.Max(p => p.PerSecond), PathSearch.StoryLoad(quick, mix).Phases.Max(p => p.PerSecond));
        if (storyPeak < fullPeak)
            notes.Add($"The story's ramp peaked at {CapacityReport.Rate(storyPeak)}/s, Grpc.Core's capacity on this machine, instead of {CapacityReport.Rate(fullPeak)}/s, every rate scaled alike: at the full rate Grpc.Core itself would be overloaded here.");
        var story = new List<StoryRow>();
        foreach (var (name, point) in new[] { (PathEnding.GrpcCore, new PathPoint(grpcCore, mix)), ("default", new PathPoint(kestrel, mix)), ("path's end", walk.End) })
        {
            if (cancellationToken.IsCancellationRequested) break;
            var title = Title($"story, {name}", point.Configuration);
            var run = await session.RunAsync(title, onProgress => ConfigurationRun.RunAsync(point.Configuration, storyLoad(point), onProgress, cancellationToken, plan.Cpus));
            var row = PathSearch.Story(name, run);
            story.Add(row);
            console.WriteLine($"{title}: {run.Status.Text()}; {row.Uploads} uploads, {row.UploadsFailed} failed, p99 {row.UploadP99Ms:0} ms; getInt p99 {row.GetIntP99Ms:0.#} ms" + (run.Reason is null ? "" : $"; {run.Reason}"));
        }
        var endRuns = confirmed.GetValueOrDefault(combination.Count > 0 ? "recommended" : "default") ?? [];
        var endSearches = searched["end"].Select(PathSearch.Capacity).OfType<SearchedCapacity>().ToList();
        var pathBounds = searched.Where(s => s.Key != "end").Select(s =>
        {
            var capacities = s.Value.Select(PathSearch.Capacity).OfType<SearchedCapacity>().ToList();
            var runs = confirmed.GetValueOrDefault(s.Key) ?? [];
            return new PathBound(s.Key, s.Value[0].Configuration.Label, capacities, SearchedCapacity.Ratio(endSearches, capacities),
                confirmedThroughput.FirstOrDefault(c => c.Name == s.Key)?.PerSecond, ScreenFindings.ThroughputOver(endRuns, runs), ScreenFindings.HostBusy(runs));
        }).ToList();
        var endClientBound = endRuns.Count(r => r.Throughput?.ClientBound == true) * 2 > endRuns.Count;
        var path = new MigrationPath(walk.Steps, walk.Trials, endSearches, pathBounds, story,
            PathEnding.Of(walk.Steps, endSearches, pathBounds, walk.EveryChangeTried, endClientBound))
        {
            StoryPeakPerSecond = storyPeak,
        };
        console.WriteLine($"{runtime}: {path.Ending}");

        // The hosts profiled: the confirmed three, and the design alternative that helps most, to show where its gain is.
        var profiled = confirming.Where(c => c.Name != PathEnding.RawHttp2).Select(c => (c.Name, c.Point.Configuration, c.Point.Mix)).ToList();
        if (alternativeFindings.Where(f => f.Verdict == AdviceFindings.Helps).MaxBy(f => f.Throughput?.Median ?? 0) is { } best
            && alternatives.FirstOrDefault(a => a.Name == best.Choice.Knob) is { } bestAlternative)
            profiled.Add((bestAlternative.Name, bestAlternative.Apply(kestrel), bestAlternative.Apply(mix)));
        var profiles = new List<HostProfileRow>();
        foreach (var (name, configuration, profiledMix) in profiled)
        {
            if (cancellationToken.IsCancellationRequested) break;
            var title = $"[{runtime} {++count}, {clock.Elapsed.TotalMinutes:0.#} of {options.BudgetMinutes * plan.Runtimes.Count:0.#} min] profile: {name} at {screening}/s";
            var profile = await progress.RunAsync(title, onProgress => HostProfiling.ProfileAsync(name, configuration, profiledMix, screening, plan.Cpus, onProgress, cancellationToken));
            profiles.Add(profile);
            console.WriteLine($"{title}: " + (profile.Failure ?? string.Join(", ", (profile.Native ?? profile.Components).Take(3).Select(c => $"{c.Component} {c.Percent:0} %"))));
        }

        if (unscreened.Count > 0) notes.Add($"Not screened: {string.Join(", ", unscreened)}.");
        var decided = ranked.Count(f => f.Verdict is AdviceFindings.Helps or AdviceFindings.Hurts or AdviceFindings.NoEffect);
        var applicable = ranked.Count(f => f.Verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime));
        console.WriteLine($"{runtime}: decided {decided} of {applicable} applicable knob values at ±{threshold * 100:0.#} %"
                          + (ranked.FirstOrDefault(f => f.Choice.Knob == Knobs.Placebo) is { } placebo ? $"; the placebo: {placebo.Verdict}" : ""));
        var defaultCapacity = headline.FirstOrDefault(h => h.Name == "default").Runs?.FirstOrDefault()?.Capacity?.CallsPerSecond;
        return new AdviceSummary(runtime, mix.Name, CapacityPreset.Workload(mix), defaultCapacity, screening, threshold, ranked,
            [.. combination.SelectMany(c => c.Apart())], AdviceFindings.Confirm(headline, screening, threshold), notes, (clock.Elapsed - started).TotalMinutes)
        {
            Path = path,
            Alternatives = AdviceFindings.Ranked(alternativeFindings),
            Profiles = profiles,
            Screen = new ScreenSummary(Describe(shape, mix), earlyThroughputs.Count, earlySpread, options.Threshold, stages, confirmedThroughput),
        };
    }

    private static string Describe(ThroughputResult t) => string.Create(CultureInfo.InvariantCulture,
        $"{t.PerSecond:0.0}/s ({t.Calls} in {t.Seconds:0.0} s), host CPU {t.HostCpuMsPerCall:0.0} ms a call, host {t.HostUtilization * 100:0} % busy, load worker {t.ClientUtilization * 100:0} %{(t.Failed > 0 ? $", {t.Failed} failed" : "")}{(t.ClientBound ? " (client-bound)" : "")}");

    /// <summary>The host's settings as its ready line reports them with <paramref name="configuration"/>; null where the host did not start.</summary>
    public static async Task<IReadOnlyDictionary<string, JsonElement>?> ReadBackAsync(LoadConfiguration configuration, CapacityMix mix, CpuPlacement placement, CancellationToken cancellationToken)
    {
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, CapacityRun.ProbeShape(mix, mix.Limits.StartPerSecond), placement, cancellationToken);
            return ServedConfiguration.HostSettings(served.Host);
        }
        catch (HostStartException)
        {
            // Its runs will fail with the reason; nothing to decide here.
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
