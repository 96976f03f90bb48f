namespace GrpcBench.Orchestration;

/// <summary>CPU time and peak memory of a live process, read from /proc.</summary>
public static class ProcessStats
{
    public static TimeSpan CpuTime(int pid)
    {
        // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name) are utime and stime in clock ticks.
        var stat = File.ReadAllText($"/proc/{pid}/stat");
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        var ticks = long.Parse(fields[11]) + long.Parse(fields[12]);
        return TimeSpan.FromSeconds(ticks / (double)ClockTicksPerSecond);
    }

    public static double PeakRssMiB(int pid)
    {
        var line = File.ReadLines($"/proc/{pid}/status").First(l => l.StartsWith("VmHWM:"));
        return long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]) / 1024.0;
    }

    // USER_HZ is 100 on every Linux architecture .NET supports.
    private const int ClockTicksPerSecond = 100;
}
