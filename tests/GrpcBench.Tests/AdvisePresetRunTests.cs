using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The advise preset's quick run whole, as a user runs it: screened, confirmed beside Grpc.Core, its advice handed over.
/// A class of its own: the full suite's longest test, in no collection another test waits on.
/// </summary>
public class AdvisePresetRunTests
{
    // Its screen's design runs whole however slow its first runs were (a CI whose first runs ran slow, 2026-12-04, cut it to 3 of 9).
    // Its own part of the full suite: beside four other collections and the walkthrough it took 11 min instead of 6 (2026-12-04).
    [FullSuite(SuitePart.Long)]
    [Fact]
    public async Task Advise_quick_screens_what_can_act_on_the_host_on_throughput_confirms_beside_Grpc_Core_and_hands_over_its_advice()
    {
        var folder = NewFolder("advise");

        var (exit, output, error) = await Hosts.RunLoadToolAsync(TimeSpan.FromMinutes(10),
            ["--preset", "advise", "--quick", "--runtime", "net10.0", "--knobs", "gc-server,gc-concurrent,placebo", "--out", folder]);

        Assert.True(exit == 0, output + error);
        SummaryShape.Matches(folder, "advise-quick");
        foreach (var file in new[] { "summary.json", "advice/advice.md", "advice/throughput-net10.0.png" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        var summary = SummaryFile.Read(folder);
        var advice = Assert.Single(summary.Advice!);
        // Within its budget, or saying that it took longer (its runs slower than planned: it keeps what decides).
        Assert.True(advice.Minutes <= 6.5 || advice.Notes.Any(n => n.StartsWith(AdviseBudget.OverBudget, StringComparison.Ordinal)),
            $"the quick advice took {advice.Minutes:0.0} min of its 6.5 and no note said so");
        var screen = Assert.IsType<ScreenSummary>(advice.Screen);
        Assert.True(screen.EarlySpread > 0 && advice.Threshold >= screen.AskedThreshold, $"early spread {screen.EarlySpread}, threshold {advice.Threshold}");
        // On the host's one CPU server GC cannot be had: not screened. Background GC off and the placebo can: screened together.
        Assert.Equal((AdviceFindings.NotApplicable, 0), advice.Knobs.Where(k => k.Choice.Knob == "gc-server").Select(k => (k.Verdict, k.Searches)).Single());
        var stage = screen.Stages[0];
        Assert.Equal(ScreenStage.EveryValue, stage.Name);
        // The design alternatives (the uploads in 64 KiB or 1 MiB chunks) are factors of the same design.
        Assert.Equal(["gc-concurrent=0", "placebo=1", "chunked-64k", "chunked-1m"], stage.Factors);
        // What the budget left went to follow-ups of the values still undecided, then one fit of every stage.
        Assert.All(screen.Stages.Skip(1).SkipLast(1), s => Assert.StartsWith("follow-up", s.Name));
        if (screen.Stages.Count > 1) Assert.Equal(ScreenStage.AllStages, screen.Stages[^1].Name);
        Assert.True(stage.Runs >= stage.DesignRuns && stage.RunSpread > 0, $"{stage.Runs} runs of a {stage.DesignRuns}-run design, spread {stage.RunSpread}");
        Assert.All(advice.Knobs.Where(k => k.Choice.Knob is "gc-concurrent" or "placebo"), k =>
        {
            Assert.True(k.Throughput is { } t && t.Lower <= t.Median && t.Median <= t.Upper && k.Searches >= stage.DesignRuns / 2, $"{k.Choice.Knob}: {k.Throughput}, {k.Searches} runs");
            Assert.Equal(k.Choice.Knob == "placebo" ? "1" : "False", k.Reported);
        });
        // Every screened run measured throughput over the span its CPU time covers, on a host of its own.
        var runs = summary.Configurations.Where(c => c.Throughput is not null).ToList();
        Assert.True(runs.Count >= stage.Runs + screen.EarlyRuns, $"{runs.Count} throughput runs");
        Assert.All(runs, r => Assert.True(r.Throughput!.PerSecond > 0 && r.Throughput.HostUtilization is > 0 and <= 1.1, $"{r.Configuration.Label}: {r.Throughput}"));
        // Each timed the machine's speed on the host's and the worker's CPUs before it started, and the fit knows its spread.
        Assert.All(runs, r => Assert.True(r.Throughput!.MachineMs is > 0, $"{r.Configuration.Label}: machine {r.Throughput.MachineMs}"));
        Assert.NotNull(stage.MachineSpread);
        // Confirmed beside the default, Grpc.Core and Kestrel's raw HTTP/2 floor, each on interleaved saturated runs.
        Assert.Equal(["default", "Grpc.Core", "Grpc.Core, memory tuned", "raw HTTP/2"], screen.Confirmed.Where(c => c.Name != "recommended").Select(c => c.Name));
        // Grpc.Core with glibc's malloc tuned, read back from its host; every confirmed host's page faults per upload counted.
        Assert.DoesNotContain(advice.Notes, n => n.StartsWith("Grpc.Core, memory tuned: its host reported", StringComparison.Ordinal));
        Assert.All(screen.Confirmed.Where(c => c.Name != "raw HTTP/2"), c => Assert.True(c.HostFaultsPerCall?.Median > 0, $"{c.Name}: {c.HostFaultsPerCall}"));
        Assert.All(screen.Confirmed, c => Assert.True(c.PerSecond?.Median > 0, $"{c.Name}: {c.PerSecond}"));
        // Grpc.Core's own memory settings screened on its host against its defaults, every value on in half the design's runs and read back;
        // the host's page faults per upload fitted beside its CPU.
        var memory = Assert.IsType<GrpcCoreMemorySummary>(advice.GrpcCoreMemory);
        Assert.Equal(GrpcCoreMemoryScreen.Screened(quick: true).Select(k => k.Name).Order(), memory.Knobs.Select(k => k.Choice.Knob).Order());
        Assert.All(memory.Knobs.Where(k => k.Choice.Knob.StartsWith("malloc-", StringComparison.Ordinal)), k =>
        {
            Assert.Equal(k.Choice.Value, k.Reported);
            Assert.True(k.Searches >= 4 && k.Throughput?.Median > 0 && k.HostFaults?.Median > 0, $"{k.Choice.Knob}: {k.Searches} runs, {k.Throughput}, faults {k.HostFaults}");
        });
        Assert.Equal(ScreenStage.EveryValue, memory.Stages[0].Name);
        Assert.Contains(summary.Configurations, c => c.Configuration.Server == ServerStack.GrpcCore && c.Configuration.HostEnvironment?.GetValueOrDefault(Knobs.GlibcTunables) is { } t && t.Contains(':'));
        Assert.Contains("Grpc.Core", advice.Confirmed.Select(c => c.Name));
        Assert.NotNull(advice.DefaultCapacity);
        var md = File.ReadAllText(Path.Combine(folder, "advice", "advice.md"));
        Assert.Contains("not applicable on this host", md);
        Assert.Contains("The placebo (a setting nothing reads):", md);
        Assert.Contains("### Grpc.Core's memory settings, screened on its own host", md);
        // Each confirmed host profiled, and the design alternative that helped most (where one did), with the line saying where its difference is:
        // perf's CPU per component where perf can sample, and the sample profiler's table.
        var bestAlternative = advice.Alternatives.Where(a => a.Verdict == "helps").MaxBy(a => a.Throughput?.Median ?? 0)?.Choice.Knob;
        Assert.Equal(["default", "Grpc.Core", .. (bestAlternative is null ? Array.Empty<string>() : new[] { bestAlternative })],
            advice.Profiles.Select(p => p.Name).Where(n => n != "recommended"));
        if (bestAlternative is not null) Assert.Contains($"Where {bestAlternative}'s difference is, from its host's profile beside the default's", md);
        Assert.All(advice.Profiles, p => Assert.True(p.Components.Count > 0, $"{p.Name}: {p.Failure}"));
        if (Perf.CanRecord())
            Assert.All(advice.Profiles, p => Assert.True(p.NativeMsPerCall > 0 && p.Native!.Count > 0, $"{p.Name}: {p.NativeFailure}"));
        Assert.Contains("| perf, all samples |", md);
        // The path: step 0's capacity searched, every change tried decided on top of the steps before it, Grpc.Core's and
        // the floors' capacities, the story's load on both ends and Grpc.Core, path.md and its chart.
        var path = Assert.IsType<MigrationPath>(advice.Path);
        Assert.NotNull(path.Steps[0].Capacity?.Held);
        Assert.All(path.Trials, t => Assert.True(t.VersusBefore is not null && t.Taken == (t.Verdict == "helps"), $"{t.Change.Knob}: {t.Verdict} {t.VersusBefore}"));
        Assert.Equal(path.Steps.Skip(1).Select(s => s.Change), advice.Recommended);
        Assert.Equal(["Grpc.Core", "raw HTTP/2"], path.Bounds.Select(b => b.Name)); // quick: no bare-socket floor
        Assert.All(path.Bounds, b => Assert.True(b.Held > 0 && b.EndOver?.Median > 0, $"{b.Name}: {string.Join(", ", b.Searches)} {b.EndOver}"));
        // The floor posts on the path's end's host settings; the end's throughput is placed against the floor's and Grpc.Core's.
        var floor = path.Bounds.Single(b => b.Name == "raw HTTP/2");
        Assert.True(floor.EndThroughputOver?.Median > 0 && floor.HostBusy > 0, $"{floor.EndThroughputOver} {floor.HostBusy}");
        var endLabel = path.Steps[^1].Label;
        if (endLabel.Contains("INLINE_COMPLETIONS")) Assert.Contains("INLINE_COMPLETIONS", floor.Label);
        Assert.Equal(path.Steps[^1].Capacity, path.EndSearches[0]);
        // The headline's second capacity, within the uploads' own SLO: quick's uploads have no getInt beside them, so the mix's searches are it.
        Assert.Equal(["path's end", "Grpc.Core"], path.WithinUploadSlo.Select(c => c.Name));
        Assert.All(path.WithinUploadSlo, c => Assert.True(c.SameAsMixSearches && c.Held > 0, $"{c.Name}: {c.Held}, same {c.SameAsMixSearches}"));
        // The story where the budget's minutes held it; on a slow day (a fresh-clone CI, 2026-12-02: 5.5 min of 5.5) the
        // advice says it was left out, and why.
        if (path.Story.Count == 0)
            Assert.Contains(advice.Notes, n => n.StartsWith("The story's ramp was left out: the ", StringComparison.Ordinal));
        else
            Assert.Equal(["Grpc.Core", "default", "path's end"], path.Story.Select(s => s.Name));
        Assert.All(path.Story, s => Assert.True(s.Status == ConfigurationStatus.Ok && s.Uploads > 0 && s.GetInts > 0, $"{s.Name}: {s}"));
        foreach (var file in new[] { "advice/path.md", "advice/path-net10.0.png" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        Assert.Contains(path.Ending, File.ReadAllText(Path.Combine(folder, "advice", "path.md")));
    }
}
