using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

/// <summary>The capacity table over repeats, on made-up searches whose figures are easy to check by hand.</summary>
public class CapacityTableTests
{
    private static readonly MixRan Uploads = new("uploads", ScenarioNames.SendLargeData, [ScenarioNames.SendLargeData], "20 MiB uploads alone", CapacitySlo.Default, Arrivals.Uniform);

    /// <summary>A search that held every rung of 4, 8, 16 ... up to <paramref name="capacity"/>, at 5 ms of host CPU per call at each.</summary>
    private static ConfigurationResult Search(LoadConfiguration configuration, double capacity, int repeat, double p99AtEight = 100, long failedAtEight = 0)
    {
        var probes = new List<CapacityProbe>();
        for (var rate = 4.0; rate <= capacity; rate *= 2) probes.Add(Probe(rate, null, rate == 8 ? p99AtEight : 50, rate == 8 ? failedAtEight : 0));
        probes.Add(Probe(capacity, null, 400, 0));
        probes.Add(Probe(capacity * 1.04, "sendLargeData: p99 1,500 ms > 1,000 ms", 1500, 0));
        var result = new ConfigurationResult
        {
            Configuration = configuration with { Scenarios = [ScenarioNames.SendLargeData], PayloadBytes = SampleRuns.TwentyMiB },
            Status = ConfigurationStatus.Ok, HostRuntimeReported = ".NET 10.0.1", ClientRuntimeReported = ".NET 10.0.1",
            ServerPeakRssMiB = 300, ClientPeakRssMiB = 200, Cpus = new CpuRecord("host=1 worker=0", "1", "0", true), Repeat = repeat,
        };
        return result with { Capacity = new CapacityResult(ScenarioNames.SendLargeData, capacity, CapacitySlo.Default, Arrivals.Uniform, 0.05, "resolution", probes, 0.97, 0.5, "uploads") };
    }

    private static CapacityProbe Probe(double rate, string? missed, double p99, long failed)
    {
        var calls = (long)(rate * 3);
        var stats = SampleRuns.Stats(ScenarioNames.SendLargeData, p99 / 2, p99, failed > 0 ? new Dictionary<string, long> { ["DeadlineExceeded"] = failed } : new Dictionary<string, long>())
            with { Invocations = calls, Calls = null };
        return new CapacityProbe(rate, missed, [stats], ServerCpuSeconds: calls * 0.005, ClientCpuSeconds: calls * 0.004, calls, calls * 20.0, Seconds: 3.5)
            { ServerFaults = new PageFaults(calls * 1_200, 0), ClientFaults = new PageFaults(calls * 300, 0) };
    }

    private static IReadOnlyList<ConfigurationResult> Runs() =>
    [
        Search(SampleRuns.GrpcCore("net10.0"), 40, 1), Search(SampleRuns.Kestrel("net10.0"), 12, 1, p99AtEight: 300, failedAtEight: 2),
        Search(SampleRuns.GrpcCore("net10.0"), 41, 2), Search(SampleRuns.Kestrel("net10.0"), 12.5, 2),
        Search(SampleRuns.GrpcCore("net10.0"), 39, 3), Search(SampleRuns.Kestrel("net10.0"), 11.6, 3),
    ];

    [Fact]
    public void The_common_rate_is_the_highest_rate_all_held_at_most_60_percent_of_the_lowest_capacity()
    {
        Assert.Equal(4, CapacityTable.CommonRate(Runs()));
        Assert.Equal(8, CapacityTable.CommonRate(Runs(), belowCapacity: 1));
    }

    [Fact]
    public void Kestrel_at_a_third_of_grpc_core_s_capacity_in_every_repeat_is_lower_by_the_test_with_the_range_of_every_repeat_pair()
    {
        var table = CapacityTable.Build(Runs(), [Uploads], 0.1);

        var mix = Assert.Single(table.Mixes);
        var kestrel = mix.Rows.Single(r => r.Configuration.Server == ServerStack.Kestrel);
        var core = mix.Rows.Single(r => r.Configuration.Server == ServerStack.GrpcCore);
        Assert.Equal((40.0, 39.0, 41.0, 3), (core.Capacity!.Median, core.Capacity.Lower, core.Capacity.Upper, core.Runs));
        Assert.Equal(12, kestrel.Capacity!.Median);
        Assert.Equal(12.0 / 40, kestrel.VersusGrpcCore!.Median, precision: 2);
        Assert.Equal(11.6 / 41, kestrel.VersusGrpcCore.Lower, precision: 3);
        Assert.Equal(12.5 / 39, kestrel.VersusGrpcCore.Upper, precision: 3);
        Assert.Equal("lower", kestrel.Decision);
        Assert.Null(core.Decision);
        Assert.Equal(5, kestrel.ServerCpuMsPerCall!.Median, precision: 6);
        Assert.Equal(0.25, kestrel.ServerCpuMsPerMiB!.Median, precision: 6);
        // 12/s x 5 ms per call on one CPU: 6 % of it.
        Assert.Equal(0.06, kestrel.CapacityTimesCost!.Median, precision: 6);
        // Every held probe at 5 ms a call and nothing else: the slope is 5 ms, the fixed part none.
        Assert.Equal(5, kestrel.ServerMarginalMsPerCall!.Median, precision: 6);
        Assert.Equal(0, kestrel.ServerFixedMsPerSecond!.Median, precision: 6);
        Assert.Equal(0.06, kestrel.CapacityTimesMarginal!.Median, precision: 6);
    }

