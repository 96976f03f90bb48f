using System.Globalization;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Xunit.Abstractions;

namespace GrpcBench.Tests;

/// <summary>Page faults counted as a cost of their own, for the host and the load worker, over the span of their CPU time.</summary>
public class PageFaultTests(ITestOutputHelper output)
{
    // 1,000 pages (about 4 MiB) a call, mapped with huge pages refused (FreshPages), so a fault a page whatever the
    // huge-page mode; the host's own faults a call, a few dozen that vary from run to run, stay well inside 10 % of them.
    private const int Pages = 1_000;

    [Theory]
    [InlineData(ServerStack.Kestrel)]
    [InlineData(ServerStack.GrpcCore)]
    public async Task A_host_that_maps_1000_fresh_pages_a_getInt_is_counted_1000_more_faults_a_call_within_10_percent(ServerStack server)
    {
        var (with, worker) = await FaultsPerCallAsync(server, Pages);
        var (without, _) = await FaultsPerCallAsync(server, 0);

        output.WriteLine($"{server}: {with:0.#} minor faults a call with {Pages} fresh pages, {without:0.#} without; the worker {worker}");
        Assert.InRange(with - without, 0.9 * Pages, 1.1 * Pages);
        Assert.True(worker.Minor >= 0 && worker.Major >= 0, $"{worker}");
    }

    [Fact]
    public void Faults_are_fields_10_and_12_of_proc_stat_after_the_name_whatever_it_holds()
    {
        const string stat = "4242 (a (strange) name) S 1 4242 4242 0 -1 4194560 1234 0 7 0 150 25 0 0 20 0 9 0 100 2000000 500";

        Assert.Equal(new PageFaults(1234, 7), ProcessStats.Faults(stat));
        Assert.Equal(TimeSpan.FromSeconds(1.75), ProcessStats.CpuTime(stat));
        Assert.Equal(new PageFaults(1000, 1), new PageFaults(1234, 7) - new PageFaults(234, 6));
    }

    private static async Task<(double HostMinorPerCall, PageFaults Worker)> FaultsPerCallAsync(ServerStack server, int pages)
    {
        var configuration = new LoadConfiguration(ConfigurationKind.Grpc, server, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None, Transport.H2c,
            "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>(), Scenarios: [ScenarioNames.GetInt],
            HostEnvironment: new Dictionary<string, string> { ["GRPCBENCH_GetIntFreshPages"] = pages.ToString(CultureInfo.InvariantCulture) });
        var shape = new LoadShape([new RampPhase(25, 8, Constant: true)], 1024, 2, 10) { Scenarios = [ScenarioNames.GetInt] };

        var result = await ConfigurationRun.RunAsync(configuration, shape, _ => { }, CancellationToken.None, new CpuPlacement("1", "0"));

        Assert.True(result.Status == ConfigurationStatus.Ok, result.Reason);
        var calls = result.Scenarios.Sum(s => s.Ok + s.Failed);
        Assert.True(calls >= 150, $"{calls} calls");
        return (result.ServerFaults!.Minor / (double)calls, result.ClientFaults!);
    }
}
