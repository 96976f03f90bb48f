using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Analysis;

public class MarginalCostTests
{
    [Fact]
    public void The_slope_over_the_rates_is_the_cost_of_one_more_call_and_the_intercept_the_cpu_spent_whatever_the_rate()
    {
        // 200 ms a second of getInt and timers, then 10 ms per upload.
        var cost = MarginalCost.Of([(2, 220), (4, 240), (8, 280)])!;

        Assert.Equal(10, cost.MsPerCall, precision: 9);
        Assert.Equal(200, cost.FixedMsPerSecond, precision: 9);
        Assert.Equal(3, cost.Rates);
    }

    [Fact]
    public void One_rate_or_rates_too_close_to_tell_a_slope_give_no_marginal_cost()
    {
        Assert.Null(MarginalCost.Of([(4, 240)]));
        Assert.Null(MarginalCost.Of([(4, 240), (4, 250)]));
        Assert.Null(MarginalCost.Of([(4, 240), (5, 250)]));
        // A host whose CPU a second did not grow with the rate (a spinning thread pool): no cost, not a negative one.
        Assert.Null(MarginalCost.Of([(4_000, 900), (16_000, 880)]));
        Assert.Null(MarginalCost.Of([(4_000, 900), (16_000, 900)]));
    }

    [Fact]
    public void A_search_s_first_probe_which_carries_the_host_s_warm_up_is_left_out_while_the_others_span_two_rates()
    {
        // 10 ms a call, but the first probe at 14 ms (the JIT's warm-up): with it the slope would read about 9.4 ms.
        var search = Search(Probe(30, 14), Probe(60, 10), Probe(120, 10), Probe(90, 10));

        var cost = MarginalCost.OfHost(search)!;

        Assert.Equal(10, cost.MsPerCall, precision: 9);
        Assert.Equal(3, cost.Rates);
    }

    [Fact]
    public void A_search_of_two_held_rates_keeps_its_first_probe_and_misses_count_for_nothing()
    {
        var search = Search(Probe(30, 10), Probe(60, 10), Probe(120, 50, missed: "getInt: p99 1,500 ms > 1,000 ms"));

        Assert.Equal(10, MarginalCost.OfHost(search)!.MsPerCall, precision: 9);
    }

    [Fact]
    public void Given_the_host_s_cpus_probes_that_kept_them_90_percent_busy_or_more_are_left_out()
    {
        // 10 ms a call until the one CPU is full: at 120/s it can give 996 ms a second, 8.3 ms a call.
        var search = Search(Probe(20, 10), Probe(40, 10), Probe(80, 10), Probe(120, 8.3));

        Assert.Equal(10, MarginalCost.OfHost(search, hostCpus: 1)!.MsPerCall, precision: 9);
        Assert.InRange(MarginalCost.OfHost(search)!.MsPerCall, 7, 8);
        Assert.InRange(MarginalCost.OfHost(search, hostCpus: 2)!.MsPerCall, 7, 8);
    }

    private static CapacityResult Search(params CapacityProbe[] probes) =>
        new(ScenarioNames.GetInt, 120, CapacitySlo.Default, Arrivals.Uniform, 0.05, "resolution", probes);

    private static CapacityProbe Probe(double rate, double msPerCall, string? missed = null)
    {
        var calls = (long)(rate * 2);
        return new CapacityProbe(rate, missed, [], ServerCpuSeconds: calls * msPerCall / 1000, ClientCpuSeconds: null, calls, 0, Seconds: 2, SearchedCalls: calls);
    }
}
