using System.Collections.Concurrent;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Steps;

namespace GrpcBench.Load.Tests;

public class ProgressTests
{
    private sealed class Snapshots : IProgress<LoadProgress>
    {
        public ConcurrentQueue<LoadProgress> Reports { get; } = new();

        public void Report(LoadProgress value) => Reports.Enqueue(value);
    }

    [Fact]
    public async Task Progress_is_reported_about_twice_a_second_with_the_phase_and_rate_of_the_moment()
    {
        var snapshots = new Snapshots();

        await LoadRunner.RunAsync(
            [LoadScenario.Create("progress", Fast).WithLoadSimulations(LoadSimulation.Inject(10, Seconds(1), Seconds(1)), LoadSimulation.Inject(20, Seconds(1), Seconds(1)))],
            snapshots);

        var reports = snapshots.Reports.ToArray();
        var scenario = reports.Select(r => r.Scenarios.Single()).ToArray();
        Assert.InRange(reports.Length, 3, 6);
        Assert.True(reports.Zip(reports.Skip(1)).All(pair => pair.First.Elapsed < pair.Second.Elapsed));
        Assert.Contains(scenario, s => s is { PhaseIndex: 0, Phase: "inject 10 per 1s for 1s", TargetRatePerSecond: 10 });
        Assert.Contains(scenario, s => s is { PhaseIndex: 1, TargetRatePerSecond: 20 });
        Assert.Equal(new ScenarioProgress("progress", 2, "done", 0, TimeSpan.Zero, TimeSpan.Zero, 30, 0, 0), scenario[^1]);
    }

    [Fact]
    public async Task Figures_so_far_are_handed_over_every_5_s_while_the_run_lasts()
    {
        var partial = new ConcurrentQueue<LoadResult>();

        var result = await LoadRunner.RunAsync([LoadScenario.Create("partial", Fast).WithLoadSimulations(LoadSimulation.Inject(10, Seconds(1), Seconds(6)))],
            snapshots: new Progress<LoadResult>(partial.Enqueue));

        var first = Assert.Single(partial).Scenarios.Single();
        Assert.InRange(first.DurationSeconds, 4.5, 5.5);
        Assert.InRange(first.Ok, 40, 55);
        Assert.Equal(60, result.Scenarios.Single().Ok);
    }
}
