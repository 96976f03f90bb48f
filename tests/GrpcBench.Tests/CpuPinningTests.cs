using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// Host and worker pinned to CPUs of their own (--cpus): verified from /proc, and what their runtimes see.
/// </summary>
[Collection(LoadToolCollection.Name)]
public class CpuPinningTests
{
    [Fact]
    public async Task Host_and_worker_pinned_apart_are_verified_from_proc_and_their_runtimes_see_one_cpu_each()
    {
        var shape = new LoadShape([new RampPhase(10, 2, Constant: true)], 1024, 0, 10);

        var result = await ConfigurationRun.RunAsync(Kestrel(), shape, _ => { }, CancellationToken.None, new CpuPlacement("1", "0"));

        Assert.Equal(ConfigurationStatus.Ok, result.Status);
        Assert.Equal(new CpuRecord("host=1 worker=0", "1", "0", true, 1, 1, "workstation, concurrent", 1), result.Cpus);
    }

    [Fact]
    public async Task A_pinned_host_reports_the_one_cpu_it_has_and_the_runtime_drops_server_gc_on_one_cpu()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []) { Cpus = "1" });

        Assert.Equal("1", CpuAffinity.AllowedList(host.Pid));
        Assert.Equal(1, host.Ready.ProcessorCount);
        // The Kestrel host asks for server GC; on a single CPU the runtime runs workstation GC instead.
        Assert.StartsWith("workstation", host.Ready.Gc);
        Assert.Equal(1, host.Ready.GcHeapCount);
    }
}
