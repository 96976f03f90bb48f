namespace GrpcBench.Orchestration;

/// <summary>CPU time and peak memory of a live process, read from /proc.</summary>
public static class ProcessStats
{
    public static TimeSpan CpuTime(int pid) => CpuTime(File.ReadAllText($"/proc/{pid}/stat"));

    /// <summary>User and system time of a /proc/&lt;pid&gt;/stat text.</summary>
    public static TimeSpan CpuTime(string stat)
    {
        // Fields 14 and 15 (after the parenthesised name, which may hold spaces and parentheses) are utime and stime in clock ticks.
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        var ticks = long.Parse(fields[11]) + long.Parse(fields[12]);
        return TimeSpan.FromSeconds(ticks / (double)ClockTicksPerSecond);
    }

    public static PageFaults Faults(int pid) => Faults(File.ReadAllText($"/proc/{pid}/stat"));

    /// <summary>Minor and major faults of a /proc/&lt;pid&gt;/stat text (fields 10 and 12), the process's own, not its children's.</summary>
    public static PageFaults Faults(string stat)
    {
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        return new PageFaults(long.Parse(fields[7]), long.Parse(fields[9]));
    }

    /// <summary>CPU time and page faults from one read of /proc/&lt;pid&gt;/stat: the two cover the same span.</summary>
    public static (TimeSpan Cpu, PageFaults Faults) CpuAndFaults(int pid)
    {
        var stat = File.ReadAllText($"/proc/{pid}/stat");
        return (CpuTime(stat), Faults(stat));
    }

    public static double PeakRssMiB(int pid) => PeakRssMiB(File.ReadAllText($"/proc/{pid}/status"));

    /// <summary>
    /// VmHWM of a /proc/&lt;pid&gt;/status text. The kernel prints "VmHWM:\t%8lu kB": from 10,000,000 kB on there is no
    /// space between the tab and the number, so the fields are split on any white space.
    /// </summary>
    public static double PeakRssMiB(string status) => StatusMiB(status, "VmHWM");

    /// <summary>The resident set now (VmRSS), in MiB.</summary>
    public static double RssMiB(int pid) => StatusMiB(File.ReadAllText($"/proc/{pid}/status"), "VmRSS");

    private static double StatusMiB(string status, string field)
    {
        var line = status.Split('\n').FirstOrDefault(l => l.StartsWith(field + ":", StringComparison.Ordinal))
            ?? throw new FormatException($"no {field} line in /proc/<pid>/status");
        var fields = line.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
        return fields.Length >= 2 && long.TryParse(fields[1], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var kiB)
            ? kiB / 1024.0
            : throw new FormatException($"unexpected {field} line in /proc/<pid>/status: {line}");
    }

    // USER_HZ is 100 on every Linux architecture .NET supports.
    private const int ClockTicksPerSecond = 100;
}
