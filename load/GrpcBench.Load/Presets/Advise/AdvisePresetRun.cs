using System.Globalization;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

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
public sealed class AdvisePresetRun(RunPlan plan, AdviseOptions options) : IPresetRun
{
    /// <summary>The rate the headline searches probe first and the profiles load at, as a fraction of the default's saturated throughput: below saturation.</summary>
    public const double ScreeningFraction = 0.5;

    private readonly CapacityMix _mix = CapacityPresetRun.Mixes(options.Capacity, plan.Quick)[0];
    private readonly IReadOnlyList<Knob> _knobs = [.. options.Knobs.Select(Knobs.Named)];
    private readonly List<AdviceSummary> _advice = [];

    public IEnumerable<string> Introduction()
    {
        var quick = plan.Quick;
        var shape = ThroughputShape.Default(quick);
        yield return string.Create(CultureInfo.InvariantCulture,
            $"advise: {_knobs.Count} knobs, {_knobs.Sum(k => k.Values.Count)} values, on {string.Join(", ", plan.Runtimes)}; {CapacityPresetRun.Workload(_mix)}; SLO {options.Capacity.Slo.Describe(_mix.Load.Scenarios)}");
        var story = StoryOnly.Runs(_mix);
        yield return $"  per runtime: {(AdviseBudget.PrimingRuns(quick) > 0 ? $"{AdviseBudget.PrimingRuns(quick)} default run not counted, then " : "")}{AdviseBudget.EarlyRuns(quick)} default runs (the early spread), every knob value{(story ? " and design alternative" : "")} in one factorial screen, "
            + "follow-up designs of the values still undecided with the budget left; the migration path: each change that helps tried on top of the steps before it, "
            + $"taken where it still helps, each step's SLO capacity; its end confirmed beside the default{(story ? ", Grpc.Core and Kestrel's raw HTTP/2 floor" : " and Grpc.Core")} "
            + $"{options.ConfirmRepeats} times interleaved; their capacities in {(AdviseBudget.MostCapacityRounds(quick) > 1 ? "two rounds of searches, each on a host of its own" : "a round")}"
            + (story && AdviseBudget.Floors(quick) == 1 ? " (no bare-socket floor: quick)" : "") + "; "
            + (story ? $"Grpc.Core's memory settings ({GrpcCoreMemoryScreen.Screened(quick).Count} values) screened on its own host against its defaults; the story's load on Grpc.Core, the default and the path's end; their hosts profiled" : "their hosts profiled; no design alternatives, floors or story's ramp (the story's own)");
        yield return string.Create(CultureInfo.InvariantCulture,
            $"  each run: {shape.Describe(_mix)}; about {AdviseBudget.PlannedRunTime(shape).TotalSeconds:0} s. Budget {options.BudgetMinutes:0.#} min a runtime (--budget-minutes)");
    }

    public async Task RunAsync(RunSession session, CancellationToken cancellationToken)
    {
        var budget = TimeSpan.FromMinutes(options.BudgetMinutes * plan.Runtimes.Count);
        for (var i = 0; i < plan.Runtimes.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            // A runtime that ends early leaves its time unused: each may take its own budget at most, less where one before overran.
            var share = TimeSpan.FromMinutes(Math.Min(options.BudgetMinutes, (budget - session.Clock.Elapsed).TotalMinutes / (plan.Runtimes.Count - i)));
            _advice.Add(await RuntimeAdvice.AdviseAsync(plan, plan.Runtimes[i], _mix, _knobs, options, plan.Quick, share, session, cancellationToken));
        }
    }

    // The repository's committed advise runs, read once: a recommendation one of them contradicts is named in the notes.
    private readonly Lazy<IReadOnlyList<(string Name, LoadRunSummary Run)>> _committed =
        new(() => CommittedAdvice.Folder() is { } folder ? CommittedAdvice.Read(folder) : []);

    public LoadRunSummary Summary(LoadRunSummary bare) =>
        (bare with { OfferedLoad = _mix.Load.Scenarios.ToDictionary(s => s, s => ThroughputShape.Default(plan.Quick).For(_mix).Describe(s)) })
        .WithAdvice([.. _advice.Select(a => CommittedAdvice.Contradictions(a, _committed.Value) is { Count: > 0 } contradicted ? a with { Notes = [.. a.Notes, .. contradicted] } : a)]);

    public void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files)
    {
        foreach (var runtime in _advice)
        {
            var recommended = runtime.Recommended.Count == 0 ? "nothing (no knob helped)" : string.Join(", ", runtime.Recommended.Select(r => $"{r.Knob}={r.Value}"));
            var confirmed = runtime.Screen?.Confirmed.FirstOrDefault(r => r.Name == "recommended");
            console.WriteLine($"{runtime.Runtime}: recommended {recommended}" + (confirmed?.VersusDefault is { } vs
                ? string.Create(CultureInfo.InvariantCulture, $"; throughput x{vs.Median:0.00} of the default's ({confirmed.Decision}), x{confirmed.VersusGrpcCore?.Median:0.00} of Grpc.Core's") : ""));
            foreach (var contradicted in CommittedAdvice.Contradictions(runtime, _committed.Value)) console.WriteLine($"{runtime.Runtime}: {contradicted}");
        }
        console.WriteLine($"advice: {files[1]}");
    }

    /// <summary>Every runtime screened its knobs (a runtime cut short by the budget or a failure has no screen).</summary>
    public bool Succeeded(LoadRunSummary summary) => _advice.All(a => a.Screen is not null);
}
