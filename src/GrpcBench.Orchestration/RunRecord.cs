using System.Diagnostics;
using System.Runtime.InteropServices;

namespace GrpcBench.Orchestration;

/// <summary>
/// A run's <see cref="RunRecord"/> read where it runs: the commit from git, the machine from /proc (<c>RunRecord.Now()</c>,
/// <c>MachineRecord.Current()</c>).
/// </summary>
public static class RunRecording
{
    extension(RunRecord)
    {
        /// <summary>The run's record now, the machine's memory cost measured on <paramref name="hostCpu"/> (the CPU the hosts will run on; unpinned where null).</summary>
        public static RunRecord Now(int? hostCpu = null) => new(GitCommit(), MachineRecord.Current() with { Memory = MachineMemory.Measure(hostCpu) }, DateTimeOffset.UtcNow);
    }

    extension(MachineRecord)
    {
        public static MachineRecord Current() => new(
            Environment.ProcessorCount,
            Math.Round(MemTotalKiB() / 1024.0 / 1024.0, 1),
            RuntimeInformation.OSDescription,
            File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name"))?.Split(':', 2)[1].Trim() ?? "unknown",
            // Set by eng/shaped-link.sh when the run happens inside a bandwidth-limited network namespace.
            Environment.GetEnvironmentVariable("GRPCBENCH_LINK"));
    }

    private static string GitCommit()
    {
        try
        {
            var git = Process.Start(new ProcessStartInfo("git", "-C " + DotnetRoots.RepositoryRoot + " describe --always --dirty --abbrev=12")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            })!;
            var commit = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit();
            return git.ExitCode == 0 ? commit : "unknown";
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "unknown (no git)";
        }
    }

    private static long MemTotalKiB() =>
        long.Parse(File.ReadLines("/proc/meminfo").First(l => l.StartsWith("MemTotal:")).Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]);
}
