using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// A change the path may take: a knob value the screen found helping, with the ratio it was found by; several such
/// values together (<see cref="Together"/>); or an alternative of the message path the screen leaves out (no ratio).
/// </summary>
public sealed record PathCandidate(IReadOnlyList<ScreenFactor> Factors, KnobChoice Choice, Spread? Screened)
{
    public PathCandidate(ScreenFactor factor, KnobChoice choice, Spread? screened) : this([factor], choice, screened) { }

    /// <summary>
    /// The alternatives of how one upload message goes (the server reading it in place, the client writing it from its
    /// own buffer): the screen leaves them out, as they act only where uploads are not chunked; the path tries them, after
    /// the changes the screen found helping, where its uploads are still one message.
    /// </summary>
    public static IReadOnlyList<PathCandidate> MessagePath(CapacityMix mix) =>
        mix.Load.Scenarios.Contains(ScenarioNames.SendLargeData)
            ? [.. DesignAlternatives.Catalogue.Where(a => a.ChangesTheMessagePath).Select(a => new PathCandidate(ScreenFactor.Of(a), a.Choice, null))]
            : [];

    /// <summary>
    /// The settings among <paramref name="helping"/> (knob values, not design alternatives), the best value of each knob,
    /// as one change; null where fewer than two. Each was decided by the screen, whose many runs tell a gain of 6-11 %;
    /// the path's few runs a trial cannot (one run spreads 10-17 % here), so one at a time the path took none of them
    /// (.NET 8: split channels x1.06 [0.91, 1.24], could not tell). Together their gains multiply (the screen's model is
    /// additive in log throughput): its screened ratio is their product, and a few runs decide it.
    /// </summary>
    public static PathCandidate? Together(IReadOnlyList<PathCandidate> helping)
    {
        var settings = helping.Where(c => c.Factors.Count == 1 && c.Factors[0].Alternative is null)
            .GroupBy(c => c.Factors[0].Knob.Name).Select(g => g.MaxBy(c => c.Screened?.Median ?? 1)!).OrderByDescending(c => c.Screened?.Median ?? 1).ToList();
        if (settings.Count < 2) return null;
        var screened = settings.Select(c => c.Screened).OfType<Spread>().ToList();
        double Product(Func<Spread, double> of) => screened.Aggregate(1.0, (p, s) => p * of(s));
        return new PathCandidate([.. settings.Select(c => c.Factors[0])], KnobChoice.Together([.. settings.Select(c => c.Choice)]),
            screened.Count == 0 ? null : new Spread(Product(s => s.Median), Product(s => s.Lower), Product(s => s.Upper), screened.Min(s => s.Count), "the screen's ratios multiplied"));
    }

    /// <summary>The knobs it sets: once one is taken, no other change of them is tried.</summary>
    public IEnumerable<string> Knobs => Factors.Select(f => f.Knob.Name);

    /// <summary>Whether it can act on top of <paramref name="point"/>: a change of the message path does nothing once uploads go in chunks.</summary>
    public bool ActsOn(PathPoint point) => Factors.All(f => f.Alternative is not { ChangesTheMessagePath: true }) || point.Mix.Searched == ScenarioNames.SendLargeData;

    public override string ToString() => Factors.Count == 1 ? Factors[0].ToString() : Choice.Knob;
}

/// <summary>The path walked: its steps, every change tried, where it ends, each step's capacity search, and whether every candidate that could act was tried.</summary>
public sealed record PathWalk(IReadOnlyList<PathStep> Steps, IReadOnlyList<PathTrial> Trials, PathPoint End, IReadOnlyList<ConfigurationResult> Searches, bool EveryChangeTried);

/// <summary>Where the path stands: the configuration and the mix it sends (a design alternative may change how uploads go).</summary>
public sealed record PathPoint(LoadConfiguration Configuration, CapacityMix Mix)
{
    public PathPoint With(PathCandidate change) => new(change.Factors.Aggregate(Configuration, (c, f) => f.Apply(c)), change.Factors.Aggregate(Mix, (m, f) => f.Apply(m)));
}

