using GrpcBench.Load.Engine;
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
}
