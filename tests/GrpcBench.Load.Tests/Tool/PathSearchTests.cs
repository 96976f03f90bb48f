using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Contracts;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>The path's walk over runs whose throughput each change sets: what it tries, in which order, and what it takes.</summary>
public class PathSearchTests
{
    private static readonly CapacityMix Mix = CapacityPresetRun.Mixes(AdviseOptions.Default(quick: false).Capacity, quick: false)[0];
    private static readonly LoadConfiguration Kestrel = new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net8.0", "net8.0", Compression.None, Transport.H2c,
        "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    /// <summary>64 KiB chunks x1.3, inline completions x1.2, the server reading in place x1.15 (uploads one message only), the client's direct write nothing.</summary>
    private static double PerSecond(PathPoint point) =>
        20 * (point.Mix.Searched == ScenarioNames.UploadChunks ? 1.3 : 1)
           * (point.Configuration.HostEnvironment?.ContainsKey("DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS") == true ? 1.2 : 1)
           * (point.Configuration.UploadReader == UploadPaths.Sequence && point.Mix.Searched == ScenarioNames.SendLargeData ? 1.15 : 1);

    private static (PathMeasures Measures, List<string> Stages) Measures(double wobble = 0.01)
    {
        var stages = new List<string>();
        var runs = 0;
        ConfigurationResult Result(PathPoint point, double perSecond) => ConfigurationRun.Outcome(point.Configuration, ConfigurationStatus.Ok, "") with
        {
            Reason = null,
            Throughput = new ThroughputResult(point.Mix.Searched, 1, 600, (long)Math.Round(perSecond * 600), 0, 300, 200, 1, 1, new Dictionary<string, double>()),
        };
        return (new PathMeasures(
            (stage, point) =>
            {
                stages.Add(stage);
                return Task.FromResult(Result(point, PerSecond(point) * (++runs % 2 == 0 ? 1 + wobble : 1 - wobble)));
            },
            (stage, point) =>
            {
                stages.Add(stage);
                return Task.FromResult(Result(point, PerSecond(point)));
            },
            _ => true), stages);
    }

    private static PathCandidate Screened(ScreenFactor factor, KnobChoice choice, double ratio) => new(factor, choice, new Spread(ratio, ratio - 0.05, ratio + 0.05, 8, "fit"));

    private static PathCandidate Inline() =>
        Screened(new ScreenFactor(Knobs.Named("sockets-inline-completions"), "1"), new KnobChoice("sockets-inline-completions", "1", "", "HostRuntime", ""), 1.2);

    private static PathCandidate Chunks() => Screened(ScreenFactor.Of(DesignAlternatives.Named("chunked-64k")), DesignAlternatives.Named("chunked-64k").Choice, 1.3);

    private static Task<PathWalk> Walk(IReadOnlyList<PathCandidate> candidates, PathMeasures measures) =>
        PathSearch.WalkAsync(new PathPoint(Kestrel, Mix), candidates, [], screen: null, threshold: 0.1, repeats: 3, measures, CancellationToken.None);

    [Fact]
    public async Task The_largest_screened_gain_goes_first_and_the_message_path_waits_until_uploads_are_chunked_then_drops_out()
    {
        var (measures, stages) = Measures();

        var walk = await Walk([Inline(), Chunks(), .. PathCandidate.MessagePath(Mix)], measures);

        Assert.Equal(["chunked-64k", "sockets-inline-completions"], walk.Trials.Select(t => t.Change.Knob));
        Assert.All(walk.Trials, t => Assert.Equal((AdviceFindings.Helps, true), (t.Verdict, t.Taken)));
        Assert.Equal(3, walk.Steps.Count);
        Assert.True(walk.EveryChangeTried);
        Assert.Equal(ScenarioNames.UploadChunks, walk.End.Mix.Searched);
        Assert.Equal("1", walk.End.Configuration.HostEnvironment!["DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"]);
        // The first trial three interleaved pairs (without first, then with first); the next, on the step the first took,
        // its three runs and one more of the step after them (the taken trial's runs are the step's first); each step's capacity searched.
        Assert.Equal(["path, step 0 capacity", "path, step 1 1/3, without", "path, step 1 1/3, with chunked-64k", "path, step 1 2/3, with chunked-64k", "path, step 1 2/3, without",
                "path, step 1 3/3, without", "path, step 1 3/3, with chunked-64k", "path, step 1 capacity",
                "path, step 2 1/3, with sockets-inline-completions=1", "path, step 2 2/3, with sockets-inline-completions=1", "path, step 2 3/3, with sockets-inline-completions=1",
                "path, step 2 3/3, without", "path, step 2 capacity"],
            stages);
    }

