using System.Globalization;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// The advise preset's screen on one runtime: every knob value and design alternative in one two-level design (folded
/// over where the budget holds it), then follow-up designs of the values still undecided while the budget lasts, every
/// stage fitted together.
/// </summary>
/// <param name="baseline">What every value is set on and compared with: Kestrel's defaults, or Grpc.Core's (<see cref="GrpcCoreMemoryScreen"/>).</param>
/// <param name="run">Runs a configuration with its mix (the runtime's mix where null) under a stage's title.</param>
/// <param name="perRun">What a run takes, as measured so far.</param>
/// <param name="spare">What the screen's design may still spend: the runtime's budget left less what must follow the screen.</param>
/// <param name="spareBeyond">What the foldover and the follow-ups may spend: less what the budget plans beyond that too (the story, the path's later trials).</param>
/// <param name="notes">The runtime's notes, which the screen adds to.</param>
public sealed class AdviceScreen(string runtime, LoadConfiguration baseline, CapacityMix mix, double askedThreshold,
    Func<string, LoadConfiguration, CapacityMix?, Task<ConfigurationResult>> run, Func<TimeSpan> perRun, Func<TimeSpan> spare,
    Func<TimeSpan> spareBeyond, IAnsiConsole console, List<string> notes, CancellationToken cancellationToken)
{
    private readonly List<ScreenStage> _stages = [];
    private readonly List<KnobFinding> _findings = [];
    private readonly List<(IReadOnlyList<int> Levels, ConfigurationResult Result, int Block)> _together = [];

    public IReadOnlyList<DesignAlternative> Alternatives { get; private set; } = [];

    /// <summary>Whether the design alternatives (changes of the calls) join the knobs; not in a screen of one host's settings alone.</summary>
    public bool WithDesignAlternatives { get; init; } = true;

    /// <summary>The knob values and design alternatives in the design's factor order.</summary>
    public IReadOnlyList<ScreenFactor> Screened { get; private set; } = [];

    /// <summary>A finding for each of <see cref="Screened"/>, in its order.</summary>
    public IReadOnlyList<KnobFinding> Findings => _findings;

    public IReadOnlyList<ScreenStage> Stages => _stages;

    /// <summary>Every stage's runs fitted together; null where nothing could be fitted.</summary>
    public ScreenFit? Pooled { get; private set; }

    /// <summary>
    /// The threshold the screen decides at: the one asked, whatever the runs' spread. Where the spread cannot decide a
    /// value there, it is undecided at that threshold, with the one it would need; never decided at a threshold widened
    /// after the data are in.
    /// </summary>
    public double Threshold => askedThreshold;

    public async Task RunAsync(IReadOnlyList<ScreenFactor> trials, IReadOnlyList<ConfigurationResult> early, IReadOnlyList<double> earlyThroughputs, double earlySpread)
    {
        // Every value and design alternative in one design, the values that exclude each other side by side (the design's factor order).
        Alternatives = WithDesignAlternatives ? DesignAlternatives.For(mix) : [];
        var (screened, valuesPerKnob) = KnobScreen.Grouped(trials, Alternatives);
        Screened = screened;
        var foldover = screened.Count > 0 && AdviseBudget.Folds(valuesPerKnob, perRun(), spareBeyond());
        var design = screened.Count > 0 ? TwoLevelDesign.ForKnobs(valuesPerKnob, foldover) : null;
        var reach = ScreenStatistics.DecidableThreshold(askedThreshold, earlySpread, (design?.Runs.Count ?? 0) + early.Count);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{runtime}: early spread {earlySpread * 100:0.#} % over {earlyThroughputs.Count} default runs ({string.Join(", ", earlyThroughputs.Select(t => t.ToString("0.#", CultureInfo.InvariantCulture)))}/s); "
            + $"deciding at ±{Threshold * 100:0.#} %{(reach > Threshold ? $" (a spread like that decides a value that does nothing at about ±{reach * 100:0} %)" : "")}; one design of {screened.Count - Alternatives.Count} knob values and {Alternatives.Count} design alternatives "
            + $"in {design?.Runs.Count ?? 0} runs{(foldover ? " (with the foldover)" : "")}; about {perRun().TotalSeconds:0} s a run"));

        // The design's fewest runs are taken whatever the budget: a design cut shorter decides nothing (a fresh-clone CI whose
        // first runs ran slow planned what follows at their pace, stopped the design at 3 of 9 runs and left 1.2 min unused).
        if (design is not null) await StageAsync(ScreenStage.EveryValue, screened, design, 1, early, foldover ? spareBeyond : spare, AdviseBudget.FewestScreenRuns(valuesPerKnob));
        Pooled = FitTogether();
        // The budget left goes to the values still undecided: another design of as many of them as it holds (one value
        // of a knob at a time, the nearest a decision first), refitted with every stage, until all are decided or the
        // budget is spent.
        for (var round = 1; Pooled is not null && !cancellationToken.IsCancellationRequested; round++)
        {
            var undecided = KnobScreen.FollowUp(screened, [.. _findings.Select(f => (f.Verdict, f.Throughput is { } t ? t.Upper / t.Lower : (double?)null))]);
            var holds = Enumerable.Range(1, undecided.Count).LastOrDefault(k => spareBeyond() >= perRun() * KnobScreen.Runs(k, false));
            if (holds == 0) break;
            await StageAsync($"follow-up {round}", [.. undecided.Take(holds)], TwoLevelDesign.For(holds, false), 1 + round, [], spareBeyond, 0);
            Pooled = FitTogether() ?? Pooled;
        }
        // Where the runs spread too much for the asked threshold, the values it leaves undecided say so, with the threshold each would need.
        var knobFindings = _findings.Where((_, k) => Screened[k].Alternative is null).ToList();
        var undecidedNeeds = knobFindings.Select(f => f.NeedsThreshold).OfType<double>().Order().ToList();
        if (Pooled is not null && undecidedNeeds.Count > 0)
        {
            var needs = undecidedNeeds.Count == 1 ? $"{undecidedNeeds[0] * 100:0}" : $"{undecidedNeeds[0] * 100:0}-{undecidedNeeds[^1] * 100:0}";
            notes.Add(string.Create(CultureInfo.InvariantCulture,
                $"At the asked ±{askedThreshold * 100:0.#} % the screen decided {knobFindings.Count(f => AdviceAgreement.Decided(f.Verdict))} of {knobFindings.Count} knob values; "
                + $"its runs spread {Pooled.RunSpread * 100:0.#} % (coefficient of variation, pooled over every stage). The {undecidedNeeds.Count} undecided at ±{askedThreshold * 100:0.#} % "
                + $"would need ±{needs} % to be called \"no effect found\": undecided is not \"safe to leave\"; more runs (--budget-minutes) or a quieter machine decide them."));
        }
        if (Pooled is { SetAside.Count: > 0 } withOutliers)
        {
            var outliers = string.Join("; ", withOutliers.SetAside.Select(o => string.Create(CultureInfo.InvariantCulture,
                $"{_together[o.Order].Result.Configuration.Label} at x{o.Ratio:0.00} of its fitted throughput{Stolen(_together[o.Order].Result)}")));
            notes.Add($"{withOutliers.SetAside.Count} of {withOutliers.Runs + withOutliers.SetAside.Count} screened runs set aside as outliers, so far off the model that the run "
                      + $"spread cannot put them there (the machine stalled through them, or their values together broke the runs): {outliers}. The verdicts and the spread are the other runs'.");
        }
        var robbed = _together.Select(r => r.Result).Where(r => r.Throughput?.StolenShare >= ThroughputResult.StolenNoted).ToList();
        if (robbed.Count > 0)
            notes.Add(string.Create(CultureInfo.InvariantCulture,
                $"{robbed.Count} of {_together.Count} screened runs lost {ThroughputResult.StolenNoted * 100:0} % or more of a CPU to the hypervisor while measured (steal time, /proc/stat), "
                + $"up to {robbed.Max(r => r.Throughput!.StolenShare!.Value) * 100:0} %: they ran on less machine than the others, which widens the run spread."));
        if (_stages.Count > 1 && Pooled is { } pooled)
            _stages.Add(new ScreenStage(ScreenStage.AllStages, [.. screened.Select(f => f.ToString())], _stages.Sum(s => s.DesignRuns), _stages.All(s => s.Foldover), _stages.Sum(s => s.Runs),
                _stages.Sum(s => s.Failed), _stages.Sum(s => s.ClientBound), pooled.RunSpread, pooled.DriftPerRun, pooled.DegreesOfFreedom, pooled.MachineSpread, pooled.MachineElasticity)
            {
                SetAside = pooled.SetAside.Count,
            });
    }

    private static string Stolen(ConfigurationResult run) => run.Throughput is { StolenShare: >= ThroughputResult.StolenNoted } t
        ? string.Create(CultureInfo.InvariantCulture, $" ({t.StolenShare * 100:0} % of a CPU stolen by the hypervisor)") : "";

    private async Task StageAsync(string name, IReadOnlyList<ScreenFactor> factors, TwoLevelDesign design, int seed, IReadOnlyList<ConfigurationResult> defaultsBefore, Func<TimeSpan> stageSpare, int fewest)
    {
        var schedule = KnobScreen.Schedule(design, seed);
        var defaults = Enumerable.Repeat(-1, factors.Count).ToArray();
        var runs = defaultsBefore.Select(r => ((IReadOnlyList<int>)defaults, r)).ToList();
        var block = _stages.Count;
        for (var i = 0; i < schedule.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            if (i >= fewest && stageSpare() < perRun())
            {
                notes.Add($"The {name} stage stopped after {i} of its {schedule.Count} runs: the budget ran out (--budget-minutes).");
                break;
            }
            var on = factors.Where((_, k) => schedule[i][k] > 0).ToList();
            var stage = $"{name} {i + 1}/{schedule.Count}" + (on.Count == 0 ? ", default" : $", {on.Count} of {factors.Count} on");
            runs.Add((schedule[i], await run(stage, KnobScreen.Apply(baseline, factors, schedule[i]), KnobScreen.Apply(mix, factors, schedule[i]))));
        }
        var fit = ScreenFigures.Fit(factors.Count, runs, Threshold);
        var column = Screened.Select(f => factors.ToList().IndexOf(f)).ToArray();
        _together.AddRange(runs.Select(r => ((IReadOnlyList<int>)[.. column.Select(k => k >= 0 ? r.Item1[k] : -1)], r.Item2, block)));
        var measured = runs.Skip(defaultsBefore.Count).Select(r => r.Item2).ToList();
        _stages.Add(new ScreenStage(name, [.. factors.Select(f => f.ToString())], design.Runs.Count, design.Foldover, measured.Count, measured.Count(r => r.Status != ConfigurationStatus.Ok),
            measured.Count(r => r.Throughput?.ClientBound == true), fit.Throughput?.RunSpread, fit.Throughput?.DriftPerRun, fit.Throughput?.DegreesOfFreedom,
            fit.Throughput?.MachineSpread, fit.Throughput?.MachineElasticity) { SetAside = fit.Throughput?.SetAside.Count ?? 0 });
        if (fit.Throughput is null) notes.Add($"The {name} stage's own fit failed ({measured.Count(r => r.Status == ConfigurationStatus.Ok)} runs ok): the fit of every stage decides.");
        var failed = measured.Where(r => r.Status != ConfigurationStatus.Ok).Select(r => $"{r.Configuration.Label}: {r.Reason}").Distinct().ToList();
        if (failed.Count > 0) notes.Add($"Runs of the {name} stage that failed (left out of its fit): {string.Join("; ", failed)}.");
    }

    /// <summary>
    /// Every stage fitted together decides: one residual spread pooled over every run (a level for each stage), far
    /// more degrees of freedom than any stage's alone. A value under which every run failed cannot be fitted: it broke
    /// the calls, so it hurts; a value no run has had yet could not be told.
    /// </summary>
    private ScreenFit? FitTogether()
    {
        _findings.Clear();
        if (_together.Count == 0) return null;
        var fitted = Enumerable.Range(0, Screened.Count).Where(k => _together.Any(r => r.Levels[k] > 0 && r.Result.Status == ConfigurationStatus.Ok)).ToList();
        var joint = ScreenFigures.Fit(fitted.Count, [.. _together.Select(r => ((IReadOnlyList<int>)[.. fitted.Select(k => r.Levels[k])], r.Result))], Threshold,
            [.. _together.Select(r => r.Block)]);
        for (var k = 0; k < Screened.Count; k++)
        {
            var factor = Screened[k];
            var (choice, meaning) = factor.Alternative is { } alternative ? (alternative.Choice, alternative.Meaning) : (factor.Knob.Choice(factor.Value), factor.Knob.Meaning);
            var with = _together.Where(r => r.Levels[k] > 0).Select(r => r.Result).ToList();
            var column = fitted.IndexOf(k);
            _findings.Add(column >= 0 ? ScreenFindings.Of(choice, meaning, joint, column, with.Count, KnobReadBack.Reported(with.LastOrDefault(r => r.Status == ConfigurationStatus.Ok), factor.Knob))
                : with.Count > 0 ? ScreenFindings.Broken(choice, meaning, with)
                : ScreenFindings.Of(choice, meaning, ScreenFigures.None, 0, 0, null));
        }
        return joint.Throughput;
    }
}
