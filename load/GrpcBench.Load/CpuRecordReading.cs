using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>A configuration's <see cref="CpuRecord"/> read from /proc while its processes run.</summary>
public static class CpuRecordReading
{
    extension(CpuRecord)
    {
        public static CpuRecord Read(CpuPlacement placement, int? hostPid, int? hostProcessorCount, int workerPid, int? workerProcessorCount,
            string? hostGc = null, int? hostGcHeapCount = null)
        {
            var host = hostPid is { } pid ? CpuAffinity.AllowedList(pid) : null;
            var worker = CpuAffinity.AllowedList(workerPid);
            bool Same(string? actual, string? asked) => actual is null || (asked is not null && CpuList.Parse(actual).SequenceEqual(CpuList.Parse(asked)));
            var verified = !placement.IsShared && Same(host, placement.Host) && Same(worker, placement.Worker)
                && (host is null || !CpuList.Parse(host).Intersect(CpuList.Parse(worker)).Any());
            return new(placement.ToString(), host, worker, verified, hostProcessorCount, workerProcessorCount, hostGc, hostGcHeapCount);
        }
    }
}
