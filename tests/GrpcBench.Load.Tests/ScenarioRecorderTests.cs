using System.Diagnostics;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using Xunit.Abstractions;

namespace GrpcBench.Load.Tests;

public class ScenarioRecorderTests(ITestOutputHelper output)
{
    private static TimeSpan Ms(double ms) => TimeSpan.FromMilliseconds(ms);

    [Fact]
    public void A_snapshot_has_the_final_figures_so_far_but_not_the_calls_points()
    {
        var recorder = new ScenarioRecorder(TimeSpan.Zero);
        var okMs = Enumerable.Range(1, 1000).Select(i => (double)i).ToArray();
        for (var i = 0; i < okMs.Length; i++)
        {
            recorder.Started(TimeSpan.FromSeconds(i / 100.0), TimeSpan.FromSeconds(i / 100.0) + Ms(i % 3));
            recorder.Completed(StepResult.Ok(10, 20).WithMeasure("records", i % 7), TimeSpan.FromSeconds(i / 100.0), Ms(okMs[i]));
        }
        recorder.Completed(StepResult.Fail("Unavailable", 10), TimeSpan.FromSeconds(10), Ms(2));

        var snapshot = recorder.Snapshot("s", TimeSpan.FromSeconds(10), 100, 1001);
        var final = recorder.Stats("s", TimeSpan.FromSeconds(10), 100, 1001);

        Assert.Null(snapshot.Calls);
        Assert.Equal(1001, final.Calls!.Count);
        Assert.Equal((final.Latency, final.FailLatency), (snapshot.Latency, snapshot.FailLatency));
        Assert.Equal((1000, 1, 1), (snapshot.Ok, snapshot.Failed, snapshot.FailsByCode["Unavailable"]));
        Assert.Equal((10010, 20000), (snapshot.BytesSent, snapshot.BytesReceived));
        Assert.Equal((2, 2), (snapshot.MaxStartLagMs, snapshot.P99StartLagMs));
        Assert.Equal(100, snapshot.AchievedInjectionRate, 6);
        Assert.Equal((1000, 0, 6), (snapshot.Measures!["records"].Count, snapshot.Measures["records"].Min, snapshot.Measures["records"].Max));
        var exact = LatencyStats.Of(okMs);
        Assert.Equal((exact.Count, exact.Min, exact.Mean, exact.Max), (snapshot.Latency.Count, snapshot.Latency.Min, snapshot.Latency.Mean, snapshot.Latency.Max));
        foreach (var percent in new[] { 50, 75, 90, 95, 99, 99.9 })
            Assert.InRange(snapshot.Latency.At(percent), exact.At(percent), exact.At(percent) * 1.001);
        Assert.Equal(2, snapshot.FailLatency.Max);
    }

    /// <summary>
    /// A million calls recorded, then one more completed every millisecond or so while snapshots are taken back to back
    /// for a second. The recorder once sorted every call for a snapshot under the lock that completion takes: each
    /// completion then waited out the snapshot under way, and the completing thread spent nearly all its time waiting.
    /// </summary>
    [Fact]
    public async Task Snapshots_taken_back_to_back_do_not_hold_up_the_calls_completing()
    {
        const int recorded = 1_000_000;
        var recorder = new ScenarioRecorder(TimeSpan.Zero);
        for (var i = 0; i < recorded; i++) recorder.Completed(StepResult.Ok(), TimeSpan.FromTicks(i), Ms(1 + i % 5000 / 100.0));
        ScenarioStats Snapshot() => recorder.Snapshot("s", TimeSpan.FromSeconds(10), 0, recorded);
        Snapshot();
        using var stop = new CancellationTokenSource();
        long completions = 0;

        var completer = Task.Factory.StartNew(() =>
        {
            var started = Stopwatch.GetTimestamp();
            var completing = TimeSpan.Zero;
            while (!stop.IsCancellationRequested)
            {
                var completionStarted = Stopwatch.GetTimestamp();
                recorder.Completed(StepResult.Ok(), TimeSpan.FromSeconds(1), Ms(3));
                completing += Stopwatch.GetElapsedTime(completionStarted);
                Interlocked.Increment(ref completions);
                Thread.Sleep(1);
            }
            return completing / Stopwatch.GetElapsedTime(started);
        }, TaskCreationOptions.LongRunning);
        var snapshots = 0;
        for (var started = Stopwatch.GetTimestamp(); Stopwatch.GetElapsedTime(started) < TimeSpan.FromSeconds(1) || snapshots < 3; snapshots++)
        {
            var completedBefore = Interlocked.Read(ref completions);
            Assert.True(Snapshot().Latency.Count >= recorded + completedBefore, "a snapshot counts every call completed before it");
        }
        stop.Cancel();
        var shareOfTimeCompleting = await completer;

        output.WriteLine($"{snapshots} snapshots, {completions} completions, {shareOfTimeCompleting:P1} of the time completing");
        Assert.True(shareOfTimeCompleting < 0.25, $"{shareOfTimeCompleting:P1} of the time completing a call");
        Assert.Equal(recorded + completions, Snapshot().Latency.Count);
    }
}