    [Fact]
    public async Task Later_trials_at_a_step_are_judged_against_all_of_its_runs_so_far()
    {
        var (measures, stages) = Measures();
        var nothing = Screened(new ScreenFactor(Knobs.Named("placebo"), "1"), new KnobChoice("placebo", "1", "", "HostRuntime", ""), 1.15);

        var walk = await Walk([nothing, Screened(new ScreenFactor(Knobs.Named("gc-concurrent"), "0"), new KnobChoice("gc-concurrent", "0", "", "HostRuntime", ""), 1.1), Inline()], measures);

        Assert.Equal([("sockets-inline-completions", true), ("placebo", false), ("gc-concurrent", false)], walk.Trials.Select(t => (t.Change.Knob, t.Taken)));
        // 6 runs for the first trial, 4 for each later one: not 6 each.
        Assert.Equal(6 + 4 + 4, stages.Count(s => !s.EndsWith("capacity")));
        Assert.Equal(3, stages.Count(s => s.StartsWith("path, step 1") && s.EndsWith("without")));
        Assert.Equal(["path, step 2 3/3, without", "path, step 2 3/3, without"], stages.Where(s => s.StartsWith("path, step 2") && s.EndsWith("without")));
        Assert.All(walk.Trials.Skip(1), t => Assert.Equal(AdviceFindings.NoEffect, t.Verdict));
    }

    [Fact]
    public async Task The_screens_helping_settings_are_tried_together_first_and_once_taken_not_one_by_one()
    {
        var (measures, stages) = Measures();
        var placebo = Screened(new ScreenFactor(Knobs.Named("placebo"), "1"), new KnobChoice("placebo", "1", "", "HostRuntime", "placebo line"), 1.1);
        var together = PathCandidate.Together([placebo, Inline(), Chunks()])!;

        var walk = await Walk([placebo, Inline(), Chunks(), together], measures);

        Assert.Equal(["2 settings together", "chunked-64k"], walk.Trials.Select(t => t.Change.Knob));
        Assert.All(walk.Trials, t => Assert.True(t.Taken));
        Assert.Equal("`sockets-inline-completions` = 1, `placebo` = 1", walk.Steps[1].Change!.Value);
        Assert.Equal("\nplacebo line", walk.Steps[1].Change!.Code);
        Assert.InRange(together.Screened!.Median, 1.2 * 1.1 - 1e-9, 1.2 * 1.1 + 1e-9);
        Assert.Equal("1", walk.End.Configuration.HostEnvironment!["DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"]);
        Assert.Equal("1", walk.End.Configuration.HostEnvironment!["DOTNET_GrpcBenchPlacebo"]);
        Assert.Equal(ScenarioNames.UploadChunks, walk.End.Mix.Searched);
        Assert.Contains("path, step 1 1/3, with 2 settings together", stages);
    }

    [Fact]
    public void Settings_go_together_only_two_knobs_or_more_each_at_its_best_value_and_never_a_design_alternative()
    {
        var frames = (string value, double ratio) => Screened(new ScreenFactor(Knobs.Named("max-frame-size"), value), new KnobChoice("max-frame-size", value, "", "Kestrel", ""), ratio);

        Assert.Null(PathCandidate.Together([Inline(), Chunks()]));
        Assert.Null(PathCandidate.Together([frames("65536", 1.1), frames("1048576", 1.2)]));
        var together = PathCandidate.Together([frames("65536", 1.1), Inline(), frames("1048576", 1.15), Chunks()])!;
        Assert.Equal(["sockets-inline-completions=1", "max-frame-size=1048576"], together.Factors.Select(f => f.ToString()));
        Assert.Equal(["sockets-inline-completions", "max-frame-size"], together.Knobs);
        Assert.Equal(KnobChoice.TogetherKind, together.Choice.Kind);
        Assert.Equal(["sockets-inline-completions", "max-frame-size"], together.Choice.Apart().Select(c => c.Knob));
        Assert.Equal(["sockets-inline-completions"], Inline().Choice.Apart().Select(c => c.Knob));
        var read = System.Text.Json.JsonSerializer.Deserialize<KnobChoice>(System.Text.Json.JsonSerializer.Serialize(together.Choice, WorkerJson.Options), WorkerJson.Options)!;
        Assert.Equal(together.Choice.Apart().Select(c => c.Knob), read.Apart().Select(c => c.Knob));
        Assert.DoesNotContain("parts", System.Text.Json.JsonSerializer.Serialize(Inline().Choice, WorkerJson.Options));
    }

