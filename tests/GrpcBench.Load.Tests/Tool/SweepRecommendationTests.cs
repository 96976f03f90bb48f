using GrpcBench.Load;
using GrpcBench.Load.Analysis;
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

    private static ConfigurationResult Methods(IReadOnlyDictionary<string, string> kestrel, double getItemP99, double listItemsP99, long listItemsFailed = 0)
    {
        var story = Result(kestrel.Count == 0 ? "default" : "custom", kestrel, None, 600, 1, 1);
        LatencyStats Latency(double p99) => new(100, 1, p99 / 2, p99, 1, p99 / 2, p99 / 2, p99, p99, p99);
        ScenarioStats Stats(string name, double p99, long failed) =>
            new(name, 600 - failed, failed, new Dictionary<string, long>(), 20, 30, 30, 1, 1, 0, 0, Latency(p99), LatencyStats.Empty);
        return story with { Scenarios = [Stats("GetItem", getItemP99, 0), Stats("ListItems", listItemsP99, listItemsFailed)] };
    }

    [Fact]
    public void For_a_teams_methods_a_value_helps_where_their_p99s_fall_together_and_none_rises_a_fifth()
    {
        var results = new[]
        {
            Methods(None, 10, 40),
            Methods(new Dictionary<string, string> { ["maxFrameSize"] = "65536" }, 9, 30),           // mean x0.82: helps
            Methods(new Dictionary<string, string> { ["maxFrameSize"] = "1048576" }, 8, 28),         // mean x0.75: helps more
            Methods(new Dictionary<string, string> { ["initialStreamWindowSize"] = "98304" }, 13, 10), // GetItem x1.3: refused
            Methods(new Dictionary<string, string> { ["initialConnectionWindowSize"] = "4194304" }, 5, 20, listItemsFailed: 1), // a failed call: refused
        };

        var best = SweepRecommendation.Combine(results, ["GetItem", "ListItems"])!;

        Assert.Equal(new Dictionary<string, string> { ["maxFrameSize"] = "1048576" }, best.KestrelSettings);
        Assert.Null(SweepRecommendation.Combine(results.Take(1).Append(results[3]).ToList(), ["GetItem", "ListItems"]));
    }
}
