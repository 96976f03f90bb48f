using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>The advise preset's plan: its budget, and the effective values it reads back from a host's ready line.</summary>
public class AdvisePresetTests
{
    private static CapacityMix Mix(bool quick) => CapacityPresetRun.Mixes(AdviseOptions.Default(quick).Capacity, quick)[0];

    [Fact]
    public void The_full_advice_screens_every_knob_on_the_storys_mix_and_walks_its_path_in_35_minutes_a_runtime_and_the_quick_one_four_knobs_in_6_and_a_half()
    {
        var (full, quick) = (AdviseOptions.Default(quick: false), AdviseOptions.Default(quick: true));

        Assert.Equal(Knobs.All.Select(k => k.Name), full.Knobs);
        Assert.Equal((37.0, 3, "mixed"), (full.BudgetMinutes, full.ConfirmRepeats, Mix(quick: false).Name));
        Assert.Equal((6.5, 4, "uploads"), (quick.BudgetMinutes, quick.Knobs.Count, Mix(quick: true).Name));
        Assert.All(quick.Knobs, name => Knobs.Named(name));
        Assert.Contains(Knobs.Placebo, quick.Knobs);
        Assert.Null(AdviseBudget.TooSmall(full, quick: false));
        Assert.Null(AdviseBudget.TooSmall(quick, quick: true));
        // Quick searches one floor (raw HTTP/2) beside Grpc.Core and profiles for shorter, so that all of it fits in under 7 minutes.
        var mix = Mix(quick: false);
        Assert.Equal((3, 2), (AdviseBudget.RoundSearches(mix, 1, quick: false), AdviseBudget.RoundSearches(Mix(quick: true), 1, quick: true)));
        Assert.Equal((2, 1), (AdviseBudget.MostCapacityRounds(quick: false), AdviseBudget.MostCapacityRounds(quick: true)));
        Assert.True(AdviseBudget.ProfilesTime(quick: true) < AdviseBudget.ProfilesTime(quick: false));
    }

    [Fact]
    public void A_second_capacity_round_is_searched_only_where_the_time_left_holds_its_three_searches_the_story_and_the_profiles()
    {
        var (mix, perSearch) = (Mix(quick: false), TimeSpan.FromSeconds(40));
        var needed = perSearch * 3 + PathStory.Time(quick: false) * 3 + AdviseBudget.ProfilesTime(quick: false);

        Assert.True(AdviseBudget.SecondRoundFits(mix, perSearch, needed, quick: false));
        Assert.False(AdviseBudget.SecondRoundFits(mix, perSearch, needed - TimeSpan.FromSeconds(1), quick: false));
        Assert.False(AdviseBudget.SecondRoundFits(Mix(quick: true), perSearch, TimeSpan.FromHours(1), quick: true));
        Assert.True(AdviseBudget.StoryFits(mix, needed - perSearch * 3, quick: false));
        Assert.False(AdviseBudget.StoryFits(mix, needed - perSearch * 3 - TimeSpan.FromSeconds(1), quick: false));
    }

    [Fact]
    public void The_screens_design_leaves_the_path_one_trial_and_what_must_follow_it_the_foldover_and_follow_ups_leave_the_story_and_a_second_trial_too()
    {
        var (mix, perRun, search) = (Mix(quick: false), TimeSpan.FromSeconds(15), AdviseBudget.SearchTime(Mix(quick: false)));
        var trial = AdviseBudget.TrialTime(3, perRun, search);

        var grpcCoreMemory = TimeSpan.FromSeconds(14) + perRun * 20;
        Assert.Equal(grpcCoreMemory + search + perRun * 2 + trial + perRun * 15 + search * 6 + AdviseBudget.ProfilesTime(quick: false), AdviseBudget.Reserve(mix, 3, perRun, quick: false));
        Assert.Equal(trial + PathStory.Time(quick: false) * 3, AdviseBudget.Extras(mix, 3, perRun, quick: false));
        // 64 runs and their 8 default runs at 15 s, after the read-backs and 4 early runs, leave the design whole in 37 minutes
        // with both capacity rounds planned (not in 35, nor in 30 beside Grpc.Core's memory screen).
        Assert.True(TimeSpan.FromMinutes(37) - TimeSpan.FromSeconds(20 + 4 * 15) - AdviseBudget.Reserve(mix, 3, perRun, quick: false) >= perRun * 72);
        Assert.False(TimeSpan.FromMinutes(35) - TimeSpan.FromSeconds(20 + 4 * 15) - AdviseBudget.Reserve(mix, 3, perRun, quick: false) >= perRun * 72);
        Assert.False(TimeSpan.FromMinutes(30) - TimeSpan.FromSeconds(20 + 4 * 15) - AdviseBudget.Reserve(mix, 3, perRun, quick: false) >= perRun * 72);
    }

