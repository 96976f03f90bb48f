using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests.Analysis;

/// <summary>What ended a capacity search, named from the miss the SLO wrote (issue 62: two limits compared as one).</summary>
public class CapacityLimitTests
{
    private static readonly CapacitySlo Slo = CapacitySlo.Default;

    private static ScenarioStats Scenario(string name, double p99, IReadOnlyDictionary<string, long>? fails = null) => Stats(name, p99 / 2, p99, fails ?? new Dictionary<string, long>());

    [Fact]
    public void Each_miss_the_slo_writes_is_named_by_the_term_it_broke()
    {
        string Limit(params ScenarioStats[] scenarios) => CapacityLimit.Of(Slo.Missed(ScenarioNames.SendLargeData, scenarios)!);

        Assert.Equal("getInt p99", Limit(Scenario(ScenarioNames.SendLargeData, 400), Scenario(ScenarioNames.GetInt, 80)));
        Assert.Equal("sendLargeData p99", Limit(Scenario(ScenarioNames.SendLargeData, 1_400), Scenario(ScenarioNames.GetInt, 20)));
        Assert.Equal(CapacityLimit.Failures, Limit(Scenario(ScenarioNames.SendLargeData, 400, new Dictionary<string, long> { ["DeadlineExceeded"] = 2 })));
        // 600 calls over 30 s is 20/s: offered 40/s, half completed.
        Assert.Equal(CapacityLimit.KeepPace, Limit(Scenario(ScenarioNames.SendLargeData, 400) with { AskedInjectionRate = 40 }));
    }

    [Theory]
    [InlineData("getInt: slowest of 48 61 ms > 50 ms; the probe stopped once its miss was certain", "getInt p99")]
    [InlineData("sendLargeData: calls still in flight past its 1,000 ms bound (31 cut short); the probe stopped once its miss was certain", "sendLargeData p99")]
    [InlineData("uploadChunks: no call completed; the probe stopped once its miss was certain", "uploadChunks p99")]
    [InlineData("sendLargeData: latency rose 412 ms a second through the probe (median 300 ms in its first third, 900 ms in its last): calls arrive faster than the host finishes them", "keep-pace")]
    [InlineData("getInt: 3 failed (Unavailable 3)", "failures")]
    [InlineData("sendLargeData: not measured", "not measured")]
    public void The_misses_of_committed_runs_are_named_too(string missed, string limit) => Assert.Equal(limit, CapacityLimit.Of(missed));

    [Fact]
    public void A_search_ended_on_the_lowest_rate_it_missed_above_its_capacity_and_on_its_bound_where_none_missed()
    {
        CapacityProbe Probe(double rate, string? missed) => new(rate, missed, [], 1, 1, 100, 0);
        var search = new CapacityResult(ScenarioNames.SendLargeData, 20, Slo, Arrivals.Uniform, 0.05, "resolution",
            [Probe(10, null), Probe(40, "getInt: p99 80 ms > 50 ms"), Probe(20, null), Probe(30, "sendLargeData: 3 failed (Cancelled 3)"), Probe(21, "getInt: slowest of 40 55 ms > 50 ms")]);

        Assert.Equal(21, search.FirstMissed!.OfferedPerSecond);
        Assert.Equal("getInt p99", search.Limit);
        Assert.Equal("budget", (search with { Bound = "budget", Probes = [Probe(10, null)] }).Limit);
    }

    [Fact]
    public void Several_searches_name_their_limits_commonest_first()
    {
        Assert.Equal("getInt p99 (all 3)", CapacityLimit.Describe(["getInt p99", "getInt p99", "getInt p99"]));
        Assert.Equal("keep-pace (2 of 3), getInt p99 (1 of 3)", CapacityLimit.Describe(["getInt p99", "keep-pace", "keep-pace"]));
        Assert.Equal("keep-pace", CapacityLimit.Describe(["keep-pace"]));
    }
}
