using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class BaselineTests
{
    [Fact]
    public void A_configuration_is_compared_with_the_Grpc_Core_pair_of_its_own_runtime_and_transport()
    {
        var net8H2c = Ok(GrpcCore("net8.0", "h2c"), 601, 8);
        var net8Tls = Ok(GrpcCore("net8.0", "tls"), 900, 9);
        var net10H2c = Ok(GrpcCore("net10.0", "h2c"), 300, 4);
        var kestrel = Ok(Kestrel("net8.0", "h2c"), 4387, 3.2);
        var summary = Summary(net10H2c, net8Tls, net8H2c, kestrel);

        Assert.Same(net8H2c, Baselines.For(summary, kestrel));
        Assert.Equal(4387 / 601.0, Baselines.P99Ratio(summary, kestrel, ScenarioNames.SendLargeData)!.Value, 9);
        Assert.Equal(3.2 / 8, Baselines.P99Ratio(summary, kestrel, ScenarioNames.GetInt)!.Value, 9);
        Assert.Equal(4387 / 601.0, Baselines.P50Ratio(summary, kestrel, ScenarioNames.SendLargeData)!.Value, 9);
    }

    [Fact]
    public void A_net8_configuration_is_not_compared_with_the_net10_baseline()
    {
        var kestrel = Ok(Kestrel("net8.0"), 4387, 3.2);
        var summary = Summary(Ok(GrpcCore("net10.0"), 300, 4), kestrel);

        Assert.Null(Baselines.For(summary, kestrel));
        Assert.Null(Baselines.P99Ratio(summary, kestrel, ScenarioNames.SendLargeData));
    }

    [Fact]
    public void A_baseline_that_did_not_complete_gives_no_ratio()
    {
        var kestrel = Ok(Kestrel(), 4387, 3.2);
        var summary = Summary(Failed(GrpcCore(), "the host exited during the run (exit code 134)"), kestrel);

        Assert.Null(Baselines.For(summary, kestrel));
        Assert.Null(Baselines.P99Ratio(summary, kestrel, ScenarioNames.SendLargeData));
    }

    [Fact]
    public void Of_two_Grpc_Core_pairs_the_one_whose_client_ran_on_the_same_runtime_is_the_baseline()
    {
        var clientOnNet8 = Ok(GrpcCore("net8.0"), 601, 8);
        var clientOnNet10 = Ok(GrpcCore("net8.0", clientRuntime: "net10.0"), 500, 7);
        var kestrel = Ok(Kestrel("net8.0", clientRuntime: "net10.0"), 1000, 7);
        var summary = Summary(clientOnNet8, clientOnNet10, kestrel);

        Assert.Same(clientOnNet10, Baselines.For(summary, kestrel));
        Assert.Equal(2.0, Baselines.P99Ratio(summary, kestrel, ScenarioNames.SendLargeData));
    }

    [Fact]
    public void The_floor_is_the_bare_socket_of_the_same_host_runtime()
    {
        var kestrel = Ok(Kestrel("net8.0"), 4387, 3.2, uploadP50: 400);
        var summary = Summary(Ok(RawTcp("net10.0"), 20, 1, uploadP50: 10), Ok(RawTcp("net8.0"), 40, 1, uploadP50: 20), kestrel);

        Assert.Equal(20.0, Baselines.RawTcpMultiple(summary, kestrel));
        Assert.Null(Baselines.RawHttp2Multiple(summary, kestrel));
    }
}