    [Fact]
    public async Task A_trial_that_cannot_tell_adds_pairs_while_the_budget_holds_then_stays_undecided()
    {
        var placebo = Screened(new ScreenFactor(Knobs.Named("placebo"), "1"), new KnobChoice("placebo", "1", "", "HostRuntime", ""), 1.15);
        var (measures, stages) = Measures(wobble: 0.2);

        var walk = await Walk([placebo], measures);

        Assert.Equal(AdviceFindings.CouldNotTell, walk.Trials.Single().Verdict);
        Assert.Equal(["path, step 1 extra 1/2, with placebo=1", "path, step 1 extra 1/2, without", "path, step 1 extra 2/2, with placebo=1", "path, step 1 extra 2/2, without"],
            stages.Where(s => s.Contains("extra")));
        Assert.Equal(3 + PathSearch.ExtraPairs, walk.Trials.Single().VersusBefore!.Count);

        // A budget that holds the first trial only: no pair more.
        var (tight, tightStages) = Measures(wobble: 0.2);
        await PathSearch.WalkAsync(new PathPoint(Kestrel, Mix), [placebo], [], screen: null, threshold: 0.1, repeats: 3,
            tight with { HoldsTrial = interleaved => interleaved }, CancellationToken.None);
        Assert.DoesNotContain(tightStages, s => s.Contains("extra"));
    }

    [Fact]
    public void The_storys_ramp_peaks_at_grpc_cores_capacity_where_the_machine_holds_less_than_50_a_second()
    {
        static IEnumerable<(double, int)> Phases(LoadShape load) => load.Phases.Select(p => (p.PerSecond, p.Seconds));

        Assert.Equal([(50, 30), (20, 30)], Phases(PathStory.Load(quick: false, Mix)));
        Assert.Equal([(50, 30), (20, 30)], Phases(PathStory.Load(quick: false, Mix, peakAt: 61.4)));
        Assert.Equal([(27, 30), (10.8, 30)], Phases(PathStory.Load(quick: false, Mix, peakAt: 27)));
        Assert.Equal([ScenarioNames.SendLargeData, ScenarioNames.GetInt], PathStory.Load(quick: false, Mix, peakAt: 27).Scenarios);
        Assert.Equal(30, PathStory.Load(quick: false, Mix, peakAt: 27).CallTimeoutSeconds);
    }

    [Fact]
    public void A_headline_search_starts_where_the_configuration_held_before_else_below_its_saturated_throughput()
    {
        ConfigurationResult Held(double? perSecond) => ConfigurationRun.Outcome(Kestrel, ConfigurationStatus.Ok, "") with
        {
            Capacity = new CapacityResult(ScenarioNames.SendLargeData, perSecond, CapacitySlo.Default, Mix.Load.Arrivals, 0.05, "resolution", []),
        };
        ConfigurationResult Saturated(double perSecond) => ConfigurationRun.Outcome(Kestrel, ConfigurationStatus.Ok, "") with
        {
            Reason = null,
            Throughput = new ThroughputResult(ScenarioNames.SendLargeData, 1, 6, (long)Math.Round(perSecond * 6), 0, 3, 2, 1, 1, new Dictionary<string, double>()),
        };

        Assert.Equal(23.7, PathSearch.HeadlineGuess([Held(7.74), Held(23.7)], [Saturated(11)]));
        Assert.Equal(CapacitySearch.Round(0.8 * 22), PathSearch.HeadlineGuess([Held(null)], [Saturated(20), Saturated(22), Saturated(25)]));
        Assert.Null(PathSearch.HeadlineGuess([], []));
    }

    [Fact]
    public async Task Where_uploads_stay_one_message_the_message_path_is_tried_and_taken_only_where_it_helps()
    {
        var (measures, _) = Measures();

        var walk = await Walk([Inline(), .. PathCandidate.MessagePath(Mix)], measures);

        Assert.Equal([("sockets-inline-completions", AdviceFindings.Helps, true), ("server-sequence-read", AdviceFindings.Helps, true), ("client-direct-write", AdviceFindings.NoEffect, false)],
            walk.Trials.Select(t => (t.Change.Knob, t.Verdict, t.Taken)));
        Assert.Null(walk.Trials[1].Screened);
        Assert.Equal(UploadPaths.Sequence, walk.End.Configuration.UploadReader);
        Assert.Equal("message", walk.End.Configuration.UploadWriter);
        Assert.InRange(walk.Trials[1].VersusBefore!.Median, 1.1, 1.2);
    }
}
