using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>The sweep's combination step, on made-up results (the logic under test is the choice, not a measurement).</summary>
public class SweepRecommendationTests
{
    private static readonly Dictionary<string, string> None = [];

    private static ConfigurationResult Result(string profile, IReadOnlyDictionary<string, string> kestrel, IReadOnlyDictionary<string, string> client,
        long uploadsOk, double uploadP99, double getIntP99, string clientProfile = "default")
    {
        LatencyStats Latency(double p99) => new(100, 1, p99 / 2, p99, 1, p99 / 2, p99 / 2, p99, p99, p99);
        ScenarioStats Stats(string name, long ok, double p99) =>
            new(name, ok, 600 - ok, new Dictionary<string, long> { ["DeadlineExceeded"] = 600 - ok }, 20, 30, 30, 1, 1, 0, 0, Latency(p99), LatencyStats.Empty);
        var configuration = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net8.0", "net8.0", Compression.None, Transport.H2c, profile, kestrel, clientProfile, client);
        return new()
        {
            Configuration = configuration, Status = ConfigurationStatus.Ok, HostRuntimeReported = ".NET 8.0.33", ClientRuntimeReported = ".NET 8.0.33",
            ServerCpuSeconds = 1, ServerPeakRssMiB = 1, ClientCpuSeconds = 1,
            Scenarios = [Stats(ScenarioNames.SendLargeData, uploadsOk, uploadP99), Stats(ScenarioNames.GetInt, 600, getIntP99)],
        };
    }

    [Fact]
    public void Under_overload_the_values_that_complete_more_uploads_are_combined()
    {
        var results = new[]
        {
            Result("default", None, None, 168, 14_980, 9_000),
            Result("custom", new Dictionary<string, string> { ["initialStreamWindowSize"] = "4194304" }, None, 190, 14_900, 8_000),
            Result("custom", new Dictionary<string, string> { ["initialStreamWindowSize"] = "16777216" }, None, 240, 14_950, 9_500),
            Result("custom", new Dictionary<string, string> { ["maxFrameSize"] = "65536" }, None, 170, 10_000, 9_000),
            Result("default", None, new Dictionary<string, string> { ["enableMultipleHttp2Connections"] = "false" }, 300, 14_000, 20_000),
            Result("default", None, None, 260, 14_990, 9_100, clientProfile: "split-channels"),
        };

        var best = SweepRecommendation.Combine(results)!;

        // 16 MiB completes the most of the stream windows; 64 KiB frames and fewer connections do not qualify
        // (too few more uploads; a getInt p99 more than 20 % worse).
        Assert.Equal(new Dictionary<string, string> { ["initialStreamWindowSize"] = "16777216" }, best.KestrelSettings);
        Assert.Empty(best.ClientSettings);
        Assert.Equal("split-channels", best.ClientProfile);
        Assert.Equal("custom", best.KestrelProfile);
    }

    [Fact]
    public void Nothing_is_recommended_when_no_value_helps()
    {
        var results = new[]
        {
            Result("default", None, None, 600, 1_000, 50),
            Result("custom", new Dictionary<string, string> { ["maxFrameSize"] = "65536" }, None, 600, 990, 50),
        };

        Assert.Null(SweepRecommendation.Combine(results));
    }
}
