using System.Diagnostics;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>A host or a load worker killed mid-run: the configuration fails and keeps what was measured.</summary>
[FullSuite]
[Collection(LoadToolCollection.Name)]
public class KilledMidRunTests
{
    [Fact]
    public async Task A_host_killed_mid_run_makes_the_configuration_failed_and_keeps_what_was_measured()
    {
        var shape = new LoadShape([new RampPhase(20, 8, Constant: true)], 64 * 1024, 0, 5);
        // A setting no other test's host has, so that only this run's host is killed (other tests run hosts beside it).
        var mark = Random.Shared.Next(1_000, 1_000_000).ToString();
        var configuration = Kestrel() with { KestrelSettings = new Dictionary<string, string> { ["maxStreamsPerConnection"] = mark } };
        var killed = 0;

        var result = await ConfigurationRun.RunAsync(configuration, shape, progress =>
        {
            if (progress.Elapsed < TimeSpan.FromSeconds(2) || Interlocked.Exchange(ref killed, 1) == 1) return;
            foreach (var pid in Hosts.ChildrenOf(Environment.ProcessId).Where(pid => Hosts.CommandLine(pid).Contains($"--kestrel:maxStreamsPerConnection\0{mark}\0")))
                Process.GetProcessById(pid).Kill();
        }, CancellationToken.None);

        Assert.Equal(1, killed);
        Assert.Equal(ConfigurationStatus.Failed, result.Status);
        Assert.Contains("the host exited during the run", result.Reason);
        Assert.True(result.Scenario(ScenarioNames.GetInt)!.Ok > 0, "the calls before the kill are kept");
    }

    [Fact]
    public async Task A_worker_killed_mid_run_makes_the_configuration_failed_and_keeps_the_figures_it_reported()
    {
        var shape = new LoadShape([new RampPhase(20, 12, Constant: true)], 64 * 1024, 0, 5);
        var mark = Random.Shared.Next(1_000, 1_000_000).ToString();
        var configuration = Kestrel() with { KestrelSettings = new Dictionary<string, string> { ["maxStreamsPerConnection"] = mark } };
        var killed = 0;

        var result = await ConfigurationRun.RunAsync(configuration, shape, progress =>
        {
            // After the first figures so far (every 5 s of load).
            if (progress.Elapsed < TimeSpan.FromSeconds(7) || Interlocked.Exchange(ref killed, 1) == 1) return;
            // This run's worker: the configuration it serves names the mark (other tests run workers beside it).
            foreach (var worker in Hosts.ChildrenOf(Environment.ProcessId).Where(pid => Hosts.CommandLine(pid).Split('\0') is var args
                         && args.Any(a => a.EndsWith("GrpcBench.Load.Worker.dll")) && args.Any(a => a.Contains($"maxStreamsPerConnection={mark}"))))
                Process.GetProcessById(worker).Kill();
        }, CancellationToken.None);

        Assert.Equal(1, killed);
        Assert.Equal(ConfigurationStatus.Failed, result.Status);
        Assert.StartsWith("the load worker on net10.0 ended by signal 9 (SIGKILL) without its final figures", result.Reason);
        Assert.Contains("are kept", result.Reason);
        var getInt = result.Scenario(ScenarioNames.GetInt)!;
        Assert.InRange(getInt.Ok, 60, 239);
        Assert.InRange(getInt.DurationSeconds, 4, 11);
    }
}
