using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

/// <summary>What a step measures beyond its latency: order statistics over its successful calls only, and the calls it started.</summary>
public class MeasuresTests
{
    [Fact]
    public async Task Measures_of_successful_calls_are_kept_whole_and_those_of_failed_calls_are_not()
    {
        var stats = await RunOneAsync(LoadScenario.Create("measured", context => Task.FromResult(context.InvocationNumber % 2 == 0
                ? StepResult.Ok().WithMeasure("records", context.InvocationNumber).WithMeasure("firstRecordMs", 1.5)
                : StepResult.Fail("Odd").WithMeasure("records", -1)))
            .WithLoadSimulations(LoadSimulation.Inject(20, Seconds(1), Seconds(1)))
            .WithWarmUpDuration(Seconds(0.5)));

        Assert.Equal(20, stats.Requests);
        Assert.Equal(30, stats.Invocations);
        var records = stats.Measures!["records"];
        Assert.Equal(stats.Ok, records.Count);
        Assert.True(records.Min > 0, "a failed call's measure is left out");
        Assert.Equal(1.5, stats.Measures["firstRecordMs"].P50);
    }

    [Fact]
    public async Task A_step_that_measures_nothing_more_has_no_measures()
    {
        var stats = await RunOneAsync(LoadScenario.Create("plain", Fast).WithLoadSimulations(LoadSimulation.Inject(10, Seconds(1), Seconds(0.5))));

        Assert.Null(stats.Measures);
    }
}