    [Fact]
    public void A_chunked_alternative_sends_the_mixs_uploads_as_a_client_stream_and_leaves_getInt_beside_them()
    {
        var mix = Mix(quick: false);
        var chunked = DesignAlternatives.Named("chunked-64k");
        var kestrel = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None, Transport.H2c,
            "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());

        var chunkedMix = chunked.Apply(mix);
        var configuration = CapacityPresetRun.Labelled(chunked.Apply(kestrel), chunkedMix);

        Assert.Equal(ScenarioNames.UploadChunks, chunkedMix.Searched);
        Assert.Equal([ScenarioNames.UploadChunks, ScenarioNames.GetInt], chunkedMix.Load.Scenarios);
        Assert.Equal((64 * 1024, 20L * 1024 * 1024), (configuration.ChunkBytes, configuration.PayloadBytes));
        Assert.True(chunkedMix.Load.StopBeyondP99Ms!.ContainsKey(ScenarioNames.UploadChunks));
        Assert.Equal(Compression.Gzip, DesignAlternatives.Named("compression-gzip").Apply(kestrel).Compression);
        // gzip on beside a chunk size keeps the chunk size.
        var both = DesignAlternatives.Named("compression-gzip").Apply(chunked.Apply(kestrel));
        Assert.Equal((64 * 1024, Compression.Gzip), (both.ChunkBytes, both.Compression));
        Assert.Equal(("sequence", "message"), (DesignAlternatives.Named("server-sequence-read").Apply(kestrel) is var read ? (read.UploadReader, read.UploadWriter) : default));
        Assert.Equal(("message", "direct"), (DesignAlternatives.Named("client-direct-write").Apply(kestrel) is var write ? (write.UploadReader, write.UploadWriter) : default));
        Assert.Equal(mix, DesignAlternatives.Named("server-sequence-read").Apply(mix));
        // Random bytes (the story's payload) cannot shrink: compression is left out; getInt alone has no uploads to send another way either.
        string[] chunkSizes = ["chunked-16k", "chunked-32k", "chunked-64k", "chunked-80k", "chunked-128k", "chunked-1m"], screened = ["chunked-64k", "chunked-1m"];
        Assert.Equal(screened, DesignAlternatives.For(mix).Select(a => a.Name));
        Assert.Equal([.. screened, "compression-gzip"], DesignAlternatives.For(mix with { Load = mix.Load with { PayloadContent = Payload.TextContent } }).Select(a => a.Name));
        Assert.Equal([.. screened, "compression-gzip"], DesignAlternatives.For(mix with { Load = mix.Load with { PayloadContent = Payload.ZerosContent } }).Select(a => a.Name));
        // The catalogue's message-path alternatives only where asked for (the migration path), and only where there are uploads.
        Assert.Equal([.. chunkSizes, "server-sequence-read", "client-direct-write"], DesignAlternatives.For(mix, DesignAlternatives.Catalogue).Select(a => a.Name));
        var getInt = CapacityPresetRun.Mixes(CapacityOptions.Default(false) with { Mixes = [CapacityPresetRun.GetInt] }, false)[0];
        Assert.Empty(DesignAlternatives.For(getInt));
        Assert.Empty(DesignAlternatives.For(getInt, DesignAlternatives.Catalogue));
        // --payload-content reaches the mix advise screens: on zeros gzip is screened beside the chunk sizes.
        var zeros = CapacityPresetRun.Mixes(AdviseOptions.Default(quick: false).Capacity with { PayloadContent = Payload.ZerosContent }, false)[0];
        Assert.Equal(Payload.ZerosContent, zeros.Load.PayloadContent);
        Assert.Equal([.. screened, "compression-gzip"], DesignAlternatives.For(zeros).Select(a => a.Name));
        // Advise, quick or not, screens two chunk sizes (the others take runs from the story's uploads); the path the rest.
        Assert.Equal(screened, DesignAlternatives.For(Mix(quick: true)).Select(a => a.Name));
    }