/// <summary>What the path's walk measures with: a saturated run, a capacity search, and whether the budget holds another trial (true: one that interleaves its pairs).</summary>
public sealed record PathMeasures(
    Func<string, PathPoint, Task<ConfigurationResult>> Run,
    Func<string, PathPoint, Task<ConfigurationResult>> Search,
    Func<bool, bool> HoldsTrial);

/// <summary>
/// The walk from Kestrel's defaults: the changes the screen found helping (with its helping settings together, see
/// <see cref="PathCandidate.Together"/>), the largest screened gain first, then the message path's alternatives (<see cref="PathCandidate.MessagePath"/>), each tried on top of the steps taken so far in
/// <c>repeats</c> saturated runs with it against the step's own runs, and taken where it still helps
/// (<see cref="PathDecision"/>): a re-screen, one change at a time, of what is left on top of each step. The trials at
/// a step share its runs: the walk's first trial interleaves <c>repeats</c> pairs (without, with; then with, without, so
/// that a drift touches both alike); each later one runs its <c>repeats</c> runs and then one more of the step, so that
/// the step's runs bracket them in time, and is judged against all of the step's runs so far; a taken change's runs
/// are the new step's first. A trial then takes <c>repeats + 1</c> runs, not twice <c>repeats</c>. A taken step's
/// capacity is searched; a change of a knob it set, or another chunk size, is then out (taken together, the settings are
/// not tried again one by one; not taken, each is). A trial that cannot tell adds up to <see cref="ExtraPairs"/> pairs.
/// The walk ends when nothing is left or the budget holds no further trial.
/// </summary>
public static class PathSearch
{
    /// <summary>
    /// The pairs (with, then without) a trial adds while it cannot tell and the budget holds a trial: a gain of 10-15 %
    /// is often just out of reach of 3 runs a side at a run spread of 11-17 % (.NET 10 at c7386ec: chunks x1.15 [0.88,
    /// 1.50]). Each look is at the same 95 %, so three looks make a false "helps" somewhat likelier than one.
    /// </summary>
    public const int ExtraPairs = 2;

    public static async Task<PathWalk> WalkAsync(
        PathPoint start, IReadOnlyList<PathCandidate> candidates, IReadOnlyList<ConfigurationResult> startRuns, ScreenFit? screen, double threshold, int repeats,
        PathMeasures measure, CancellationToken cancellationToken)
    {
        var point = start;
        var startSearch = await measure.Search("path, step 0 capacity", point);
        var searches = new List<ConfigurationResult> { startSearch };
        var steps = new List<PathStep> { Step(0, null, startRuns, null, null, startSearch, threshold) };
        var trials = new List<PathTrial>();
        var left = candidates.OrderByDescending(c => c.Screened?.Median ?? 1).ToList();
        var stepRuns = new List<ConfigurationResult>();
        while (left.Count > 0 && !cancellationToken.IsCancellationRequested && measure.HoldsTrial(stepRuns.Count == 0))
        {
            var candidate = left[0];
            left.RemoveAt(0);
            if (!candidate.ActsOn(point)) continue;
            var trial = point.With(candidate);
            var with = new List<ConfigurationResult>();
            var interleaved = stepRuns.Count == 0;
            for (var repeat = 1; repeat <= repeats && !cancellationToken.IsCancellationRequested; repeat++)
            {
                var stage = $"path, step {steps.Count} {repeat}/{repeats}";
                // Interleaved pairs on a step without runs yet; else its runs, then one more of the step.
                bool[] order = interleaved ? repeat % 2 == 1 ? [false, true] : [true, false] : repeat < repeats ? [true] : [true, false];
                foreach (var withIt in order)
                {
                    if (withIt) with.Add((await measure.Run($"{stage}, with {candidate}", trial)) with { Repeat = repeat });
                    else stepRuns.Add((await measure.Run($"{stage}, without", point)) with { Repeat = repeat });
                }
            }
            Effect? Judged() => PathDecision.Of(PerSecond(stepRuns), PerSecond(with), screen?.RunSpread, screen?.DegreesOfFreedom ?? 0, threshold);
            var effect = Judged();
            // Undecided, a pair more (with, then without) while the budget holds a trial, up to ExtraPairs.
            for (var extra = 1; extra <= ExtraPairs && Verdict(effect) == AdviceFindings.CouldNotTell && !cancellationToken.IsCancellationRequested && measure.HoldsTrial(false); extra++)
            {
                var stage = $"path, step {steps.Count} extra {extra}/{ExtraPairs}";
                with.Add((await measure.Run($"{stage}, with {candidate}", trial)) with { Repeat = repeats + extra });
                stepRuns.Add((await measure.Run($"{stage}, without", point)) with { Repeat = repeats + extra });
                effect = Judged();
            }
            var verdict = Verdict(effect);
            var versus = effect is null ? null : new Spread(effect.Ratio, effect.Lower, effect.Upper, with.Count, Spread.PathTrialKind);
            var taken = verdict == AdviceFindings.Helps;
            trials.Add(new PathTrial(steps.Count - 1, candidate.Choice, candidate.Screened, versus, verdict, taken));
            // Step 0's figures from the runs interleaved with the first trial, rather than from the screen's start.
            if (trials.Count == 1) steps[0] = Step(0, null, [.. stepRuns], null, null, startSearch, threshold);
            if (!taken) continue;
            point = trial;
            stepRuns = [.. with];
            var search = await measure.Search($"path, step {steps.Count} capacity", point);
            searches.Add(search);
            steps.Add(Step(steps.Count, candidate.Choice, with, versus, verdict, search, threshold));
            left.RemoveAll(c => c.Knobs.Intersect(candidate.Knobs).Any());
        }
        return new PathWalk(steps, trials, point, searches, left.All(c => !c.ActsOn(point)));
    }

