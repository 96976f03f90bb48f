using System.Globalization;
using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>The gRPC host's cost per call of one case: CPU time, and the page faults inside it.</summary>
public sealed record HostCost(TimeSpan Cpu, double MinorFaults, double MajorFaults);

/// <summary>
/// The host's CPU time, page faults and the calls made, as each benchmark process measured them, in one file per case
/// under a folder of this run. The benchmark processes inherit the folder's name from the process that
/// starts them, so a case that failed this time never shows a figure from an earlier run.
/// </summary>
public sealed class HostCpuRecords : IDisposable
{
    private const string FolderVariable = "GRPCBENCH_HOST_CPU_RECORDS";
    private readonly string _folder;

    private HostCpuRecords(string folder) => _folder = folder;

    /// <summary>A fresh folder for the benchmark processes this process starts; disposed, it is gone.</summary>
    public static HostCpuRecords ForThisRun()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-host-cpu", $"{Environment.ProcessId}-{DateTime.UtcNow:yyyyMMddHHmmss}");
        Directory.CreateDirectory(folder);
        Environment.SetEnvironmentVariable(FolderVariable, folder);
        return new HostCpuRecords(folder);
    }

    /// <summary>One line per benchmark process: a case run with several launches sums them.</summary>
    public static void Record(string caseKey, TimeSpan hostCpu, PageFaults hostFaults, long calls)
    {
        if (Environment.GetEnvironmentVariable(FolderVariable) is not { Length: > 0 } folder) return;
        File.AppendAllText(Path.Combine(folder, caseKey),
            string.Create(CultureInfo.InvariantCulture, $"{hostCpu.Ticks} {calls} {hostFaults.Minor} {hostFaults.Major}\n"));
    }

    /// <summary>The host's cost per call, or null if no process of this case recorded one.</summary>
    public static HostCost? PerCall(string caseKey)
    {
        if (Environment.GetEnvironmentVariable(FolderVariable) is not { Length: > 0 } folder) return null;
        var file = Path.Combine(folder, caseKey);
        if (!File.Exists(file)) return null;
        var records = File.ReadLines(file).Select(line => line.Split(' ').Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray()).ToList();
        var calls = records.Sum(r => r[1]);
        return calls == 0 ? null
            : new HostCost(TimeSpan.FromTicks(records.Sum(r => r[0]) / calls), records.Sum(r => r[2]) / (double)calls, records.Sum(r => r[3]) / (double)calls);
    }

    public void Dispose()
    {
        Environment.SetEnvironmentVariable(FolderVariable, null);
        Directory.Delete(_folder, recursive: true);
    }
}

