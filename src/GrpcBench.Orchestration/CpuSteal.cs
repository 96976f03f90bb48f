namespace GrpcBench.Orchestration;

/// <summary>
/// Steal time: what the hypervisor of a virtual machine took of each CPU for others (/proc/stat's eighth column, in clock
/// ticks). A run whose CPUs lost a share of its span to steal ran on less machine than its figures assume; this machine
/// is a shared virtual machine with slow spells.
/// </summary>
public static class CpuSteal
{
    private const double ClockTicksPerSecond = 100;

    /// <summary>Each CPU's steal so far, in seconds; empty where /proc/stat cannot be read.</summary>
    public static IReadOnlyDictionary<int, double> Now()
    {
        try
        {
            return Parse(File.ReadAllText("/proc/stat"));
        }
        catch (IOException)
        {
            return new Dictionary<int, double>();
        }
        catch (UnauthorizedAccessException)
        {
            return new Dictionary<int, double>();
        }
    }

    /// <summary>The "cpuN user nice system idle iowait irq softirq steal ..." lines of a /proc/stat text.</summary>
    public static IReadOnlyDictionary<int, double> Parse(string stat)
    {
        var steal = new Dictionary<int, double>();
        foreach (var line in stat.Split('\n'))
        {
            var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length > 8 && fields[0].Length > 3 && fields[0].StartsWith("cpu", StringComparison.Ordinal)
                && int.TryParse(fields[0].AsSpan(3), out var cpu) && long.TryParse(fields[8], out var ticks))
                steal[cpu] = ticks / ClockTicksPerSecond;
        }
        return steal;
    }

    /// <summary>
    /// The share of <paramref name="seconds"/> the hypervisor took from <paramref name="cpus"/> between two readings, as
    /// a share of one CPU's time (their mean); null where a CPU is missing from a reading or the span is empty.
    /// </summary>
    public static double? Share(IReadOnlyDictionary<int, double> before, IReadOnlyDictionary<int, double> after, IReadOnlyList<int> cpus, double seconds)
    {
        if (seconds <= 0 || cpus.Count == 0 || !cpus.All(c => before.ContainsKey(c) && after.ContainsKey(c))) return null;
        return cpus.Average(c => after[c] - before[c]) / seconds;
    }
}