    /// <summary>
    /// The floors no gRPC-level change can pass: Kestrel's raw HTTP/2 POST of the same bytes on the host settings of the
    /// path's end (<paramref name="end"/>: its Kestrel settings and runtime knobs act on the request path, its gRPC and
    /// design changes have nothing to act on), and a bare TCP socket.
    /// </summary>
    public static IReadOnlyList<(string Name, LoadConfiguration Configuration)> Floors(LoadConfiguration kestrel, LoadConfiguration end) =>
    [
        (PathEnding.RawHttp2, kestrel with
        {
            Kind = ConfigurationKind.RawHttp2, Client = ClientStack.Http2, KestrelProfile = end.KestrelProfile, KestrelSettings = end.KestrelSettings,
            HostEnvironment = end.HostEnvironment, ClientEnvironment = end.ClientEnvironment,
        }),
        (PathEnding.RawTcp, kestrel with { Kind = ConfigurationKind.RawTcp, Server = ServerStack.Socket, Client = ClientStack.Socket, Transport = Transport.Tcp, KestrelProfile = "n/a" }),
    ];

    /// <summary>
    /// The path as the advice shows it: its steps and trials, the end's searches placed against each bound's (Grpc.Core,
    /// the floors) on capacity and on the confirmed saturated throughput, the story, and how the path ended.
    /// </summary>
    /// <param name="searched">The headline's searches by name, the path's end as "end".</param>
    /// <param name="endRuns">The confirmed saturated runs of the path's end.</param>
    public static MigrationPath Ended(PathWalk walk, IReadOnlyDictionary<string, List<ConfigurationResult>> searched, IReadOnlyDictionary<string, List<ConfigurationResult>> confirmed,
        IReadOnlyList<ConfirmedThroughput> confirmedThroughput, IReadOnlyList<ConfigurationResult> endRuns, IReadOnlyList<StoryRow> story, double storyPeak)
    {
        var endSearches = searched["end"].Select(Capacity).OfType<SearchedCapacity>().ToList();
        var bounds = searched.Where(s => s.Key != "end").Select(s =>
        {
            var capacities = s.Value.Select(Capacity).OfType<SearchedCapacity>().ToList();
            var runs = confirmed.GetValueOrDefault(s.Key) ?? [];
            return new PathBound(s.Key, s.Value[0].Configuration.Label, capacities, SearchedCapacity.Ratio(endSearches, capacities),
                confirmedThroughput.FirstOrDefault(c => c.Name == s.Key)?.PerSecond, ScreenFindings.ThroughputOver(endRuns, runs), ScreenFindings.HostBusy(runs));
        }).ToList();
        var endClientBound = endRuns.Count(r => r.Throughput?.ClientBound == true) * 2 > endRuns.Count;
        return new MigrationPath(walk.Steps, walk.Trials, endSearches, bounds, story, PathEnding.Of(walk.Steps, endSearches, bounds, walk.EveryChangeTried, endClientBound, StoryOnly.Runs(walk.End.Mix)))
        {
            StoryPeakPerSecond = storyPeak,
        };
    }

