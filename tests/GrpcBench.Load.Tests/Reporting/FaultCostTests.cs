using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Reporting.Charts;
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

    [Fact]
    public void The_cost_chart_sets_each_confirmed_hosts_cpu_beside_its_faults_here_and_its_cpu_at_a_typical_fault_cost()
    {
        var rows = ScreenFindings.Confirm(
        [
            ("default", [Saturated(Kestrel("net10.0"), 200, 20, 300_000), Saturated(Kestrel("net10.0"), 200, 20, 300_000)]),
            ("Grpc.Core", [Saturated(GrpcCore("net10.0"), 100, 11, 610_000), Saturated(GrpcCore("net10.0"), 100, 11, 610_000)]),
        ], 0.1);
        var advice = new AdviceSummary("net10.0", "uploads", "20 MiB uploads", null, null, 0.1, [], [], [], [], 5)
        {
            Screen = new ScreenSummary("saturated uploads", 2, 0.05, 0.1, [], rows, 3),
        };

        var chart = CostChart.Of(advice, Here)!;

        Assert.Equal(["default", "Grpc.Core"], chart.Rows.Select(r => r.Label));
        // Grpc.Core: 110 ms measured, 6,100 faults at 12.5 µs = 76.25 ms of it, 36.8 ms at 0.5 µs a fault. The default: 100, 18.75, 82.
        Assert.Equal([110, 76.25, 36.8], chart.Rows[1].Values.Select(v => Math.Round(v!.Value, 2)));
        Assert.Equal([100, 18.75, 82], chart.Rows[0].Values.Select(v => Math.Round(v!.Value, 2)));
        Assert.Contains("12.5 µs", chart.Series[1]);
        // Nothing to draw where the machine's fault cost was not measured.
        Assert.Null(CostChart.Of(advice, null));
        Assert.True(HorizontalBars.Png(chart).Length > 1000);
    }
}
