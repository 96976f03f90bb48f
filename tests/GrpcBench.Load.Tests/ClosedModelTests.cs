using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class ClosedModelTests
{
    [Fact]
    public async Task KeepConstant_2_copies_for_2_s_with_a_100_ms_step_makes_about_40_calls_never_more_than_2_at_once()
    {
        var concurrency = new ConcurrencyMeter();

        var stats = await RunOneAsync(LoadScenario.Create("closed", _ => concurrency.MeasureAsync(() => Task.Delay(100)))
            .WithLoadSimulations(LoadSimulation.KeepConstant(2, Seconds(2))));

        Assert.InRange(stats.Ok, 36, 42);
        Assert.Equal(2, concurrency.Max);
        // Timed from each call's own start: about the step's 100 ms.
        Assert.InRange(stats.Latency.Min, 100 - TimerSlack.Ms, 150);
        Assert.Equal(0, stats.AskedInjectionRate);
    }

    [Fact]
    public async Task KeepConstant_5_copies_for_200_requests_makes_exactly_200_calls_never_more_than_5_at_once_and_ends_with_the_last()
    {
        var concurrency = new ConcurrencyMeter();
        var started = 0;

        var stats = await RunOneAsync(LoadScenario.Create("closed", _ =>
            {
                Interlocked.Increment(ref started);
                return concurrency.MeasureAsync(() => Task.Delay(5));
            })
            .WithLoadSimulations(LoadSimulation.KeepConstant(5, Seconds(30), requests: 200)));

        Assert.Equal(200, Volatile.Read(ref started));
        Assert.Equal(200, stats.Ok);
        Assert.Equal(0, stats.Failed);
        Assert.Equal(5, concurrency.Max);
        // 40 rounds of about 5 ms: ended by the count, far before the 30 s bound.
        Assert.InRange(stats.DurationSeconds, 0.15, 10);
        Assert.InRange(stats.Rps, 20, 5 * 1000 / 5.0);
    }

    [Fact]
    public async Task KeepConstant_for_more_requests_than_its_time_holds_stops_at_its_time()
    {
        var stats = await RunOneAsync(LoadScenario.Create("closed", _ => new ConcurrencyMeter().MeasureAsync(() => Task.Delay(100)))
            .WithLoadSimulations(LoadSimulation.KeepConstant(2, Seconds(1), requests: 1_000_000)));

        Assert.InRange(stats.Ok, 16, 22);
        Assert.InRange(stats.DurationSeconds, 0.9, 1.1);
    }

    [Fact]
    public void KeepConstant_refuses_a_count_of_zero() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => LoadSimulation.KeepConstant(1, Seconds(1), requests: 0));
}