    /// <summary>
    /// Where a search of the headline starts (its guess): where the same configuration's searches before it held the
    /// most, else 0.8 of its saturated throughput, else null (the screening rate's guess). Starting where the
    /// configuration is known to stand takes fewer probes than climbing from the default's rate, and a miss far below it
    /// is probed again (<see cref="CapacitySearch.SuspectBelow"/>): one stall of a 2 s probe (two searches of one host
    /// ended at 7.74 and 23.7/s) no longer ends the search there.
    /// </summary>
    public static double? HeadlineGuess(IReadOnlyList<ConfigurationResult> searchesBefore, IReadOnlyList<ConfigurationResult> saturatedRuns)
    {
        if (searchesBefore.Select(s => s.Capacity?.CallsPerSecond).Max() is { } held) return held;
        var perSecond = saturatedRuns.Where(r => r.Status == ConfigurationStatus.Ok && r.Throughput is { PerSecond: > 0 }).Select(r => r.Throughput!.PerSecond).ToList();
        return perSecond.Count == 0 ? null : CapacitySearch.Round(0.8 * Statistics.Median(perSecond));
    }

    /// <summary>A capacity search as the path shows it: the highest rate held and the lowest missed above it.</summary>
    public static SearchedCapacity? Capacity(ConfigurationResult search)
    {
        if (search.Capacity is not { } capacity) return new SearchedCapacity(null, null, search.Reason ?? search.Status.Text());
        var held = capacity.CallsPerSecond;
        var missed = capacity.Probes.Where(p => !p.Held && (held is null || p.OfferedPerSecond > held)).Select(p => (double?)p.OfferedPerSecond).Min();
        return new SearchedCapacity(held, missed, held is null ? search.Reason ?? capacity.Bound : null)
        {
            Limit = capacity.Limit, HostBusy = capacity.ServerUtilization, WorkerBusy = capacity.ClientUtilization, Physics = CapacityTable.Physics(search),
        };
    }

    private static PathStep Step(int number, KnobChoice? change, IReadOnlyList<ConfigurationResult> runs, Spread? versus, string? decision, ConfigurationResult search, double threshold)
    {
        var figures = ScreenFindings.Confirm([("step", runs)], threshold)[0];
        var label = runs.FirstOrDefault()?.Configuration.Label ?? search.Configuration.Label;
        return new PathStep(number, change, label, figures.PerSecond, versus, decision, Capacity(search), figures.HostCpuMsPerCall, figures.OtherP99Ms, figures.HostPeakRssMiB)
        {
            HostFaultsPerUpload = figures.HostFaultsPerCall,
        };
    }

    private static List<double> PerSecond(IEnumerable<ConfigurationResult> runs) =>
        [.. runs.Where(r => r.Status == ConfigurationStatus.Ok && r.Throughput is { Calls: > 0 }).Select(r => r.Throughput!.PerSecond)];

    private static string Verdict(Effect? effect) => effect?.Verdict switch
    {
        EffectVerdict.Helps => AdviceFindings.Helps,
        EffectVerdict.Hurts => AdviceFindings.Hurts,
        EffectVerdict.NoEffect => AdviceFindings.NoEffect,
        _ => AdviceFindings.CouldNotTell,
    };
}