    [Fact]
    public void The_screen_folds_over_where_the_budget_holds_it_and_refuses_a_budget_too_small_for_one_decision()
    {
        var perRun = TimeSpan.FromSeconds(10);
        // 21 knobs of one value, 9 of two and the two chunk sizes: one design of 64 runs + 8 default runs, 128 + 16 with the foldover.
        int[] valuesPerKnob = [.. Enumerable.Repeat(1, 21), .. Enumerable.Repeat(2, 10)];
        Assert.Equal((72, 144), (KnobScreen.Runs(TwoLevelDesign.ForKnobs(valuesPerKnob, false)), KnobScreen.Runs(TwoLevelDesign.ForKnobs(valuesPerKnob, true))));
        Assert.True(AdviseBudget.Folds(valuesPerKnob, perRun, perRun * 144));
        Assert.False(AdviseBudget.Folds(valuesPerKnob, perRun, perRun * 144 - TimeSpan.FromSeconds(1)));
        // Cut short by the budget, the design still fits its 41 values, an intercept and run order with 8 degrees of freedom.
        Assert.Equal(51, AdviseBudget.FewestScreenRuns(valuesPerKnob));

        var tooSmall = AdviseBudget.TooSmall(AdviseOptions.Default(quick: false) with { BudgetMinutes = 5 }, quick: false);
        Assert.NotNull(tooSmall);
        Assert.Matches(@"^--budget-minutes 5: screening 32 knobs \(44 values\) needs at least \d+(\.\d)? min a runtime here; allowed \d+(\.\d)? to 600, or fewer --knobs$", tooSmall);
    }

    [Fact]
    public void The_default_advise_screens_two_chunk_sizes_in_64_runs_where_six_would_too_and_the_message_path_alternatives_could_need_128()
    {
        var mix = Mix(quick: false);
        var text = mix with { Load = mix.Load with { PayloadContent = Payload.TextContent } };
        IReadOnlyList<int> Grouped(IEnumerable<Knob> knobs, IEnumerable<DesignAlternative> alternatives) =>
            KnobScreen.Grouped(knobs.SelectMany(k => k.Values.Select(v => new ScreenFactor(k, v))), alternatives).ValuesPerKnob;
        static int Runs(IReadOnlyList<int> valuesPerKnob) => TwoLevelDesign.ForKnobs(valuesPerKnob, false).Runs.Count;
        // On the host's one CPU here 39 of the 44 values apply: 21 knobs of one value and 9 of two (the reference runs).
        int[] oneCpu = [.. Enumerable.Repeat(1, 21), .. Enumerable.Repeat(2, 9)];

        Assert.Equal([2], Grouped([], DesignAlternatives.For(mix)));
        Assert.Equal([6, 1, 1], Grouped([], DesignAlternatives.For(mix, DesignAlternatives.Catalogue)));
        // The same 64-run design (72 runs with the default's) as with two chunk sizes, so the 30-minute budget holds as before;
        // cut short by a budget, it decides from 55 runs (51 before).
        Assert.Equal(64, Runs([.. oneCpu, 6]));
        Assert.Equal((72, 55), (KnobScreen.Runs(TwoLevelDesign.ForKnobs([.. oneCpu, 6], false)), AdviseBudget.FewestScreenRuns([.. oneCpu, 6])));
        Assert.Equal(64, Runs(Grouped(Knobs.All, DesignAlternatives.For(mix, DesignAlternatives.Catalogue.Where(a => a.ChunkBytes is not null)))));
        Assert.Equal(64, Runs([.. oneCpu, 6, 1]));
        Assert.Equal(64, Runs([.. oneCpu, 6, 1, 1]));
        // With all 44 values (a host of more CPUs) the message-path alternatives, or gzip on a payload that shrinks, pass 63 columns.
        Assert.Equal(128, Runs(Grouped(Knobs.All, DesignAlternatives.For(mix, DesignAlternatives.Catalogue))));
        Assert.Equal(128, Runs(Grouped(Knobs.All, DesignAlternatives.For(text, DesignAlternatives.Catalogue.Where(a => !a.ChangesTheMessagePath)))));
    }

