using System.CommandLine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.YourService;

/// <summary>The advise preset on a team's service: its plan, the saturated runs' shape and figure, and what it leaves out.</summary>
public class AdviseServiceTests
{
    private static readonly ServiceLoad Inventory = new("/team/Inventory.dll",
    [
        new("GetItem", "inventory.Inventory/GetItem", "unary", ["{}"], null, null, 0.7, 50),
        new("ListItems", "inventory.Inventory/ListItems", "server-streaming", ["{}"], 50, null, 0.2, 100),
        new("SyncItems", "inventory.Inventory/SyncItems", "bidi-streaming", ["{}"], 10, null, 0.1, 100),
        new("AddItems", "inventory.Inventory/AddItems", "client-streaming", ["{}"], 20, 20, null, 200),
    ]);

    private static CapacityMix ServiceMix(bool quick) => CapacityPresetRun.Mixes(CapacityOptions.Default(quick) with { Service = Inventory }, quick)[0];

    private static CapacityMix StoryMix => CapacityPresetRun.Mixes(AdviseOptions.Default(true).Capacity, true)[0];

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void The_advise_preset_takes_a_teams_service_as_its_one_mix_each_method_held_to_its_own_bound_and_fits_its_budget(bool quick)
    {
        var plan = Plan($"--preset advise{(quick ? " --quick" : "")} --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile}");
        var options = plan.OptionsOf<AdviseOptions>();

        Assert.Equal([CapacityPresetRun.Service], options.Capacity.Mixes);
        Assert.Equal(["GetItem", "ListItems", "SyncItems", "AddItems"], options.Capacity.Service!.Methods.Select(m => m.Name));
        Assert.Equal(50, options.Capacity.Slo.Bounds!["GetItem"]);
        Assert.Equal(quick ? 6.5 : 37, options.BudgetMinutes);
        Assert.Null(AdviseBudget.TooSmall(options, quick));
    }

    [Theory]
    [InlineData("--mixes uploads", "--mixes: not with --scenarios FILE")]
    [InlineData("--slo-getint-ms 20", "--slo-getint-ms: not with --scenarios FILE")]
    public void The_storys_mix_options_are_refused_beside_a_scenario_file(string option, string expected)
    {
        var (parse, options) = Parse($"--preset advise --quick --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile} {option}");
        Assert.Empty(parse.Errors);

        Assert.StartsWith(expected, Assert.Throws<FormatException>(() => new PlanReader(parse, options).Read()).Message);
    }

    [Fact]
    public void A_services_saturated_run_spreads_16_callers_by_share_and_keeps_its_rate_methods_at_their_rate_while_the_storys_keeps_1_caller()
    {
        var shape = ThroughputShape.Default(quick: true);
        var load = shape.For(ServiceMix(quick: true));

        Assert.Equal((16, 1), (shape.CallersOf(ServiceMix(quick: true)), shape.CallersOf(StoryMix)));
        Assert.Equal([11, 3, 2], new[] { "GetItem", "ListItems", "SyncItems" }.Select(m => Assert.IsType<KeepConstantSimulation>(Assert.Single(load.SimulationsOf(m))).Copies));
        Assert.IsNotType<KeepConstantSimulation>(Assert.Single(load.SimulationsOf("AddItems")));
        Assert.Equal(1, shape.For(StoryMix).SaturatingCallers);
        Assert.Equal("GetItem (11 callers), ListItems (3 callers), SyncItems (2 callers) in a closed loop, 16 callers spread by share, beside AddItems at 20/s, "
                     + "2 s warm-up, 3 s measured, a fresh host each, tiering without its start-up delay", shape.Describe(ServiceMix(quick: true)));
        Assert.StartsWith("4 MiB uploads one after the other (1 caller in a closed loop)", shape.Describe(StoryMix));
    }

    [Fact]
    public void A_services_throughput_counts_the_calls_of_the_methods_sharing_the_rate_and_shows_the_others_p99_beside_them()
    {
        var mix = ServiceMix(quick: true);
        var none = new Dictionary<string, long>();
        var scenarios = new[] { "GetItem", "ListItems", "SyncItems", "AddItems" }.Select(name => SampleRuns.Stats(name, 2, 10, none)).ToList();

        var figures = ThroughputResult.Of(mix.Searched, mix.Offers, 16, 6, scenarios, 3, 1, 1, 1);

        Assert.Equal((3 * 600L, 300.0), (figures.Calls, figures.PerSecond));
        Assert.Equal(["AddItems"], figures.OtherP99Ms.Keys);
    }

    [Fact]
    public void A_service_has_no_design_alternatives_floors_story_or_Grpc_Core_memory_screen_and_its_budget_reserves_no_time_for_them()
    {
        var (service, story) = (ServiceMix(quick: false), CapacityPresetRun.Mixes(AdviseOptions.Default(false).Capacity, false)[0]);
        var (perRun, perSearch) = (TimeSpan.FromSeconds(19), TimeSpan.FromSeconds(40));

        Assert.Empty(DesignAlternatives.For(service));
        Assert.Empty(DesignAlternatives.For(service, DesignAlternatives.Catalogue));
        Assert.Empty(PathCandidate.MessagePath(service));
        Assert.False(StoryOnly.Runs(service));
        Assert.True(StoryOnly.Runs(story));
        Assert.Equal(4, StoryOnly.LeftOut.Count);
        // Grpc.Core's memory screen: 2 early runs and 7 values in 16 runs folded over with 2 default runs, a read-back of each value; quick glibc's 4 values, 1 and 8 + 1 unfolded.
        Assert.Equal((TimeSpan.Zero, TimeSpan.FromSeconds(14) + perRun * 20), (AdviseBudget.GrpcCoreMemory(service, perRun, false), AdviseBudget.GrpcCoreMemory(story, perRun, false)));
        Assert.Equal(TimeSpan.FromSeconds(8) + perRun * 10, GrpcCoreMemoryScreen.Time(perRun, quick: true));
        Assert.Equal(4, GrpcCoreMemoryScreen.Screened(quick: true).Count);
        Assert.Equal(perRun * 12 + perSearch * 3 + AdviseBudget.ProfilesTime(false), AdviseBudget.AfterPath(service, 3, perRun, perSearch, quick: false));
        Assert.Equal(perRun * 15 + perSearch * 6 + AdviseBudget.ProfilesTime(false), AdviseBudget.AfterPath(story, 3, perRun, perSearch, quick: false));
        Assert.Equal((TimeSpan.Zero, PathStory.Time(false) * 3), (AdviseBudget.Story(service, quick: false), AdviseBudget.Story(story, quick: false)));
    }

    private static RunPlan Plan(string commandLine)
    {
        var (parse, options) = Parse(commandLine);
        Assert.Empty(parse.Errors);
        return new PlanReader(parse, options).Read();
    }

    private static (ParseResult Parse, RunOptions Options) Parse(string commandLine)
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);
        return (root.Parse(commandLine), options);
    }
}
