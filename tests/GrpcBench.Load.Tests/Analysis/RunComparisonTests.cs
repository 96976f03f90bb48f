using GrpcBench.Load.Analysis;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class RunComparisonTests
{
    [Fact]
    public void Runs_on_different_runtimes_pair_only_when_asked_to_compare_across_runtimes()
    {
        var net8 = Summary(Ok(Kestrel("net8.0"), 1000, 10), Ok(GrpcCore("net8.0"), 100, 10));
        var net9 = Summary(Ok(Kestrel("net9.0"), 1500, 10), Ok(GrpcCore("net9.0"), 100, 10));

        var byLabel = RunComparison.Of(net8, net9);
        var acrossRuntimes = RunComparison.Of(net8, net9, acrossRuntimes: true);

        Assert.Empty(byLabel.Rows);
        Assert.Equal(2, byLabel.OnlyInBase.Count);
        var kestrel = acrossRuntimes.Rows.Single(r => r.Configuration == "kestrel/grpc-net any runtime default h2c" && r.Metric == "sendLargeData p99 ms");
        Assert.Equal(1.5, kestrel.Ratio);
        Assert.Contains(acrossRuntimes.Rows, r => r.Configuration == "grpc-core/grpc-core any runtime h2c");
        Assert.Empty(acrossRuntimes.OnlyInBase);
    }
}
