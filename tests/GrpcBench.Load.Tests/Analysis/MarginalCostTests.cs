using GrpcBench.Load.Analysis;

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
    }
}
