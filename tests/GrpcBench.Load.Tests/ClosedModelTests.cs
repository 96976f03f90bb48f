using GrpcBench.Load.Engine;
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
}