    [Fact]
    public void One_design_holds_every_knob_value_and_the_design_alternatives_the_chunk_sizes_as_values_of_one_factor()
    {
        var mix = Mix(quick: false);
        var text = mix with { Load = mix.Load with { PayloadContent = Payload.TextContent } };
        IReadOnlyList<ScreenFactor> values = [new(Knobs.Named("stream-window"), "4194304"), new(Knobs.Named("placebo"), "1"), new(Knobs.Named("stream-window"), "16777216")];

        // Every chunk size of the catalogue, as the migration path screens them.
        var (factors, valuesPerKnob) = KnobScreen.Grouped(values, DesignAlternatives.For(text, DesignAlternatives.Catalogue.Where(a => !a.ChangesTheMessagePath)));

        Assert.Equal(["stream-window=4194304", "stream-window=16777216", "placebo=1", "chunked-16k", "chunked-32k", "chunked-64k", "chunked-80k", "chunked-128k", "chunked-1m", "compression-gzip"],
            factors.Select(f => f.ToString()));
        Assert.Equal([2, 1, 6, 1], valuesPerKnob);
        // A run with the 64 KiB chunks on sends its uploads as a client stream of them, getInt beside them as before.
        var kestrel = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None, Transport.H2c,
            "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());
        int[] levels = [-1, 1, 1, -1, -1, 1, -1, -1, -1, -1];
        Assert.Equal((64 * 1024, "16777216"), (KnobScreen.Apply(kestrel, factors, levels).ChunkBytes, KnobScreen.Apply(kestrel, factors, levels).KestrelSettings["initialStreamWindowSize"]));
        Assert.Equal([ScenarioNames.UploadChunks, ScenarioNames.GetInt], KnobScreen.Apply(text, factors, levels).Load.Scenarios);
        Assert.Equal(mix.Load.Scenarios, KnobScreen.Apply(text, factors, [1, -1, -1, -1, -1, -1, -1, -1, -1, 1]).Load.Scenarios);
    }

    [Fact]
    public void A_follow_up_screens_the_values_still_undecided_one_value_of_a_knob_at_a_time_the_nearest_a_decision_first()
    {
        ScreenFactor Factor(string knob, string value) => new(Knobs.Named(knob), value);
        IReadOnlyList<ScreenFactor> screened =
        [
            Factor("thread-pool-spin", "0"), Factor("gc-concurrent", "0"), Factor("stream-window", "4194304"),
            Factor("thread-pool-spin", "a"), Factor("stream-window", "16777216"), Factor(Knobs.Placebo, "1"), Factor("max-frame-size", "1048576"),
        ];
        (string, double?)[] findings =
        [
            (AdviceFindings.CouldNotTell, 1.15), (AdviceFindings.Helps, 1.1), (AdviceFindings.NoEffect, 1.1),
            (AdviceFindings.CouldNotTell, 1.12), (AdviceFindings.CouldNotTell, 1.2), (AdviceFindings.NoEffect, 1.1), (AdviceFindings.CouldNotTell, null),
        ];

        var followUp = KnobScreen.FollowUp(screened, findings);

        // Both thread-pool-spin values are undecided: only the first goes now (the next round takes the other if it is still undecided);
        // a value the fit gave no interval comes last.
        Assert.Equal(["thread-pool-spin=0", "stream-window=16777216", "max-frame-size=1048576"], followUp.Select(f => f.ToString()));
        Assert.Empty(KnobScreen.FollowUp(screened, [.. findings.Select(f => (AdviceFindings.NoEffect, f.Item2))]));
    }

    [Fact]
    public void The_value_kept_is_the_one_the_host_reported_not_the_one_asked()
    {
        var settings = new Dictionary<string, JsonElement>
        {
            ["kestrel"] = JsonSerializer.SerializeToElement(new { maxFrameSize = 65536, sockets = new { ioQueueCount = 1 } }),
            ["runtimeKnobs"] = JsonSerializer.SerializeToElement(new Dictionary<string, string> { ["gc.ServerGC"] = "False" }),
        };
        var search = new ConfigurationResult
        {
            Configuration = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None,
                Transport.H2c, "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>()),
            Status = ConfigurationStatus.Ok, HostSettings = settings,
        };

        Assert.Equal("65536", KnobReadBack.Reported(search, Knobs.Named("max-frame-size")));
        Assert.Equal("1", KnobReadBack.Reported(search, Knobs.Named("io-queues")));
        Assert.Equal("False", KnobReadBack.Reported(search, Knobs.Named("gc-server")));
        Assert.Null(KnobReadBack.Reported(search, Knobs.Named("gc-concurrent")));
        Assert.Null(KnobReadBack.Reported(search, Knobs.Named("client-stream-window")));
    }
}
