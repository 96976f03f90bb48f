using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>The guard the preset tests hold summary.json to: which differences it calls and which it lets pass.</summary>
public class SummaryShapeTests
{
    [Fact]
    public void Keys_that_are_data_compare_as_one_whether_flat_or_nested()
    {
        var before = SummaryShape.Of("""{"knobs": {"env.DOTNET_A": "1", "gc.ServerGC": "False"}, "fails": {"failsByCode": {"Unavailable": 2}}}""");
        var now = SummaryShape.Of("""{"knobs": {"env.DOTNET_B": "1", "gc.ServerGC": "True"}, "fails": {"failsByCode": {"DeadlineExceeded": 1}}}""");

        Assert.Empty(SummaryShape.Differences(before, now));
        Assert.Contains(".knobs.env.*", now.Keys);
        Assert.Empty(SummaryShape.Differences(SummaryShape.Of("""{"env": {"DOTNET_A": "1"}}"""), SummaryShape.Of("""{"env": {"DOTNET_B": "1"}}""")));
    }

    [Fact]
    public void A_figure_gone_or_new_is_a_difference_unless_it_or_a_parent_is_null_in_either_run()
    {
        var before = SummaryShape.Of("""{"configurations": [{"status": "ok", "capacity": {"callsPerSecond": 12.5}, "cost": {"ms": 3}}]}""");
        var now = SummaryShape.Of("""{"configurations": [{"status": "ok", "capacity": null, "throughput": 4}]}""");

        Assert.Equal(["missing now: .configurations[].cost.ms", "new: .configurations[].throughput"], SummaryShape.Differences(before, now));
    }
}
