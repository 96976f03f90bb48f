using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>The headline's second capacity: the uploads within their own SLO, getInt beside them with its p99 shown and not bound (issue 62, item 4).</summary>
public class UploadSloHeadlineTests
{
    private static readonly CapacityMix Mix = CapacityPresetRun.Mixes(AdviseOptions.Default(quick: false).Capacity, quick: false)[0];

    private static ScenarioStats Scenario(string name, double p99) => Stats(name, p99 / 2, p99, new Dictionary<string, long>());

    private static CapacityProbe Probe(double rate, string? missed, double getIntP99 = 20) =>
        new(rate, missed, [Scenario(ScenarioNames.SendLargeData, 400), Scenario(ScenarioNames.GetInt, getIntP99)], 1, 1, 100, 0);

    private static ConfigurationResult Searched(double held, params CapacityProbe[] probes) => Ok(GrpcCore("net8.0"), 300, 3) with
    {
        Capacity = new CapacityResult(ScenarioNames.SendLargeData, held, CapacitySlo.Default, Arrivals.Uniform, 0.05, "resolution", probes),
    };

    [Fact]
    public void Without_getInts_bound_its_p99_misses_nothing_and_is_named_as_shown_while_the_uploads_bound_still_holds()
    {
        var slo = UploadSloHeadline.Slo(CapacitySlo.Default);

        Assert.Null(slo.Missed(ScenarioNames.SendLargeData, [Scenario(ScenarioNames.SendLargeData, 400), Scenario(ScenarioNames.GetInt, 900)]));
        Assert.Equal("sendLargeData p99", CapacityLimit.Of(slo.Missed(ScenarioNames.SendLargeData, [Scenario(ScenarioNames.SendLargeData, 1_400), Scenario(ScenarioNames.GetInt, 20)])!));
        Assert.StartsWith("sendLargeData p99 <= 1,000 ms, getInt p99 shown, not bound (from each call's scheduled start)", slo.Describe([ScenarioNames.SendLargeData, ScenarioNames.GetInt]));
        Assert.Equal("getInt p99", CapacityLimit.Of(CapacitySlo.Default.Missed(ScenarioNames.SendLargeData, [Scenario(ScenarioNames.SendLargeData, 400), Scenario(ScenarioNames.GetInt, 900)])!));
        Assert.Equal([ScenarioNames.SendLargeData, ScenarioNames.UploadChunks], UploadSloHeadline.Mix(Mix).Load.StopBeyondP99Ms!.Keys.Order());
        Assert.Contains(ScenarioNames.GetInt, Mix.Load.StopBeyondP99Ms!.Keys);
    }

    [Fact]
    public async Task A_search_no_probe_of_which_missed_on_getInts_p99_is_its_own_capacity_within_the_uploads_slo_and_any_other_is_searched_again()
    {
        var uploadsBound = Searched(30, Probe(30, null, getIntP99: 12), Probe(32, "sendLargeData: p99 1,200 ms > 1,000 ms"));
        var getIntBound = Searched(20, Probe(20, null, getIntP99: 41), Probe(24, "getInt: p99 80 ms > 50 ms"));
        var again = Searched(27, Probe(27, null, getIntP99: 140), Probe(29, "sendLargeData: latency rose 200 ms a second through the probe"));
        var searchedAgain = 0;
        Task<ConfigurationResult>? SearchAgain(ConfigurationResult result) { searchedAgain++; return Task.FromResult(result); }

        var same = await UploadSloHeadline.OfAsync("path's end", [uploadsBound], () => SearchAgain(again));
        var searched = await UploadSloHeadline.OfAsync(PathEnding.GrpcCore, [getIntBound, uploadsBound], () => SearchAgain(again));
        var noTime = await UploadSloHeadline.OfAsync(PathEnding.GrpcCore, [getIntBound], () => null);

        Assert.Equal((30.0, true, 12.0, "sendLargeData p99"), (same!.Held, same.SameAsMixSearches, same.GetIntP99Ms, same.Searches[0].Limit));
        Assert.Equal((27.0, false, 140.0, "keep-pace"), (searched!.Held, searched.SameAsMixSearches, searched.GetIntP99Ms, searched.Searches.Single().Limit));
        Assert.Equal(1, searchedAgain);
        Assert.Null(noTime);
        Assert.Null(await UploadSloHeadline.OfAsync("path's end", [], () => SearchAgain(again)));
    }

    [Fact]
    public void The_ending_says_reached_only_on_the_same_limit_and_names_both_limits_where_they_differ()
    {
        UploadSloCapacity Row(string name, double held, string limit) =>
            new(name, [new SearchedCapacity(held, held * 1.05, null) { Limit = limit }], false, 30);
        const string bound = "sendLargeData p99 <= 1,000 ms";

        var reached = PathEnding.WithinUploadSlo([Row("path's end", 31, "sendLargeData p99"), Row(PathEnding.GrpcCore, 30, "sendLargeData p99")], bound);
        var short_ = PathEnding.WithinUploadSlo([Row("path's end", 21, "sendLargeData p99"), Row(PathEnding.GrpcCore, 30, "sendLargeData p99")], bound);
        var different = PathEnding.WithinUploadSlo([Row("path's end", 31, "sendLargeData p99"), Row(PathEnding.GrpcCore, 30, "keep-pace")], bound);

        Assert.StartsWith("Within the uploads' own SLO (sendLargeData p99 <= 1,000 ms; getInt at its rate beside them, its p99 shown, not bound): the path's end 31/s "
                     + "(ended on sendLargeData p99; getInt p99 30 ms there), Grpc.Core 30/s (ended on sendLargeData p99; getInt p99 30 ms there), x1.03 (search brackets: 0.98", reached);
        Assert.EndsWith("): about Grpc.Core's (the searches' range spans it).", reached);
        Assert.EndsWith(": 30 % short of Grpc.Core's on the same limit.", short_);
        Assert.EndsWith(": they ended on different limits (sendLargeData p99, keep-pace), so the ratio compares two bounds, not one.", different);
        Assert.Equal("", PathEnding.WithinUploadSlo([Row("path's end", 31, "keep-pace")], bound));
    }
}
