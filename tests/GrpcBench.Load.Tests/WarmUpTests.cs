using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class WarmUpTests
{
    [Fact]
    public async Task Warm_up_calls_are_made_but_not_counted()
    {
        var invocations = 0;
        // Calls due during the 1 s warm-up fail, so a single one counted would show.
        Task<StepResult> Step(StepContext context)
        {
            Interlocked.Increment(ref invocations);
            return Task.FromResult(context.ScheduledStart < Seconds(1) ? StepResult.Fail("WarmUp") : StepResult.Ok());
        }

        var stats = await RunOneAsync(LoadScenario.Create("warm", Step)
            .WithLoadSimulations(LoadSimulation.Inject(20, Seconds(1), Seconds(1)))
            .WithWarmUpDuration(Seconds(1)));

        Assert.Equal(40, invocations);
        Assert.Equal((20, 0), (stats.Ok, stats.Failed));
        Assert.Equal(1, stats.DurationSeconds);
    }

    [Fact]
    public async Task A_closed_phase_of_one_copy_never_overlaps_a_warm_up_call_still_in_flight()
    {
        var concurrency = new ConcurrencyMeter();
        // 300 ms calls against a 500 ms warm-up: the warm-up's second call is in flight when measuring starts.
        var stats = await RunOneAsync(LoadScenario.Create("one at a time", context => concurrency.MeasureAsync(() => Task.Delay(300, context.CancellationToken)))
            .WithLoadSimulations(LoadSimulation.KeepConstant(1, Seconds(1)))
            .WithWarmUpDuration(Seconds(0.5)));

        Assert.Equal(1, concurrency.Max);
        Assert.Equal(0, stats.Failed);
        // Each measured call its own 300 ms, not shared with a warm-up call.
        Assert.InRange(stats.Latency.Max, 300 - TimerSlack.Ms, 400);
    }

    [Fact]
    public async Task Open_model_warm_up_calls_still_in_flight_are_cut_before_measuring_starts()
    {
        var concurrency = new ConcurrencyMeter();
        var besideLateCalls = new System.Collections.Concurrent.ConcurrentBag<int>();
        var stats = await RunOneAsync(LoadScenario.Create("slow warm-up", context => concurrency.MeasureAsync(() =>
            {
                // The measured calls from 500 ms after the cut on: the cut warm-up calls have ended by then, however busy the machine.
                if (context.ScheduledStart >= Seconds(1.5)) besideLateCalls.Add(concurrency.Current);
                return Task.Delay(context.ScheduledStart < Seconds(1) ? 5_000 : 50, context.CancellationToken);
            }))
            .WithLoadSimulations(LoadSimulation.Inject(4, Seconds(1), Seconds(1)))
            .WithWarmUpDuration(Seconds(1)));

        // Four 5 s warm-up calls would still run beside the measured ones without the cut (5 in flight, not 1).
        Assert.Equal([1, 1], besideLateCalls);
        Assert.Equal((4, 0), (stats.Ok, stats.Failed));
    }

    [Fact]
    public async Task A_closed_phase_shorter_than_the_warm_up_call_it_waits_for_still_measures_one_call()
    {
        // A 700 ms transfer, a 100 ms warm-up and a 300 ms measured phase: the warm-up's call ends after the phase.
        var stats = await RunOneAsync(LoadScenario.Create("long transfer", context => Task.Delay(700, context.CancellationToken).ContinueWith(_ => StepResult.Ok()))
            .WithLoadSimulations(LoadSimulation.KeepConstant(1, Seconds(0.3)))
            .WithWarmUpDuration(Seconds(0.1)));

        Assert.Equal((1, 0), (stats.Ok, stats.Failed));
        Assert.InRange(stats.Latency.Max, 700 - TimerSlack.Ms, 900);
    }

    [Fact]
    public async Task The_measured_span_is_announced_once_every_scenario_has_ended_its_warm_up_calls()
    {
        var inFlight = 0;
        var warmUpCallsInFlightWhenAnnounced = -1;
        var announcements = 0;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var announcedAt = TimeSpan.Zero;
        async Task<StepResult> Step(StepContext context)
        {
            Interlocked.Increment(ref inFlight);
            await Task.Delay(300, context.CancellationToken);
            Interlocked.Decrement(ref inFlight);
            return StepResult.Ok();
        }

        // A closed-model scenario whose warm-up call is still in flight at 0.5 s, beside an open-model one.
        await LoadRunner.RunAsync([
                LoadScenario.Create("closed", Step).WithLoadSimulations(LoadSimulation.KeepConstant(1, Seconds(1))).WithWarmUpDuration(Seconds(0.5)),
                LoadScenario.Create("open", _ => Task.FromResult(StepResult.Ok())).WithLoadSimulations(LoadSimulation.Inject(10, Seconds(1), Seconds(1))).WithWarmUpDuration(Seconds(0.5)),
            ],
            onMeasuring: () =>
            {
                announcements++;
                announcedAt = clock.Elapsed;
                warmUpCallsInFlightWhenAnnounced = Volatile.Read(ref inFlight);
            });

        Assert.Equal(1, announcements);
        Assert.Equal(0, warmUpCallsInFlightWhenAnnounced);
        // The warm-up's second call (0.3-0.6 s) ended first.
        Assert.True(announcedAt.TotalSeconds >= 0.6 - TimerSlack.Ms / 1000.0, $"announced at {announcedAt.TotalSeconds:0.###} s");
    }

    [Fact]
    public async Task Without_a_warm_up_the_measured_span_is_announced_as_the_load_begins()
    {
        var callsBefore = -1;
        var calls = 0;
        await LoadRunner.RunAsync([LoadScenario.Create("open", _ =>
            {
                Interlocked.Increment(ref calls);
                return Task.FromResult(StepResult.Ok());
            }).WithLoadSimulations(LoadSimulation.Inject(10, Seconds(1), Seconds(1)))],
            onMeasuring: () => callsBefore = Volatile.Read(ref calls));

        Assert.Equal(0, callsBefore);
        Assert.Equal(10, calls);
    }
}
