namespace GrpcBench.Orchestration;

/// <summary>
/// How fast the machine is right now: a fixed piece of work (copies of a 32 MiB buffer, beyond the CPU's caches as an
/// upload's 20 MiB messages are, and integer arithmetic) timed in the thread's own CPU time on one CPU. On a shared virtual machine the same work
/// sometimes takes far longer for minutes at a time (a neighbour on the same cores or memory): in one advise run the
/// default's saturated throughput fell from 18-19 to 12 uploads/s for ten minutes, the host's and the load worker's
/// CPU per upload up alike (x1.5). Timed before each run, it lets a fit take the machine's speed into account instead
/// of reading its swings as the knobs' effects.
/// </summary>
public static class MachineSpeed
{
    private const int BufferBytes = 32 * 1024 * 1024, Copies = 2, ArithmeticRounds = 5_000_000, Repeats = 3;

    /// <summary>
    /// The work's CPU time in ms on each of <paramref name="cpus"/>, the least of three tries each (an interrupt only
    /// adds), summed; null where the thread cannot be pinned or timed (not Linux).
    /// </summary>
    public static double? MeasureMs(IEnumerable<int> cpus)
    {
        if (!OperatingSystem.IsLinux()) return null;
        double? total = 0;
        var thread = new Thread(() =>
        {
            var source = new byte[BufferBytes];
            var target = new byte[BufferBytes];
            new Random(1).NextBytes(source);
            Work(source, target);
            foreach (var cpu in cpus)
            {
                if (!ThisThread.PinTo(cpu)) { total = null; return; }
                Thread.Yield();
                total += Enumerable.Range(0, Repeats).Min(_ => TimedMs(() => Work(source, target)));
            }
        }) { IsBackground = true, Name = "machine speed" };
        thread.Start();
        thread.Join();
        return total;
    }

    private static ulong Work(byte[] source, byte[] target)
    {
        for (var i = 0; i < Copies; i++) source.AsSpan().CopyTo(target);
        var sink = (ulong)target[^1];
        for (var i = 0; i < ArithmeticRounds; i++) sink = sink * 6364136223846793005UL + 1442695040888963407UL;
        return sink;
    }

    private static double TimedMs(Action work)
    {
        var start = ThisThread.CpuNs();
        work();
        return (ThisThread.CpuNs() - start) / 1e6;
    }
}
