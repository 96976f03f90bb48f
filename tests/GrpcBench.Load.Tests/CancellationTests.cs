using System.Diagnostics;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class CancellationTests
{
    [Fact]
    public async Task Cancelling_mid_run_returns_partial_stats_marked_cancelled_at_once()
    {
        // Every other call never completes and ignores its token: cancelling must not wait for their 30 s deadline.
        static Task<StepResult> Step(StepContext context) => context.InvocationNumber % 2 == 0 ? Never(context) : Fast(context);
        using var cancellation = new CancellationTokenSource(Seconds(1));
        var clock = Stopwatch.StartNew();

        var result = await LoadRunner.RunAsync(
            [LoadScenario.Create("cancelled", Step).WithLoadSimulations(LoadSimulation.Inject(20, Seconds(1), Seconds(30)))],
            cancellationToken: cancellation.Token);

        var stats = result.Scenarios.Single();
        Assert.True(result.Cancelled);
        Assert.True(clock.Elapsed < Seconds(1.5), $"took {clock.Elapsed}");
        Assert.InRange(stats.Requests, 18, 22);
        Assert.InRange(stats.Ok, 9, 11);
        Assert.Equal(stats.Failed, stats.FailsByCode["Cancelled"]);
        Assert.InRange(stats.DurationSeconds, 0.95, 1.2);
    }
}
