using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

/// <summary>The advisor's CPU per upload split into page faults (count x this machine's cost) and the rest, and what it would be at 0.5 µs a fault.</summary>
public class FaultCostTests
{
    private static readonly MemoryCost Here = new(12.5, 0.04, 256, 14, "madvise", 1);

    private static ConfigurationResult Saturated(LoadConfiguration configuration, long uploads, double hostCpuSeconds, long hostFaults) => Ok(configuration, 300, 10) with
    {
        Throughput = new ThroughputResult("sendLargeData", 4, 20, uploads, 0, hostCpuSeconds, 5, 1, 1, new Dictionary<string, double> { ["getInt"] = 12 }),
        ServerFaults = new PageFaults(hostFaults, 0),
    };

    [Fact]
    public void The_confirmed_runs_count_the_hosts_faults_per_upload_over_the_span_of_its_cpu_per_upload()
    {
        // Grpc.Core: 100 uploads, 11 s of CPU (110 ms each), 610,000 faults (6,100 each); the default: 200 uploads, 1,500 faults each.
        var rows = ScreenFindings.Confirm(
        [
            ("default", [Saturated(Kestrel("net10.0"), 200, 20, 300_000), Saturated(Kestrel("net10.0"), 200, 20, 300_000)]),
            ("Grpc.Core", [Saturated(GrpcCore("net10.0"), 100, 11, 610_000), Saturated(GrpcCore("net10.0"), 100, 11, 610_000)]),
        ], 0.1);

        Assert.Equal(1_500, rows[0].HostFaultsPerCall!.Median);
        Assert.Equal(6_100, rows[1].HostFaultsPerCall!.Median);
        // 6,100 faults at 12.5 µs are 76 ms of Grpc.Core's 110; at 0.5 µs 3 ms: 110 - 6,100 x 12 µs = 36.8 ms.
        Assert.Equal("6,100 (76.3 ms here)", FaultCost.Faults(rows[1].HostFaultsPerCall, Here));
        Assert.Equal("36.8", FaultCost.AtTypicalCost(rows[1].HostCpuMsPerCall, rows[1].HostFaultsPerCall, Here));
        Assert.Equal(Numbers.Missing, FaultCost.AtTypicalCost(rows[1].HostCpuMsPerCall, null, Here));
    }
}
