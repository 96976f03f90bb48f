using System.Diagnostics;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class DeadlineTests
{
    [Fact]
    public async Task Calls_still_running_at_their_deadline_are_DeadlineExceeded_and_the_run_ends_soon_after()
    {
        // A quarter never complete and ignore their token; a quarter wait on their token; the rest succeed.
        static async Task<StepResult> Step(StepContext context)
        {
            switch (context.InvocationNumber % 4)
            {
                case 0: return await Never(context);
                case 1: await Task.Delay(Timeout.Infinite, context.CancellationToken); break;
            }

            return StepResult.Ok();
        }

        var clock = Stopwatch.StartNew();

        var stats = await RunOneAsync(LoadScenario.Create("deadline", Step)
            .WithLoadSimulations(LoadSimulation.Inject(20, Seconds(1), Seconds(2)))
            .WithCallTimeout(Seconds(0.5)));

        // The last call is due at 1.95 s, so its deadline is 2.45 s (give or take a timer tick).
        Assert.InRange(clock.Elapsed, Seconds(2.4), Seconds(2.45 + 0.4));
        Assert.Equal((20, 20), (stats.Ok, stats.Failed));
        Assert.Equal(new Dictionary<string, long> { ["DeadlineExceeded"] = 20 }, stats.FailsByCode);
        // Cut at the deadline, to the resolution of the system's timers.
        Assert.InRange(stats.FailLatency.Min, 500 - TimerSlack.Ms, 600);
        Assert.InRange(stats.FailLatency.Max, 500 - TimerSlack.Ms, 600);
    }

    [Fact]
    public async Task Fails_are_counted_by_code_and_an_exception_by_its_type_name()
    {
        static Task<StepResult> Step(StepContext context) => (context.InvocationNumber % 3) switch
        {
            0 => throw new InvalidOperationException("the step broke"),
            1 => Task.FromResult(StepResult.Fail("ResourceExhausted", 5)),
            _ => Task.FromResult(StepResult.Ok(10, 20)),
        };

        var stats = await RunOneAsync(LoadScenario.Create("fails", Step).WithLoadSimulations(LoadSimulation.Inject(30, Seconds(1), Seconds(1))));

        Assert.Equal((10, 20), (stats.Ok, stats.Failed));
        Assert.Equal(new Dictionary<string, long> { ["InvalidOperationException"] = 10, ["ResourceExhausted"] = 10 }, stats.FailsByCode);
        Assert.Equal((150, 200), (stats.BytesSent, stats.BytesReceived));
        Assert.Equal((10, 20), (stats.Latency.Count, stats.FailLatency.Count));
    }
}
