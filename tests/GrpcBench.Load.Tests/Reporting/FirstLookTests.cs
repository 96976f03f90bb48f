using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

/// <summary>
/// The first look (the story's --quick) sends fewer than 100 uploads a configuration: its ratios, chart and verdicts
/// compare the highest percentile the calls support and name it, never "n &lt; 100" where a p95 stands.
/// </summary>
public class FirstLookTests
{
    [Theory]
    [InlineData(100, 99.0)]
    [InlineData(64, 95.0)]
    [InlineData(19, 90.0)]
    [InlineData(9, 50.0)]
    [InlineData(1, null)]
    public void The_headline_percentile_is_the_highest_the_calls_support(long calls, double? percent) =>
        Assert.Equal(percent, PercentileSamples.HighestHeadline(calls));

    [Fact]
    public void The_first_look_plans_enough_uploads_for_a_p95_and_enough_getInt_calls_for_a_p99_at_the_story_s_20_MiB()
    {
        var load = new StoryPreset().Plan(quick: true).Load;

        Assert.Equal(20 * 1024 * 1024, load.PayloadBytes);
        Assert.Equal(64, load.PlannedCalls(ScenarioNames.SendLargeData));
        Assert.Equal(800, load.PlannedCalls(ScenarioNames.GetInt));
        Assert.True(PercentileSamples.HighestHeadline((long)load.PlannedCalls(ScenarioNames.SendLargeData)) == 95);
    }

    [Fact]
    public void With_64_uploads_the_ratio_chart_compares_p95_of_uploads_and_p99_of_getInt()
    {
        var summary = Summary(Short(GrpcCore(), 600, 8), Short(Kestrel(), 300, 2));

        var ratios = RunBarCharts.Ratios(summary);

        Assert.Equal(["sendLargeData p95", "getInt p99"], ratios.Series);
        var kestrel = ratios.Rows.Single(r => r.Label.StartsWith("kestrel"));
        Assert.Equal([0.5, 0.25], kestrel.Values.Select(v => Math.Round(v!.Value, 2)));
        Assert.Contains("highest percentile", ratios.Title);
    }

    [Fact]
    public void With_64_uploads_the_verdicts_give_the_p95_ratio_and_rank_the_settings_by_it()
    {
        var summary = Summary(Short(GrpcCore(), 600, 8), Short(Kestrel(), 300, 2), Short(Kestrel(profile: "large-windows"), 200, 3));

        var verdicts = Verdicts.For(summary);

        var headline = verdicts.Single(v => v.StartsWith("grpc-dotnet (kestrel, default)"));
        Assert.Contains("20 MiB upload p95 x0.5 of Grpc.Core (270 ms vs 540 ms; p99 n < 100)", headline);
        Assert.Contains("getInt p99 x0.3 (2.0 ms vs 8.0 ms)", headline);
        var best = verdicts.Single(v => v.StartsWith("On .NET 8, h2c:"));
        Assert.Contains("large-windows brings the grpc-dotnet 20 MiB upload p95 to x0.3 of Grpc.Core (180 ms vs 540 ms)", best);
        Assert.Contains("fewer than 100 20 MiB uploads, too few for a p99", best);
        Assert.Equal([Verdicts.CapacityPointer, Verdicts.AdvisePointer], verdicts.TakeLast(2));
    }

    /// <summary>A configuration of the first look: 64 uploads (p95 = 0.9 x <paramref name="uploadP99"/>), getInt's 600 calls as sampled.</summary>
    private static ConfigurationResult Short(LoadConfiguration configuration, double uploadP99, double getIntP99)
    {
        var result = Ok(configuration, uploadP99, getIntP99);
        var upload = result.Scenario(ScenarioNames.SendLargeData)!;
        return result with { Scenarios = [upload with { Ok = 64, Latency = upload.Latency with { Count = 64 } }, result.Scenario(ScenarioNames.GetInt)!] };
    }
}
