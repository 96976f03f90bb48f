using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Profiling;

namespace GrpcBench.Load;

/// <summary>
/// Reads a served configuration's host and load worker every 5 s from /proc (RSS, CPU time), the worker's GC counts
/// from its progress lines and the host's from a <see cref="GcCounter"/>, from the moment the worker's load begins until stopped.
/// </summary>
public sealed class SoakSampler(ServedConfiguration served, Func<(long Ok, long Failed)> calls, GcCounter? hostGc)
{
    private readonly List<SoakSample> _samples = [];

    public IReadOnlyList<SoakSample> Samples { get { lock (_samples) return [.. _samples]; } }

    public SoakSample? Last { get { lock (_samples) return _samples.Count == 0 ? null : _samples[^1]; } }

    public async Task RunAsync(CancellationToken stop)
    {
        try
        {
            while (served.Worker?.LoadBeganAt is null) await Task.Delay(200, stop);
            var began = served.Worker.LoadBeganAt.Value;
            for (var next = 0; ; next++)
            {
                var due = began + TimeSpan.FromSeconds(next * SoakOptions.SampleSeconds) - DateTime.UtcNow;
                if (due > TimeSpan.Zero) await Task.Delay(due, stop);
                var sample = Read(served.Host?.Pid, served.Worker, (DateTime.UtcNow - began).TotalSeconds);
                lock (_samples) _samples.Add(sample);
            }
        }
        catch (OperationCanceledException)
        {
            // The measurement ended: so does the sampling.
        }
    }

    private SoakSample Read(int? hostPid, WorkerProcess worker, double seconds)
    {
        var (ok, failed) = calls();
        var (hostRss, hostCpu) = Proc(hostPid);
        var (workerRss, workerCpu) = Proc(worker.HasExited ? null : worker.Pid);
        return new SoakSample(Math.Round(seconds, 1), hostRss, hostCpu, workerRss, workerCpu, worker.LastGcCounts, ok, failed) { HostGc = hostGc?.Counts };
    }

    /// <summary>RSS (MiB) and CPU time (s) of a live process; nulls for one that is gone.</summary>
    private static (double? RssMiB, double? CpuSeconds) Proc(int? pid)
    {
        if (pid is not { } live) return (null, null);
        try
        {
            return (Math.Round(ProcessStats.RssMiB(live), 1), Math.Round(ProcessStats.CpuTime(live).TotalSeconds, 2));
        }
        catch (Exception e) when (e is IOException or FormatException or UnauthorizedAccessException)
        {
            return (null, null);
        }
    }
}
