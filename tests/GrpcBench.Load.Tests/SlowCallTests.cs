using System.Collections.Concurrent;
using System.Diagnostics;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

/// <summary>Calls beyond a latency bound, counted while the run goes (what lets a capacity probe stop once its miss is certain).</summary>
public class SlowCallTests
{
    [Fact]
    public async Task Progress_counts_the_measured_calls_that_succeeded_later_than_the_scenarios_bound()
    {
        var reports = new ConcurrentQueue<LoadProgress>();
        // 20 calls in 1 s; every fifth one takes 300 ms, beyond the 150 ms bound.
        var scenario = LoadScenario.Create("slow", async context =>
            {
                await Task.Delay(context.InvocationNumber % 5 == 0 ? 300 : 1);
                return StepResult.Ok(1, 1);
            })
            .WithLoadSimulations(LoadSimulation.Inject(20, Seconds(1), Seconds(1)))
            .WithSlowAfter(TimeSpan.FromMilliseconds(150));

        await LoadRunner.RunAsync([scenario], new Progress<LoadProgress>(reports.Enqueue));

        Assert.Equal(4, reports.Last().Scenarios.Single().Slow);
    }

    [Fact]
    public async Task Calls_in_flight_beyond_the_bound_count_as_slow_so_a_run_whose_calls_never_end_stops_within_the_bound_not_at_the_deadline()
    {
        // 200 calls/s for 5 s that never end: without counting those in flight, nothing would count until the 30 s deadline.
        var scenario = LoadScenario.Create("stuck", Never)
            .WithLoadSimulations(LoadSimulation.Inject(200, Seconds(1), Seconds(5)))
            .WithSlowAfter(TimeSpan.FromMilliseconds(50));
        var clock = Stopwatch.StartNew();

        var result = await LoadRunner.RunAsync([scenario], stopWhen: s => s.Slow > 10);

        Assert.True(result.Cancelled);
        Assert.InRange(clock.Elapsed.TotalSeconds, 0, 2.5);
        var stats = result.Scenarios.Single();
        Assert.Equal(0, stats.Ok);
        // Stopped after the first 11 overdue calls (about 105 ms of injection), not after the 1,000 planned.
        Assert.InRange(stats.Failed, 11, 200);
    }

    [Fact]
    public async Task A_run_whose_calls_end_within_the_bound_is_not_stopped()
    {
        var scenario = LoadScenario.Create("fast", async _ =>
            {
                await Task.Delay(5);
                return StepResult.Ok(1, 1);
            })
            .WithLoadSimulations(LoadSimulation.Inject(200, Seconds(1), Seconds(1)))
            .WithSlowAfter(TimeSpan.FromMilliseconds(200));

        var result = await LoadRunner.RunAsync([scenario], stopWhen: s => s.Slow > 0 || s.Failed > 0);

        Assert.False(result.Cancelled);
        Assert.Equal(200, result.Scenarios.Single().Ok);
    }

    [Fact]
    public async Task Without_a_bound_no_call_counts_as_slow()
    {
        var reports = new ConcurrentQueue<LoadProgress>();

        await LoadRunner.RunAsync([LoadScenario.Create("no bound", async _ =>
        {
            await Task.Delay(200);
            return StepResult.Ok(1, 1);
        }).WithLoadSimulations(LoadSimulation.Inject(5, Seconds(1), Seconds(1)))], new Progress<LoadProgress>(reports.Enqueue));

        Assert.Equal(0, reports.Last().Scenarios.Single().Slow);
    }

    private static ScenarioProgress Slow(string scenario, long slow) => new(scenario, 0, "steady", 0, TimeSpan.Zero, TimeSpan.Zero, 0, 0, 0, slow);

    [Fact]
    public void Under_100_planned_calls_one_slow_call_misses_the_p99_since_the_slowest_call_is_the_figure()
    {
        // 20 uploads/s for 2 s: 40 planned.
        var shape = new LoadShape([new RampPhase(20, 2, Constant: true)], 1024, 1, 2)
        {
            Scenarios = [ScenarioNames.SendLargeData], StopBeyondP99Ms = new Dictionary<string, double> { [ScenarioNames.SendLargeData] = 1000 },
        };

        Assert.False(shape.P99Missed(Slow(ScenarioNames.SendLargeData, 0)));
        Assert.True(shape.P99Missed(Slow(ScenarioNames.SendLargeData, 1)));
    }

    [Fact]
    public void From_100_planned_calls_the_p99_is_missed_only_once_more_than_1_percent_of_them_were_slow()
    {
        // getInt at 1,000/s for 1 s beside uploads at 10/s: 1,000 planned getInt calls, 10 uploads.
        var shape = new LoadShape([new RampPhase(10, 1, Constant: true)], 1024, 1, 2)
        {
            GetIntPerSecond = 1_000, StopBeyondP99Ms = new Dictionary<string, double> { [ScenarioNames.GetInt] = 50 },
        };

        Assert.False(shape.P99Missed(Slow(ScenarioNames.GetInt, 11)));
        Assert.True(shape.P99Missed(Slow(ScenarioNames.GetInt, 12)));
        // A scenario without a bound never stops the run.
        Assert.False(shape.P99Missed(Slow(ScenarioNames.SendLargeData, 5)));
    }
}
