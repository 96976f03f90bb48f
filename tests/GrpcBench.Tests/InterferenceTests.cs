using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using GrpcBench.TransportProbe;

namespace GrpcBench.Tests;

/// <summary>The interference run against a real host, with short phases and small uploads.</summary>
public class InterferenceTests
{
    private static InterferenceOptions Options() =>
        new(["net10.0"], ["default"], ["h2c"], SmallPerSecond: 40, LargePerSecond: 4, SizeMiB: 1, TimeSpan.FromSeconds(2), Out: null);

    [Fact]
    public async Task Each_phase_offers_the_same_small_load_and_only_the_last_two_add_uploads()
    {
        var result = Assert.Single(await new InterferenceRun(Options(), QuietConsole.Create()).RunAsync(CancellationToken.None));

        Assert.Equal("ok", result.Status);
        Assert.StartsWith(".NET 10.0.", result.RuntimeDescription);
        Assert.Equal([InterferenceRun.Alone, InterferenceRun.SeparateConnection, InterferenceRun.SameConnection], result.Phases.Select(p => p.Phase));
        Assert.All(result.Phases, p => Assert.Equal((80, 0, 80), (p.Small.Ok, p.Small.Failed, p.Small.Latency.Count)));
        Assert.Null(result.Phases[0].Large);
        Assert.All(result.Phases.Skip(1), p => Assert.Equal((8, 0), (p.Large!.Ok, p.Large.Failed)));
        Assert.True(result.ServerCpuSeconds > 0);
    }

    [Fact]
    public async Task Open_loop_keeps_its_schedule_when_calls_are_slower_than_the_interval()
    {
        var started = 0;
        var clock = System.Diagnostics.Stopwatch.StartNew();

        var result = await OpenLoop.RunAsync(20, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(5), async ct =>
        {
            Interlocked.Increment(ref started);
            await Task.Delay(300, ct);
        }, CancellationToken.None);

        // 20 calls of 300 ms at 50 ms intervals: a closed loop would need 6 s, an open one about 1.25 s.
        Assert.Equal(20, result.Ok);
        Assert.InRange(clock.Elapsed.TotalSeconds, 1.0, 2.5);
        Assert.All(result.LatenciesMs, ms => Assert.InRange(ms, 290, 1000));
    }

    [Fact]
    public async Task Report_has_a_row_per_phase_and_a_chart()
    {
        var options = Options();
        var results = await new InterferenceRun(options, QuietConsole.Create()).RunAsync(CancellationToken.None);
        var folder = ResultsFolder.Create(Path.Combine(Path.GetTempPath(), "grpcbench-interference-" + Guid.NewGuid()));

        InterferenceReport.Write(folder, RunRecord.Now(), options, results);

        var report = File.ReadAllText(Path.Combine(folder, "report.md"));
        Assert.Equal(3, report.Split('\n').Count(l => l.StartsWith("| .NET 10.0.")));
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "interference.json")));
        Assert.Equal(3, json.RootElement.GetProperty("runs")[0].GetProperty("phases").GetArrayLength());
        Assert.Contains("+uploads, same conn.", File.ReadAllText(Path.Combine(folder, "chart.svg")));
        Directory.Delete(folder, recursive: true);
    }
}
