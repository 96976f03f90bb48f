using System.Diagnostics;

namespace GrpcBench.Load.Engine;

/// <summary>The one clock every scenario of a run is scheduled on, started when the run starts.</summary>
internal sealed class RunClock
{
    // A sleeping thread wakes up to a millisecond or so late; the last stretch before a start is spun instead, so
    // that starts land on their schedule and the achieved rate matches the asked one.
    private static readonly TimeSpan SpinBelow = TimeSpan.FromMilliseconds(2);

    private readonly Stopwatch _stopwatch = Stopwatch.StartNew();

    public TimeSpan Elapsed => _stopwatch.Elapsed;

    /// <summary>Blocks the calling thread until <paramref name="target"/>; false if cancelled first.</summary>
    public bool WaitUntil(TimeSpan target, CancellationToken cancellationToken)
    {
        var remaining = target - Elapsed;
        if (remaining > SpinBelow && cancellationToken.WaitHandle.WaitOne(remaining - SpinBelow)) return false;
        var spinner = new SpinWait();
        while (Elapsed < target && !cancellationToken.IsCancellationRequested) spinner.SpinOnce(sleep1Threshold: -1);
        return !cancellationToken.IsCancellationRequested;
    }
}
