using System.Runtime.InteropServices;

namespace GrpcBench.Orchestration;

/// <summary>The calling thread pinned to a CPU and timed in its own CPU time (Linux): what the machine probes stand on.</summary>
internal static class ThisThread
{
    /// <summary>sched_setaffinity for the calling thread (pid 0): this thread alone on <paramref name="cpu"/>.</summary>
    public static bool PinTo(int cpu)
    {
        var mask = new ulong[16];
        if (cpu < 0 || cpu >= mask.Length * 64) return false;
        mask[cpu / 64] = 1UL << (cpu % 64);
        return SchedSetAffinity(0, (nuint)(mask.Length * sizeof(ulong)), mask) == 0;
    }

    /// <summary>The thread's CPU time, user and system, in ns.</summary>
    public static long CpuNs() => ClockGetTime(ClockThreadCpuTime, out var time) == 0
        ? time.Seconds * 1_000_000_000 + time.Nanoseconds
        : throw new InvalidOperationException("clock_gettime failed");

    /// <summary>The minor page faults the thread has taken (getrusage RUSAGE_THREAD, ru_minflt).</summary>
    public static long MinorFaults()
    {
        // struct rusage: two timevals (4 longs), then ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ...: 18 longs.
        var usage = new long[18];
        return GetRusage(RusageThread, usage) == 0 ? usage[8] : throw new InvalidOperationException("getrusage failed");
    }

    private const int ClockThreadCpuTime = 3, RusageThread = 1;

    [StructLayout(LayoutKind.Sequential)]
    private struct Timespec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [DllImport("libc", EntryPoint = "clock_gettime")]
    private static extern int ClockGetTime(int clock, out Timespec time);

    [DllImport("libc", EntryPoint = "getrusage")]
    private static extern int GetRusage(int who, long[] usage);

    [DllImport("libc", EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static extern int SchedSetAffinity(int pid, nuint size, ulong[] mask);
}
