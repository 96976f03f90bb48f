using System.Diagnostics;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using Xunit.Abstractions;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class OpenModelTests(ITestOutputHelper output)
{
    [Fact]
    public async Task Inject_50_per_second_for_10_s_starts_exactly_500_calls_at_the_asked_rate()
    {
        var stats = await RunOneAsync(LoadScenario.Create("inject", Fast).WithLoadSimulations(LoadSimulation.Inject(50, Seconds(1), Seconds(10))));

        output.WriteLine($"achieved {stats.AchievedInjectionRate:F3}/s, start lag p99 {stats.P99StartLagMs:F2} ms, max {stats.MaxStartLagMs:F2} ms");
        Assert.Equal((500, 0), (stats.Ok, stats.Failed));
        Assert.Equal((50, 10, 50), (stats.AskedInjectionRate, stats.DurationSeconds, stats.Rps));
        Assert.InRange(stats.AchievedInjectionRate, 49, 51);
        Assert.Equal((5000, 10000), (stats.BytesSent, stats.BytesReceived));
    }

    [Fact]
    public async Task RampingInject_from_0_to_40_per_second_over_5_s_starts_100_calls()
    {
        var stats = await RunOneAsync(LoadScenario.Create("ramp", Fast).WithLoadSimulations(LoadSimulation.RampingInject(40, Seconds(1), Seconds(5))));

        // The schedule's own rate: 99 intervals between the first start and the last, at √99 / 2 s.
        var scheduledRate = 99 / (Math.Sqrt(99) / 2);
        output.WriteLine($"achieved {stats.AchievedInjectionRate:F3}/s against {scheduledRate:F3}/s, start lag p99 {stats.P99StartLagMs:F2} ms, max {stats.MaxStartLagMs:F2} ms");
        Assert.Equal(100, stats.Requests);
        Assert.Equal(20, stats.AskedInjectionRate);
        Assert.InRange(stats.AchievedInjectionRate, scheduledRate * 0.98, scheduledRate * 1.02);
    }

    [Fact]
    public async Task A_stalled_server_shows_in_latency_not_in_the_load_offered()
    {
        var concurrency = new ConcurrencyMeter();
        Task<StepResult> Step(StepContext context) =>
            concurrency.MeasureAsync(() => context.ScheduledStart >= Seconds(2) && context.ScheduledStart < Seconds(2.5) ? Task.Delay(300) : Task.CompletedTask);

        var stats = await RunOneAsync(LoadScenario.Create("stall", Step).WithLoadSimulations(LoadSimulation.Inject(50, Seconds(1), Seconds(5))));

        output.WriteLine($"p50 {stats.Latency.P50:F2} ms, p99 {stats.Latency.P99:F2} ms, achieved {stats.AchievedInjectionRate:F3}/s, " +
            $"start lag max {stats.MaxStartLagMs:F2} ms, most at once {concurrency.Max}");
        Assert.Equal(250, stats.Ok);
        Assert.InRange(stats.AchievedInjectionRate, 49, 51);
        // One call in ten stalled for 300 ms (a timer may fire a millisecond early).
        Assert.True(stats.Latency.P99 >= 295, $"p99 {stats.Latency.P99} ms");
        Assert.True(stats.Latency.P50 < 50, $"p50 {stats.Latency.P50} ms");
        // 300 ms at 50/s: about 15 stalled calls were running at once, because the sender did not wait for them.
        Assert.True(concurrency.Max >= 10, $"{concurrency.Max} at once");
        Assert.True(stats.MaxStartLagMs < 100, $"start lag {stats.MaxStartLagMs} ms");
        // On the call timeline the stall sits where it happened: the 25 calls scheduled from 2 s to 2.5 s.
        Assert.Equal(250, stats.Calls!.Count);
        var stalled = stats.Calls.Where(c => c.StartSeconds >= 2 && c.StartSeconds < 2.5).ToList();
        Assert.Equal(25, stalled.Count);
        Assert.All(stalled, c => Assert.True(c.Ok && c.LatencyMs >= 300 - TimerSlack.Ms, $"{c}"));
    }

    [Fact]
    public async Task Two_scenarios_run_at_once_each_with_its_own_exact_count()
    {
        var clock = Stopwatch.StartNew();
        var result = await LoadRunner.RunAsync([
            LoadScenario.Create("steady", Fast).WithLoadSimulations(LoadSimulation.Inject(30, Seconds(1), Seconds(2))),
            LoadScenario.Create("ramped", Fast).WithLoadSimulations(
                LoadSimulation.Inject(10, Seconds(1), Seconds(1)), LoadSimulation.RampingInject(30, Seconds(1), Seconds(1))),
        ]);

        Assert.Equal([("steady", 60L), ("ramped", 30L)], result.Scenarios.Select(s => (s.Name, s.Requests)));
        Assert.False(result.Cancelled);
        Assert.True(clock.Elapsed < Seconds(3), $"took {clock.Elapsed}: the scenarios ran one after the other");
    }
}
