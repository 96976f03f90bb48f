using System.Diagnostics;

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

    /// <summary>The CPUs this process may run on.</summary>
    public static IReadOnlyList<int> OfThisProcess() => CpuList.Parse(AllowedList(Environment.ProcessId));
}
