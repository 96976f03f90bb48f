using System.Globalization;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// The advise preset on one runtime (<see cref="AdvisePresetRun"/>): the early spread, the screen, the migration path,
/// its end confirmed, the capacities in rounds, the story's load and the profiles, within the runtime's share of the budget.
/// </summary>
internal static class RuntimeAdvice
{

    public static async Task<AdviceSummary> AdviseAsync(RunPlan plan, string runtime, CapacityMix mix, IReadOnlyList<Knob> knobs, AdviseOptions options, bool quick,
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
        TimeSpan PerRun() => runTimes.Count == 0 ? AdviseBudget.PlannedRunTime(shape) : TimeSpan.FromTicks((long)runTimes.Average(t => t.Ticks));
        string Heading() => $"[{runtime} {++count}, {clock.Elapsed.TotalMinutes:0.#} of {options.BudgetMinutes * plan.Runtimes.Count:0.#} min]";
        string Title(string stage, LoadConfiguration configuration) => $"{Heading()} {stage}: {configuration.Label}";

        async Task<ConfigurationResult> Run(string stage, LoadConfiguration configuration, CapacityMix? of = null)
        {
            var title = Title(stage, configuration);
            var began = clock.Elapsed;
            var result = await session.RunAsync(title, onProgress => ThroughputRun.RunAsync(configuration, of ?? mix, shape, plan.Cpus, onProgress, cancellationToken));
            runTimes.Add(clock.Elapsed - began);
            console.WriteLine($"{title}: {result.Status.Text()}; " + (result.Throughput is { } t ? ThroughputRun.Describe(t) : result.Reason));
            return result;
        }

        var screenStarted = clock.Elapsed;
        var notApplied = await KnobReadBack.NotAppliedAsync(trials, kestrel, mix, plan.Cpus, cancellationToken);
        if (notApplied.Count > 0)
            console.WriteLine($"not applicable on this host (read back as with the default): {string.Join(", ", notApplied.Select(n => $"{n.Key} ({n.Value})"))}");
        trials = [.. trials.Where(t => !notApplied.ContainsKey(t))];

        for (var i = 1; i <= AdviseBudget.PrimingRuns(quick) && !cancellationToken.IsCancellationRequested; i++) await Run("priming, not counted, default", kestrel);
        var early = new List<ConfigurationResult>();
        for (var i = 1; i <= AdviseBudget.EarlyRuns(quick) && !cancellationToken.IsCancellationRequested; i++) early.Add(await Run($"early spread {i}/{AdviseBudget.EarlyRuns(quick)}, default", kestrel));
        var earlyThroughputs = early.Where(r => r.Status == ConfigurationStatus.Ok && r.Throughput is { PerSecond: > 0 }).Select(r => r.Throughput!.PerSecond).ToList();
        if (earlyThroughputs.Count < 2)
        {
            notes.Add($"The default measured no throughput in {early.Count - earlyThroughputs.Count} of its {early.Count} first runs ({early.FirstOrDefault(r => r.Status != ConfigurationStatus.Ok)?.Reason ?? "no call succeeded"}): there was nothing to screen against.");
            return new AdviceSummary(runtime, mix.Name, CapacityPresetRun.Workload(mix), null, null, options.Threshold, [], [], [], notes, (clock.Elapsed - started).TotalMinutes);
        }
        var earlySpread = ScreenStatistics.LogSpread(earlyThroughputs);

        TimeSpan Spare() => Left() - AdviseBudget.Reserve(mix, options.ConfirmRepeats, PerRun(), quick);
        var screen = new AdviceScreen(runtime, kestrel, mix, options.Threshold, Run, PerRun, Spare, () => Spare() - AdviseBudget.Extras(mix, options.ConfirmRepeats, PerRun(), quick),
            console, notes, cancellationToken);
        await screen.RunAsync(trials, early, earlyThroughputs, earlySpread);
        var screenMinutes = (clock.Elapsed - screenStarted).TotalMinutes;
        var (screened, screenedFindings, alternatives, stages, pooled, threshold) = (screen.Screened, screen.Findings, screen.Alternatives, screen.Stages, screen.Pooled, screen.Threshold);
        var findings = screenedFindings.Where((_, k) => screened[k].Alternative is null).ToList();
        var alternativeFindings = screenedFindings.Where((_, k) => screened[k].Alternative is not null).ToList();
        var unscreened = trials.Where(t => findings.All(f => f.Choice.Knob != t.Knob.Name || f.Choice.Value != t.Value)).ToList();
        findings.AddRange(notApplied.Select(n => AdviceFindings.NotApplied(n.Key.Knob.Choice(n.Key.Value), n.Key.Knob.Meaning, n.Value)));
        findings.AddRange(knobs.Where(k => !k.ExistsOn(major)).SelectMany(k => k.Values.Select(v => AdviceFindings.NotAvailable(k.Choice(v), k.Meaning, k.MinRuntimeMajor))));

        var ranked = AdviceFindings.Ranked(findings);
        var grpcCoreMemory = StoryOnly.Runs(mix)
            ? await GrpcCoreMemoryScreen.RunAsync(runtime, major, grpcCore, mix, plan, options.Threshold, Run, PerRun, console, notes, cancellationToken) : null;

        // The path: the changes found helping (knob values and design alternatives), the largest gain first, each tried on
        // top of the steps taken so far; its capacities probe the screening rate first.
        var screening = CapacitySearch.Round(AdvisePresetRun.ScreeningFraction * earlyThroughputs.Average());
        // The path's trials are held to what this run's searches took (the planned time until one has run): a planned
        // search is a slow one, and planning every search slow left 4-6 of 45 minutes unused.
        var searchTimes = new List<TimeSpan>();
        TimeSpan PerSearch() => searchTimes.Count == 0 ? AdviseBudget.SearchTime(mix) : TimeSpan.FromTicks((long)searchTimes.Average(t => t.Ticks));
        async Task<ConfigurationResult> Search(string stage, PathPoint point, double? from = null, CapacitySlo? slo = null)
        {
            var title = Title(stage, point.Configuration);
            var began = clock.Elapsed;
            var search = await session.RunAsync(title, onProgress => CapacityRun.SearchAsync(point.Configuration, point.Mix, slo ?? options.Capacity.Slo, plan.Cpus, onProgress, cancellationToken,
                guess: from ?? screening / AdvisePresetRun.ScreeningFraction * 0.8, first: screening));
            searchTimes.Add(clock.Elapsed - began);
            console.WriteLine($"{title}: {search.Status.Text()}; " + (search.Capacity?.CallsPerSecond is { } rate ? $"capacity {CapacityReport.Rate(rate)}/s" : "no capacity found")
                              + (search.Reason is null ? "" : $"; {search.Reason}"));
            return search;
        }
        var helping = screened.Select((factor, k) => (factor, finding: screenedFindings[k])).Where(c => c.finding.Verdict == AdviceFindings.Helps)
            .Select(c => new PathCandidate(c.factor, c.finding.Choice, c.finding.Throughput)).ToList();
        var candidates = helping.Concat(PathCandidate.Together(helping) is { } settings ? [settings] : []).Concat(PathCandidate.MessagePath(mix)).ToList();
        var measures = new PathMeasures((stage, point) => Run(stage, point.Configuration, point.Mix), (stage, point) => Search(stage, point),
            // The walk's first trial (the one that interleaves) before the story, every later trial and extra pair after it.
            first => Left() >= AdviseBudget.AfterPath(mix, options.ConfirmRepeats, PerRun(), PerSearch(), quick) + AdviseBudget.TrialTime(options.ConfirmRepeats, PerRun(), PerSearch())
                               + (first ? AdviseBudget.FirstTrialExtra(options.ConfirmRepeats, PerRun()) : AdviseBudget.Story(mix, quick)));
        var walk = await PathSearch.WalkAsync(new PathPoint(kestrel, mix), candidates, early, pooled, threshold, options.ConfirmRepeats, measures, cancellationToken);
        var combination = walk.Steps.Skip(1).Select(s => s.Change!).ToList();
        var floors = StoryOnly.Runs(mix) ? PathSearch.Floors(kestrel, walk.End.Configuration).Take(AdviseBudget.Floors(quick)).Select(f => (f.Name, Point: new PathPoint(f.Configuration, mix))).ToList() : [];
        var confirming = new List<(string Name, PathPoint Point)> { ("default", new PathPoint(kestrel, mix)) };
        if (combination.Count > 0) confirming.Add(("recommended", walk.End));
        confirming.Add((PathEnding.GrpcCore, new PathPoint(grpcCore, mix)));
        // The baseline stays Grpc.Core as a fleet runs it (defaults); beside it what the old stack gets from reusing memory.
        var (tunable, tuning) = PathEnding.GrpcCoreMemoryTuning;
        confirming.Add((PathEnding.GrpcCoreMemoryTuned, new PathPoint(grpcCore with
        {
            HostEnvironment = new Dictionary<string, string>(grpcCore.HostEnvironment ?? new Dictionary<string, string>()) { [tunable] = tuning },
        }, mix)));
        if (floors.Count > 0) confirming.Add(floors[0]);
        var confirmed = confirming.ToDictionary(c => c.Name, _ => new List<ConfigurationResult>());
        for (var repeat = 1; repeat <= options.ConfirmRepeats && !cancellationToken.IsCancellationRequested; repeat++)
            foreach (var (name, point) in confirming)
                confirmed[name].Add((await Run($"confirm {repeat}/{options.ConfirmRepeats}, {name}", point.Configuration, point.Mix)) with { Repeat = repeat });
        if (confirmed[PathEnding.GrpcCoreMemoryTuned].Select(r => KnobReadBack.HostRuntimeKnob(r, $"env.{tunable}")).FirstOrDefault(v => v is not null) is var readBack && readBack != tuning)
            notes.Add($"{PathEnding.GrpcCoreMemoryTuned}: its host reported {(readBack is null ? $"no {tunable}" : $"{tunable}={readBack}")} back where {tuning} was set, so its row is not what it says.");
        var confirmedThroughput = ScreenFindings.Confirm([.. confirming.Select(c => (c.Name, (IReadOnlyList<ConfigurationResult>)confirmed[c.Name]))], threshold);
        if (confirmedThroughput.FirstOrDefault(r => r.Name == "recommended") is { Decision: not "higher" } notConfirmed)
            notes.Add($"The path's end did not confirm higher than the default on fresh runs ({notConfirmed.Decision}): keep the defaults, or rerun with a larger budget.");

        // The headline: the path's end, Grpc.Core and the floors searched in rounds (the end's first search is its step's),
        // so that the end is placed against each on more than one search.
        var endPoint = combination.Count > 0 ? walk.End : new PathPoint(kestrel, mix);
        var searched = new Dictionary<string, List<ConfigurationResult>> { ["end"] = [walk.Searches[^1]] };
        for (var round = 1; round <= AdviseBudget.MostCapacityRounds(quick) && !cancellationToken.IsCancellationRequested; round++)
        {
            // The second round leaves time for a search within the uploads' SLO (below), which comes before it.
            if (round == 2 && !AdviseBudget.SecondRoundFits(mix, PerSearch(), Left() - PerSearch(), quick))
            {
                notes.Add(string.Create(CultureInfo.InvariantCulture, $"One round of capacity searches: the {Left().TotalMinutes:0.#} min left held no second ({AdviseBudget.RoundSearches(mix, 2, quick)} searches of about {PerSearch().TotalSeconds:0} s) before the {(StoryOnly.Runs(mix) ? "story and the " : "")}profiles."));
                break;
            }
            var planned = new List<(string Name, PathPoint Point)>();
            if (round > 1) planned.Add(("end", endPoint));
            planned.Add((PathEnding.GrpcCore, new PathPoint(grpcCore, mix)));
            planned.AddRange(round == 1 ? floors : floors.Take(1));
            foreach (var (name, point) in planned)
                if (!cancellationToken.IsCancellationRequested)
                {
                    var before = searched.TryGetValue(name, out var list) ? list : searched[name] = [];
                    var saturated = confirmed.GetValueOrDefault(name == "end" ? combination.Count > 0 ? "recommended" : "default" : name) ?? [];
                    before.Add(await Search($"capacity round {round}, {(name == "end" ? "the path's end" : name)}", point, PathSearch.HeadlineGuess(before, saturated)));
                }
        }
        // The headline's second capacity: the uploads within their own SLO, getInt's p99 shown and not bound; searched again
        // only where a probe missed on getInt's p99, and only where the time left holds the search and the profiles.
        var withinUploadSlo = new List<UploadSloCapacity>();
        foreach (var (name, key, point) in StoryOnly.Runs(mix) ? new[] { ("path's end", "end", endPoint), (PathEnding.GrpcCore, PathEnding.GrpcCore, new PathPoint(grpcCore, mix)) } : [])
        {
            if (cancellationToken.IsCancellationRequested) break;
            var mixSearches = searched.GetValueOrDefault(key) ?? [];
            var row = await UploadSloHeadline.OfAsync(name, mixSearches, () => Left() < PerSearch() + AdviseBudget.ProfilesTime(quick) ? null
                : Search($"capacity within the uploads' SLO, {name}", point with { Mix = UploadSloHeadline.Mix(point.Mix) }, PathSearch.HeadlineGuess(mixSearches, []), UploadSloHeadline.Slo(options.Capacity.Slo)));
            if (row is not null) withinUploadSlo.Add(row);
            else if (mixSearches.Count > 0) notes.Add($"{name}'s capacity within the uploads' own SLO was not searched: the time left held the profiles and not that search too.");
        }
        var headline = new List<(string Name, IReadOnlyList<ConfigurationResult> Runs)> { ("default", [walk.Searches[0]]) };
        if (combination.Count > 0) headline.Add(("recommended", searched["end"]));
        if (searched.TryGetValue(PathEnding.GrpcCore, out var grpcCoreSearches)) headline.Add((PathEnding.GrpcCore, grpcCoreSearches));

        // The story's own load on Grpc.Core, the defaults and the path's end: the before and after a team recognizes, its ramp
        // peaking at Grpc.Core's capacity where this machine holds less than the story's 50/s.
        var grpcCoreCapacity = SearchedCapacity.MedianHeld([.. (grpcCoreSearches ?? []).Select(PathSearch.Capacity).OfType<SearchedCapacity>()]);
        var storyLoad = (PathPoint point) => PathStory.Load(quick, point.Mix, grpcCoreCapacity);
        var (storyPeak, fullPeak) = (storyLoad(new PathPoint(kestrel, mix)).Phases.Max(p => p.PerSecond), PathStory.Load(quick, mix).Phases.Max(p => p.PerSecond));
        if (StoryOnly.Runs(mix) && storyPeak < fullPeak)
            notes.Add($"The story's ramp peaked at {CapacityReport.Rate(storyPeak)}/s, Grpc.Core's capacity on this machine, instead of {CapacityReport.Rate(fullPeak)}/s, every rate scaled alike: at the full rate Grpc.Core itself would be overloaded here.");
        var story = new List<StoryRow>();
        var storyFits = AdviseBudget.StoryFits(mix, Left(), quick);
        if (StoryOnly.Runs(mix) && !storyFits)
            notes.Add(string.Create(CultureInfo.InvariantCulture, $"The story's ramp was left out: the {Left().TotalMinutes:0.#} min left held the profiles but not the story too "
                + $"(about {AdviseBudget.Story(mix, quick).TotalMinutes:0.#} min on three configurations); a larger --budget-minutes runs it."));
        foreach (var (name, point) in StoryOnly.Runs(mix) && storyFits ? new[] { (PathEnding.GrpcCore, new PathPoint(grpcCore, mix)), ("default", new PathPoint(kestrel, mix)), ("path's end", walk.End) } : [])
        {
            if (cancellationToken.IsCancellationRequested) break;
            var title = Title($"story, {name}", point.Configuration);
            var run = await session.RunAsync(title, onProgress => ConfigurationRun.RunAsync(point.Configuration, storyLoad(point), onProgress, cancellationToken, plan.Cpus));
            var row = PathStory.Row(name, run);
            story.Add(row);
            console.WriteLine($"{title}: {run.Status.Text()}; {row.Uploads} uploads, {row.UploadsFailed} failed, p99 {row.UploadP99Ms:0} ms; getInt p99 {row.GetIntP99Ms:0.#} ms" + (run.Reason is null ? "" : $"; {run.Reason}"));
        }
        var endRuns = confirmed.GetValueOrDefault(combination.Count > 0 ? "recommended" : "default") ?? [];
        var path = PathSearch.Ended(walk, searched, confirmed, confirmedThroughput, endRuns, story, storyPeak) is var ended && withinUploadSlo.Count > 0
            ? ended with
            {
                WithinUploadSlo = withinUploadSlo,
                Ending = $"{ended.Ending} {PathEnding.WithinUploadSlo(withinUploadSlo, options.Capacity.Slo.Describe([ScenarioNames.SendLargeData]).Split(" (")[0])}".TrimEnd(),
            }
            : ended;
        console.WriteLine($"{runtime}: {path.Ending}");
        foreach (var flag in PathReport.PhysicsFlags(path)) console.WriteLine($"{runtime}: {flag}");

        // The hosts profiled: the confirmed three, and the design alternative that helps most, to show where its gain is.
        var profiled = confirming.Where(c => c.Name is not (PathEnding.RawHttp2 or PathEnding.GrpcCoreMemoryTuned)).Select(c => (c.Name, c.Point.Configuration, c.Point.Mix)).ToList();
        if (alternativeFindings.Where(f => f.Verdict == AdviceFindings.Helps).MaxBy(f => f.Throughput?.Median ?? 0) is { } best
            && alternatives.FirstOrDefault(a => a.Name == best.Choice.Knob) is { } bestAlternative)
            profiled.Add((bestAlternative.Name, bestAlternative.Apply(kestrel), bestAlternative.Apply(mix)));
        var profiles = await HostProfiling.ProfileEachAsync(profiled, screening, ProfileSpan.For(quick), plan.Cpus, name => $"{Heading()} profile: {name} at {screening}/s", progress, console, cancellationToken);

        if (unscreened.Count > 0) notes.Add($"Not screened: {string.Join(", ", unscreened)}.");
        if (Left() < TimeSpan.Zero)
            notes.Add(FormattableString.Invariant($"{AdviseBudget.OverBudget} {(clock.Elapsed - started).TotalMinutes:0.#} min of its {budget.TotalMinutes:0.#}: its runs took {PerRun().TotalSeconds:0.#} s each where ")
                + FormattableString.Invariant($"{AdviseBudget.PlannedRunTime(shape).TotalSeconds:0} s were planned (a slower or busier machine); what it could leave out it left out first, ")
                + "and what decides (the screen's fewest runs, the confirmation, the first capacity round, the profiles) it kept.");
        if (!StoryOnly.Runs(mix)) notes.AddRange(StoryOnly.LeftOut);
        var decided = ranked.Count(f => AdviceAgreement.Decided(f.Verdict));
        var applicable = ranked.Count(f => f.Verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime));
        console.WriteLine($"{runtime}: decided {decided} of {applicable} applicable knob values at ±{threshold * 100:0.#} %"
                          + (ranked.FirstOrDefault(f => f.Choice.Knob == Knobs.Placebo) is { } placebo ? $"; the placebo: {placebo.Verdict}" : ""));
        var defaultCapacity = headline.FirstOrDefault(h => h.Name == "default").Runs?.FirstOrDefault()?.Capacity?.CallsPerSecond;
        return new AdviceSummary(runtime, mix.Name, CapacityPresetRun.Workload(mix), defaultCapacity, screening, threshold, ranked,
            [.. combination.SelectMany(c => c.Apart())], AdviceFindings.Confirm(headline, screening, threshold), notes, (clock.Elapsed - started).TotalMinutes)
        {
            Path = path,
            GrpcCoreMemory = grpcCoreMemory,
            Alternatives = AdviceFindings.Ranked(alternativeFindings),
            Profiles = profiles,
            Screen = new ScreenSummary(shape.Describe(mix), earlyThroughputs.Count, earlySpread, options.Threshold, stages, confirmedThroughput, screenMinutes),
        };
    }
}
