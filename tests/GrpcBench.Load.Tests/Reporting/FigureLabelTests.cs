using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

/// <summary>
/// Labels that say what they are (issue 62): a range of a few searches never printed like a 95 % interval, a verdict
/// undecided at the asked threshold said so with the threshold it would need, a row whose capacity the host's CPU
/// cannot account for flagged.
/// </summary>
public class FigureLabelTests
{
    [Fact]
    public void A_range_of_a_few_searches_is_printed_as_a_range_and_only_a_95_percent_interval_in_brackets()
    {
        Assert.Equal("1.44 (range of 4: 1.14-1.82)", new Spread(1.44, 1.14, 1.82, 4, "range of 4 search ratios").Describe());
        Assert.Equal("1.44 (range of 3: 1.1-1.8)", new Spread(1.44, 1.1, 1.8, 3, "range of 3 runs").Describe("0.0#"));
        Assert.Equal("0.85 [0.73, 0.99]", new Spread(0.85, 0.73, 0.99, 12, ScreenFindings.FitKind).Describe());
        Assert.Equal("1.25 [1.08, 1.44]", new Spread(1.25, 1.08, 1.44, 4, Spread.PathTrialKind).Describe());
        Assert.Equal("41", new Spread(41, 41, 41, 1, "1 run").Describe("0"));
        Assert.Equal("range of 4 search ratios", SearchedCapacity.Ratio([new(30, 31, null), new(40, 41, null)], [new(22, 23, null), new(26, 27, null)])!.Kind);
    }

    [Fact]
    public void A_value_the_runs_cannot_decide_at_the_asked_threshold_is_undecided_there_with_the_threshold_it_would_need()
    {
        // An effect of x0.85 whose interval reaches 1: at ±10 % neither "no effect" nor "hurts".
        var effect = Effect.Of(Math.Log(0.85), 0.1, 20, 0.10);
        Assert.Equal(EffectVerdict.CouldNotTell, effect.Verdict);
        Assert.Equal(EffectVerdict.NoEffect, Effect.Of(Math.Log(0.85), 0.1, 20, effect.NoEffectWithin + 0.001).Verdict);
        Assert.Equal(EffectVerdict.CouldNotTell, Effect.Of(Math.Log(0.85), 0.1, 20, effect.NoEffectWithin - 0.001).Verdict);

        var finding = new KnobFinding(new KnobChoice("tiered-compilation", "0", "DOTNET_TieredCompilation=0", "HostRuntime", ""), "", 12, null, null, null, null, null, null, null,
            AdviceFindings.CouldNotTell, null, null, new Spread(effect.Ratio, effect.Lower, effect.Upper, 12, ScreenFindings.FitKind)) { NeedsThreshold = effect.NoEffectWithin };
        Assert.Equal($"undecided at ±10 % (would need ±{effect.NoEffectWithin * 100:0} %)", AdviceReport.Verdict(finding, 0.10));
        Assert.DoesNotContain("no effect", AdviceReport.Verdict(finding, 0.10));
    }

    [Fact]
    public void A_capacity_row_at_1_4_of_the_hosts_cpus_is_flagged_in_the_table_the_findings_and_the_path_and_one_at_0_9_is_not()
    {
        Assert.Null(PhysicsCheck.Flag(0.9));
        Assert.StartsWith("physics: capacity x host CPU per call is 1.40 of the host's CPUs, outside 0.5-1.1: more CPU than the host has", PhysicsCheck.Flag(1.4));
        Assert.Contains("not the server's", PhysicsCheck.Flag(0.3));

        var row = new CapacityRow(Kestrel("net10.0"), 1, 0, new Spread(35, 35, 35, 1, "1 run"), null, null, null, null, null, null, null, null, null, null, [], null, null, [])
            { PhysicsAtCapacity = new Spread(1.4, 1.4, 1.4, 1, "1 run"), Limits = ["sendLargeData p99"] };
        var findings = CapacityReport.Findings(new CapacitySummary([new CapacityMixSummary("uploads", "sendLargeData", "20 MiB uploads", CapacitySlo.Default, Arrivals.Uniform, null, [row])], 0.1));
        Assert.Contains("uploads, kestrel/grpc-net net10.0 default h2c: 35/s (ended on sendLargeData p99); physics: capacity x host CPU per call is 1.40", Assert.Single(findings));

        var fine = new SearchedCapacity(30, 31, null) { Limit = "getInt p99", Physics = 0.9 };
        var over = new SearchedCapacity(35, 36, null) { Limit = "sendLargeData p99", Physics = 1.4 };
        var path = new MigrationPath([new PathStep(0, null, "defaults", null, null, null, over, null, null, null)], [], [over],
            [new PathBound(PathEnding.GrpcCore, "grpc-core", [fine], null, null, null, null)], [], "ending");
        Assert.Equal(["step 0 (35/s): " + PhysicsCheck.Flag(1.4), "the path's end, search 1 (35/s): " + PhysicsCheck.Flag(1.4)], PathReport.PhysicsFlags(path));
    }

    [Fact]
    public void A_path_written_before_its_searches_kept_their_limits_gets_them_from_the_searches_that_held_the_same_rates()
    {
        CapacityProbe Probe(double rate, string? missed) => new(rate, missed, [], rate * 3 * 0.03, 1, (long)(rate * 3), 0, 3, (long)(rate * 3));
        ConfigurationResult Search(LoadConfiguration configuration, double held, double missed, string miss) => Ok(configuration, 100, 10) with
        {
            Cpus = new CpuRecord("host=1 worker=0", "1", "0", true),
            Capacity = new CapacityResult("sendLargeData", held, CapacitySlo.Default, Arrivals.Uniform, 0.05, "resolution", [Probe(held, null), Probe(missed, miss)], 0.95, 0.4),
        };
        var path = new MigrationPath([], [], [new SearchedCapacity(30, 31, null)], [new PathBound(PathEnding.GrpcCore, "grpc-core", [new SearchedCapacity(22, 23, null)], null, null, null, null)], [], "ending");
        var advice = new AdviceSummary("net10.0", "mixed", "", null, null, 0.1, [], [], [], [], 1) { Path = path };
        var summary = Summary(Search(Kestrel("net10.0"), 30, 31, "sendLargeData: slowest of 40 1,100 ms > 1,000 ms"), Search(GrpcCore("net10.0"), 22, 23, "getInt: p99 61 ms > 50 ms"))
            .WithAdvice([advice]);

        var named = OlderSummaries.Complete(summary).Advice![0].Path!;

        Assert.Equal(("sendLargeData p99", 0.95, 0.4), (named.EndSearches[0].Limit, named.EndSearches[0].HostBusy, named.EndSearches[0].WorkerBusy));
        Assert.Equal("getInt p99", named.Bounds[0].Searches[0].Limit);
        // 30/s x 30 ms a call at the capacity, on one CPU.
        Assert.Equal(0.9, named.EndSearches[0].Physics!.Value, precision: 6);
    }
}
