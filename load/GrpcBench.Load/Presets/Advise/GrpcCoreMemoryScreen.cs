using System.Diagnostics;
using System.Globalization;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// Grpc.Core's memory settings (<see cref="Knobs.GrpcCoreMemory"/>) screened on its own host against its defaults, the
/// way the knobs are screened on Kestrel's: its first runs give the early spread, then one two-level design of every
/// value (folded over in a full run), each run read back. What the old stack would have had from the kind of setting
/// the new one is tuned with; Grpc.Core stays the baseline at its defaults.
/// </summary>
public static class GrpcCoreMemoryScreen
{
    /// <summary>Grpc.Core's default runs before the design: its early spread.</summary>
    public static int EarlyRuns(bool quick) => quick ? 1 : 2;

    /// <summary>
    /// What it screens: every setting of <see cref="Knobs.GrpcCoreMemory"/>; quick only glibc's, so that its 8-run design
    /// leaves its fit a few degrees of freedom (seven values in 10 runs left none: no verdict at all).
    /// </summary>
    public static IReadOnlyList<Knob> Screened(bool quick) => quick ? [.. Knobs.GrpcCoreMemory.Where(k => k.Setting == Knobs.GlibcTunables)] : Knobs.GrpcCoreMemory;

    /// <summary>The design's runs with its default runs: one design of every value, folded over in a full run (7 values in 8 runs leave its fit no spread to speak of).</summary>
    public static int DesignRuns(int values, bool quick) => KnobScreen.Runs(values, foldover: !quick);

    /// <summary>What the screen takes as planned: a read-back of each value (a host's start), its early runs and its design.</summary>
    public static TimeSpan Time(TimeSpan perRun, bool quick) =>
        TimeSpan.FromSeconds(2) * Screened(quick).Count + perRun * (EarlyRuns(quick) + DesignRuns(Screened(quick).Count, quick));

    /// <param name="run">Runs a configuration under a stage's title, as the runtime's other runs.</param>
    public static async Task<GrpcCoreMemorySummary?> RunAsync(string runtime, int runtimeMajor, LoadConfiguration grpcCore, CapacityMix mix, RunPlan plan, double threshold,
        Func<string, LoadConfiguration, CapacityMix?, Task<ConfigurationResult>> run, Func<TimeSpan> perRun, IAnsiConsole console, List<string> notes, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var quick = plan.Quick;
        var planned = Time(perRun(), quick) + perRun();
        TimeSpan Left() => planned - clock.Elapsed;
        var trials = Screened(quick).Where(k => k.ExistsOn(runtimeMajor)).SelectMany(k => k.Values.Select(v => new ScreenFactor(k, v))).ToList();
        var notApplied = await KnobReadBack.NotAppliedAsync(trials, grpcCore, mix, plan.Cpus, cancellationToken);
        trials = [.. trials.Where(t => !notApplied.ContainsKey(t))];

        var early = new List<ConfigurationResult>();
        for (var i = 1; i <= EarlyRuns(quick) && !cancellationToken.IsCancellationRequested; i++)
            early.Add(await run($"Grpc.Core's memory, early spread {i}/{EarlyRuns(quick)}, Grpc.Core's defaults", grpcCore, null));
        var throughputs = early.Where(r => r.Status == ConfigurationStatus.Ok && r.Throughput is { PerSecond: > 0 }).Select(r => r.Throughput!.PerSecond).ToList();
        if (throughputs.Count == 0 || trials.Count == 0)
        {
            notes.Add(trials.Count == 0 ? "Grpc.Core's memory settings: none applied on this host (read back as with its defaults)."
                : $"Grpc.Core's memory settings were not screened: its defaults measured no throughput ({early.FirstOrDefault()?.Reason ?? "no call succeeded"}).");
            return null;
        }
        // One early run (quick) has no spread of its own: the design's default runs give the fit its spread.
        var earlySpread = throughputs.Count > 1 ? ScreenStatistics.LogSpread(throughputs) : 0;
        var screenNotes = new List<string>();
        var screen = new AdviceScreen($"{runtime}, Grpc.Core's memory", grpcCore, mix, threshold, run, perRun, Left, Left, console, screenNotes, cancellationToken)
        {
            WithDesignAlternatives = false,
        };
        await screen.RunAsync(trials, early, throughputs, earlySpread);
        notes.AddRange(screenNotes.Select(n => $"Grpc.Core's memory screen: {n}"));
        var findings = screen.Findings.Concat(notApplied.Select(n => AdviceFindings.NotApplied(n.Key.Knob.Choice(n.Key.Value), n.Key.Knob.Meaning, n.Value)))
            .Concat(Screened(quick).Where(k => !k.ExistsOn(runtimeMajor)).SelectMany(k => k.Values.Select(v => AdviceFindings.NotAvailable(k.Choice(v), k.Meaning, k.MinRuntimeMajor))));
        var ranked = AdviceFindings.Ranked([.. findings]);
        console.WriteLine($"{runtime}: Grpc.Core's memory settings: " + string.Join(", ", ranked.Where(f => f.Throughput is not null)
            .Select(f => string.Create(CultureInfo.InvariantCulture, $"{f.Choice.Knob} {f.Verdict} x{f.Throughput!.Median:0.00}"))));
        return new GrpcCoreMemorySummary(early.Count, earlySpread, screen.Stages, ranked, clock.Elapsed.TotalMinutes);
    }
}
