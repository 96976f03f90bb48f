using System.Runtime.InteropServices;

namespace GrpcBench.Service;

/// <summary>Busy work of a known CPU cost: the calling thread's own CPU clock, not the wall clock, so that preemption does not shorten it.</summary>
public static class ThreadCpu
{
    private const int ClockThreadCpuTime = 3;

    /// <summary>Spins until this thread has used <paramref name="cpu"/> of CPU time (wall time where there is no thread clock).</summary>
    public static void Spin(TimeSpan cpu)
    {
        var start = Now();
        var sink = 0UL;
        // Mostly managed arithmetic (about 0.1 ms) between reads of the clock, a system call: the cost is the service's own.
        while (Now() - start < cpu)
            for (var i = 0; i < 100_000; i++) sink = sink * 6364136223846793005UL + 1442695040888963407UL;
        GC.KeepAlive(sink);
    }

    private static TimeSpan Now()
    {
        if (OperatingSystem.IsLinux() && ClockGetTime(ClockThreadCpuTime, out var time) == 0)
            return TimeSpan.FromTicks(time.Seconds * TimeSpan.TicksPerSecond + time.Nanoseconds / 100);
        return TimeSpan.FromSeconds(System.Diagnostics.Stopwatch.GetTimestamp() / (double)System.Diagnostics.Stopwatch.Frequency);
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct Timespec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    // A vDSO call of a few hundred nanoseconds: no GC transition, so the thread stays in managed code as the profiler sees it.
    [DllImport("libc", EntryPoint = "clock_gettime")]
    [SuppressGCTransition]
    private static extern int ClockGetTime(int clock, out Timespec time);
}
