using GrpcBench.Load.Engine;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class CallTimelineTests
{
    [Fact]
    public void More_calls_than_kept_are_sampled_evenly_in_start_order()
    {
        var calls = Enumerable.Range(0, 50_000).Reverse().Select(i => new CallPoint(i / 100.0, i, i % 10 != 0)).ToList();

        var kept = CallTimeline.Sampled(calls);

        Assert.Equal(CallTimeline.MaxPoints, kept.Count);
        Assert.Equal(0, kept[0].StartSeconds);
        Assert.True(kept.Zip(kept.Skip(1)).All(p => p.First.StartSeconds < p.Second.StartSeconds));
        Assert.InRange(kept[^1].StartSeconds, 499.9, 499.99);
    }

    [Fact]
    public void The_recorder_places_each_call_at_its_scheduled_start_after_the_measured_start()
    {
        var recorder = new ScenarioRecorder(TimeSpan.FromSeconds(3));
        recorder.Completed(StepResult.Ok(), TimeSpan.FromSeconds(4.5), TimeSpan.FromMilliseconds(12));
        recorder.Completed(StepResult.Fail("DeadlineExceeded"), TimeSpan.FromSeconds(5), TimeSpan.FromMilliseconds(30_000));

        var calls = recorder.Stats("getInt", TimeSpan.FromSeconds(10), 1, 2).Calls!;

        Assert.Equal([new CallPoint(1.5, 12, true), new CallPoint(2, 30_000, false)], calls);
    }

    [Fact]
    public void The_timeline_survives_a_round_trip_through_summary_json_one_compact_line_per_call()
    {
        var summary = Summary(Ok(GrpcCore(), 601, 8, getIntFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 3 }));

        var json = SummaryFile.Serialize(summary);
        var back = SummaryFile.Deserialize(json);

        var calls = summary.Configurations[0].Scenario(ScenarioNames.GetInt)!.Calls!;
        Assert.Equal(603, calls.Count);
        Assert.Equal(calls.Select(Rounded), back.Configurations[0].Scenario(ScenarioNames.GetInt)!.Calls!);
        Assert.Contains("[30.1,30000,0]", json);
        Assert.Equal(json, SummaryFile.Serialize(back));
    }

    private static CallPoint Rounded(CallPoint c) => c with { StartSeconds = Math.Round(c.StartSeconds, 3), LatencyMs = Math.Round(c.LatencyMs, 3) };
}
