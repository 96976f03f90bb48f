using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>Runs scenarios at once, all started on the same clock, and returns what each measured.</summary>
public static class LoadRunner
{
    private static readonly TimeSpan ProgressInterval = TimeSpan.FromMilliseconds(500);
    private const int ProgressReportsPerSnapshot = 10;

    /// <summary>
    /// Returns when every scenario has played its phases and every call has ended or passed its deadline. Cancelling
    /// stops injection and cuts in-flight calls short; the partial result is then marked <see cref="LoadResult.Cancelled"/>.
    /// </summary>
    /// <param name="snapshots">
    /// Every 5 s, the figures so far, read from the recorders' histograms while calls go on and without the calls' points
    /// (<see cref="ScenarioStats.Calls"/> null): what a process that dies mid-run can still hand over.
    /// </param>
    /// <param name="stopWhen">
    /// Ends the run as a cancellation does once a scenario's progress meets it: checked by each injector every
    /// <see cref="StopCheckInterval"/> as it injects (its own thread, so an overloaded thread pool cannot delay the check)
    /// and with each progress report.
    /// </param>
    /// <param name="onMeasuring">
    /// Called once, when every scenario has begun its measured phases (its warm-up over and its warm-up calls ended): where
    /// a CPU time that is to cover the calls counted starts.
    /// </param>
    public static async Task<LoadResult> RunAsync(IReadOnlyList<LoadScenario> scenarios, IProgress<LoadProgress>? progress = null,
        CancellationToken cancellationToken = default, IProgress<LoadResult>? snapshots = null, Func<ScenarioProgress, bool>? stopWhen = null,
        Action? onMeasuring = null)
    {
        if (scenarios.Count == 0) throw new ArgumentException("no scenario to run", nameof(scenarios));
        if (scenarios.Select(s => s.Name).Distinct().Count() != scenarios.Count) throw new ArgumentException("scenario names must differ", nameof(scenarios));

        var startedAt = DateTimeOffset.UtcNow;
        var clock = new RunClock();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var stopCheck = stopWhen is null ? null : new Func<ScenarioProgress, bool>(p =>
        {
            if (!stopWhen(p)) return false;
            stop.Cancel();
            return true;
        });
        var notMeasuring = scenarios.Count;
        Action measuring = () =>
        {
            if (Interlocked.Decrement(ref notMeasuring) == 0) onMeasuring?.Invoke();
        };
        var runs = scenarios.Select(scenario => new ScenarioRun(scenario, clock, stopCheck, measuring)).ToArray();
        // Away from the caller's synchronization context (a UI's, a test runner's), so that no continuation of the
        // engine queues behind the caller's own work.
        var finished = Task.Run(() => Task.WhenAll(runs.Select(run => run.RunAsync(stop.Token))));
        if (progress is not null || snapshots is not null || stopCheck is not null)
            await Task.Run(() => ReportAsync(progress, snapshots, stopCheck, startedAt, clock, runs, finished));
        var stats = await finished;
        return new(startedAt, DateTimeOffset.UtcNow, stop.IsCancellationRequested, stats);
    }

    public static readonly TimeSpan StopCheckInterval = TimeSpan.FromMilliseconds(20);

    private static async Task ReportAsync(IProgress<LoadProgress>? progress, IProgress<LoadResult>? snapshots, Func<ScenarioProgress, bool>? stopCheck,
        DateTimeOffset startedAt, RunClock clock, IReadOnlyList<ScenarioRun> runs, Task finished)
    {
        for (var report = 1; ; report++)
        {
            await Task.WhenAny(finished, Task.Delay(ProgressInterval));
            var now = new LoadProgress(clock.Elapsed, runs.Select(run => run.Progress()).ToArray());
            if (stopCheck is not null && !finished.IsCompleted) _ = now.Scenarios.Any(stopCheck);
            progress?.Report(now);
            if (finished.IsCompleted) return;
            if (report % ProgressReportsPerSnapshot == 0)
                snapshots?.Report(new(startedAt, DateTimeOffset.UtcNow, false, runs.Select(run => run.Snapshot()).ToArray()));
        }
    }
}