    [Fact]
    public void A_server_bound_row_whose_capacity_times_marginal_cost_is_far_from_its_cpus_is_flagged_and_one_near_them_is_not()
    {
        // 97 % busy at capacity yet 12/s x 5 ms is 6 % of the CPU: a figure is wrong.
        var findings = CapacityReport.Findings(CapacityTable.Build(Runs(), [Uploads], 0.1));

        Assert.Contains(findings, f => f.StartsWith("uploads, kestrel") && f.Contains("the physics check fails: capacity x marginal host CPU per call (5 ms) is 6 % of the host's CPUs"));
        // 190/s x 5 ms: 95 % of the CPU, as a server-bound search should.
        var fits = CapacityReport.Findings(CapacityTable.Build([Search(SampleRuns.GrpcCore("net10.0"), 190, 1)], [Uploads], 0.1));
        Assert.DoesNotContain(fits, f => f.Contains("physics"));
    }

    [Fact]
    public void Each_row_names_what_ended_its_searches_and_prices_the_hosts_faults_per_call_at_this_machines_fault_cost()
    {
        var runs = Runs();
        var table = CapacityTable.Build(runs, [Uploads], 0.1);
        var kestrel = table.Mixes[0].Rows.Single(r => r.Configuration.Server == ServerStack.Kestrel);
        var summary = (SampleRuns.Summary([.. runs]) with { Preset = "capacity" }).WithCapacity(table);
        summary = summary with { Run = summary.Run with { Machine = summary.Run.Machine with { Memory = new MemoryCost(12.5, 0.04, 256, 14, "madvise", 1) } } };

        Assert.Equal(["sendLargeData p99", "sendLargeData p99", "sendLargeData p99"], kestrel.Limits);
        Assert.Equal(1_200, kestrel.ServerFaultsPerCall!.Median);
        var report = CapacityReport.Render(summary);
        Assert.Contains(") | sendLargeData p99 (all 3) | 5 |", report);
        // 1,200 faults a call at 12.5 µs: 15 ms (the made-up host spends 5 ms a call; the price is what is checked).
        Assert.Contains("| 1,200 (15.0 ms) |", report);
        Assert.Contains("host page faults per call (ms of CPU at 12.5 µs a fault)", report);
        Assert.Contains(CapacityReport.Findings(table), f => f.StartsWith("uploads, kestrel") && f.Contains(": 12/s (ended on sendLargeData p99 (all 3)), x0.30"));
    }

    [Fact]
    public void Fails_at_the_common_rate_come_before_the_percentiles_which_are_marked_as_over_survivors()
    {
        var runs = Runs();
        var table = CapacityTable.Build(runs, [Uploads with { CommonPerSecond = 8 }], 0.1);
        var summary = (SampleRuns.Summary([.. runs]) with { Preset = "capacity" }).WithCapacity(table);

        var kestrel = table.Mixes[0].Rows.Single(r => r.Configuration.Server == ServerStack.Kestrel);
        var latency = Assert.Single(kestrel.Latency);
        Assert.Equal((2L, 100.0, 300.0), (latency.Failed, latency.P99Ms.Median, latency.P99Ms.Upper));
        var report = CapacityReport.Render(summary);
        Assert.Contains("| 2 failed; over survivors ", report);
        Assert.Contains("x0.30 (range of 9: 0.28-0.32)", report);
        Assert.Contains("lower (Welch TOST, p ", report);
        Assert.Contains("![uploads: p99 against the offered rate](capacity-uploads.png)", report);
    }

    [Fact]
    public void The_charts_draw_the_hockey_stick_of_each_mix_and_the_capacity_ratios()
    {
        var runs = Runs();
        var summary = (SampleRuns.Summary([.. runs]) with { Preset = "capacity" }).WithCapacity(CapacityTable.Build(runs, [Uploads], 0.1));

        var charts = CapacityCharts.Render(summary);

        Assert.Equal(["capacity.png", "capacity-uploads.png"], charts.Select(c => c.FileName));
        Assert.All(charts, c => PngAssert.IsChart(c.Png));
    }
}
