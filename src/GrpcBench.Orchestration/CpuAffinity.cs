using System.Diagnostics;
using System.Globalization;

namespace GrpcBench.Orchestration;

/// <summary>
/// Which CPUs a process may run on: set as it starts (taskset, before the runtime reads its CPU count and sizes its
/// thread pool and server GC heaps from it) and read back from /proc/&lt;pid&gt;/status, as Linux applies it.
/// </summary>
public static class CpuAffinity
{
    /// <summary>The start wrapped in <c>taskset -c <paramref name="cpus"/></c>, which execs it (same pid); unchanged for null.</summary>
    public static ProcessStartInfo Pinned(ProcessStartInfo start, string? cpus) =>
        cpus is null ? start : Launchers.Prefixed(start, "taskset", "-c", cpus);

    /// <summary>Cpus_allowed_list of a live process, e.g. "1" or "0-1".</summary>
    public static string AllowedList(int pid) => AllowedList(File.ReadAllText($"/proc/{pid}/status"));

    /// <summary>Cpus_allowed_list of a /proc/&lt;pid&gt;/status text.</summary>
    public static string AllowedList(string status) =>
        status.Split('\n').FirstOrDefault(l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))?["Cpus_allowed_list:".Length..].Trim()
        ?? throw new FormatException("no Cpus_allowed_list line in /proc/<pid>/status");

    /// <summary>The CPUs of a list as Linux writes it ("0-2,5": 0, 1, 2, 5); FormatException for anything else.</summary>
    public static IReadOnlyList<int> Parse(string list)
    {
        var cpus = new SortedSet<int>();
        foreach (var part in list.Split(',', StringSplitOptions.TrimEntries))
        {
            var bounds = part.Split('-');
            if (bounds.Length is < 1 or > 2 || !bounds.All(b => int.TryParse(b, NumberStyles.None, CultureInfo.InvariantCulture, out _)))
                throw new FormatException($"{list}: not a CPU list (e.g. 1, 0-1, 0,2-3)");
            var (from, to) = (int.Parse(bounds[0], CultureInfo.InvariantCulture), int.Parse(bounds[^1], CultureInfo.InvariantCulture));
            if (to < from) throw new FormatException($"{list}: {part} runs backwards");
            for (var cpu = from; cpu <= to; cpu++) cpus.Add(cpu);
        }
        return [.. cpus];
    }

    /// <summary>The CPUs this process may run on.</summary>
    public static IReadOnlyList<int> OfThisProcess() => Parse(AllowedList(Environment.ProcessId));
}
