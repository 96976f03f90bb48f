using GrpcBench.Clients;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// A load worker against a real host: the rate it sends, the host settings it records, several loads on one client,
/// and its failures as reasons.
/// </summary>
[Collection(LoadToolCollection.Name)]
public class LoadWorkerTests
{
    [Fact]
    public async Task An_injection_of_50_per_second_for_10_s_sends_500_calls_at_the_asked_rate()
    {
        var shape = new LoadShape([new RampPhase(50, 10, Constant: true)], 1024, 0, 10);

        var result = await ConfigurationRun.RunAsync(Kestrel(), shape, _ => { }, CancellationToken.None);

        var getInt = result.Scenario(ScenarioNames.GetInt)!;
        Assert.Equal(ConfigurationStatus.Ok, result.Status);
        Assert.InRange(getInt.Requests, 499, 501);
        Assert.InRange(getInt.AchievedInjectionRate, 49, 51);
        Assert.Equal(0, getInt.Failed);
        Assert.StartsWith(".NET 10.", result.ClientRuntimeReported);
        Assert.Equal("2.85.0", result.Components["Grpc.Core.Api"]);
        Assert.Equal("2.85.0", result.Components["Grpc.Net.Client"]);
    }

    [Fact]
    public async Task A_configuration_with_runtime_knobs_and_socket_settings_records_what_its_host_ran_with()
    {
        var shape = new LoadShape([new RampPhase(20, 2, Constant: true)], 1024, 0, 10) { Scenarios = [ScenarioNames.GetInt] };
        var configuration = Kestrel() with
        {
            KestrelProfile = "custom",
            KestrelSettings = new Dictionary<string, string> { ["sockets:unsafePreferInlineScheduling"] = "true" },
            HostEnvironment = new Dictionary<string, string> { ["DOTNET_gcServer"] = "0", ["DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"] = "1" },
        };

        var result = await ConfigurationRun.RunAsync(configuration, shape, _ => { }, CancellationToken.None);

        Assert.Equal(ConfigurationStatus.Ok, result.Status);
        Assert.Contains("DOTNET_gcServer=0", configuration.Label);
        var knobs = result.HostSettings!["runtimeKnobs"];
        Assert.Equal("False", knobs.GetProperty("gc.ServerGC").GetString());
        Assert.Equal("1", knobs.GetProperty("env.DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS").GetString());
        Assert.True(result.HostSettings["kestrel"].GetProperty("sockets").GetProperty("unsafePreferInlineScheduling").GetBoolean());
    }

    [Fact]
    public async Task A_stalled_host_shows_its_stall_in_the_latency_not_in_a_lower_send_rate()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", ["--getIntDelayMs", "400"]));
        var shape = new LoadShape([new RampPhase(20, 4, Constant: true)], 1024, 0, 10);
        var spec = new WorkerSpec(Kestrel(), host.Ready.Url, null, shape);

        var (measured, failure) = await WorkerProcess.RunAsync(spec, _ => { }, CancellationToken.None);

        Assert.Null(failure);
        var getInt = measured.Load.Scenarios.Single(s => s.Name == ScenarioNames.GetInt);
        Assert.InRange(getInt.Requests, 79, 81);
        Assert.InRange(getInt.AchievedInjectionRate, 19.6, 20.4);
        Assert.True(getInt.Latency.P50 >= 400, $"p50 {getInt.Latency.P50} ms");
    }

    [Fact]
    public async Task One_worker_runs_loads_one_after_the_other_on_one_client_and_ends_when_disposed()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []));
        var pids = new List<int>();
        var worker = WorkerProcess.Start("net10.0");
        WorkerOutcome first, second;
        await using (worker)
        {
            first = await worker.RunAsync(new WorkerSpec(Kestrel(), host.Ready.Url, null, new LoadShape([new RampPhase(20, 1, Constant: true)], 1024, 0, 5)),
                _ => { }, CancellationToken.None, started => pids.Add(started.Pid));
            second = await worker.RunAsync(new WorkerSpec(Kestrel(), host.Ready.Url, null, new LoadShape([new RampPhase(40, 1, Constant: true)], 1024, 0, 5)),
                _ => { }, CancellationToken.None, started => pids.Add(started.Pid));
        }

        Assert.Null(first.Failure);
        Assert.Null(second.Failure);
        Assert.InRange(first.Figures.Load.Scenarios.Single(s => s.Name == ScenarioNames.GetInt).Ok, 19, 21);
        Assert.InRange(second.Figures.Load.Scenarios.Single(s => s.Name == ScenarioNames.GetInt).Ok, 39, 41);
        Assert.Equal(2, pids.Count);
        Assert.Equal(pids[0], pids[1]);
        Assert.True(worker.HasExited);
        Assert.False(Directory.Exists($"/proc/{pids[0]}"), $"the worker {pids[0]} outlived its disposal");
    }

    [Fact]
    public async Task A_worker_refuses_a_load_for_another_configuration_than_its_first()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []));
        var shape = new LoadShape([new RampPhase(10, 1, Constant: true)], 1024, 0, 5) { Scenarios = [ScenarioNames.GetInt] };
        await using var worker = WorkerProcess.Start("net10.0");
        var first = await worker.RunAsync(new WorkerSpec(Kestrel(), host.Ready.Url, null, shape), _ => { }, CancellationToken.None);

        var failure = await Assert.ThrowsAsync<WorkerFailedException>(() =>
            worker.RunAsync(new WorkerSpec(Kestrel() with { Compression = Compression.Gzip }, host.Ready.Url, null, shape), _ => { }, CancellationToken.None));

        Assert.Null(first.Failure);
        Assert.Contains("InvalidDataException", failure.Message);
        Assert.Contains("serves the configuration and target of its first spec only", failure.Message);
    }

    [Fact]
    public async Task A_worker_that_throws_gives_the_exception_type_and_message_as_the_reason()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []));
        var shape = new LoadShape([new RampPhase(5, 1, Constant: true)], 1024, 0, 5);
        var spec = new WorkerSpec(Kestrel() with { ClientSettings = new Dictionary<string, string> { ["noSuchSetting"] = "1" } }, host.Ready.Url, null, shape);

        var failure = await Assert.ThrowsAsync<WorkerFailedException>(() => WorkerProcess.RunAsync(spec, _ => { }, CancellationToken.None));

        Assert.StartsWith("System.ArgumentException: unknown client setting noSuchSetting (in the load worker on net10.0)", failure.Message);
    }

    /// <summary>
    /// The README's main command as printed (`--quick`, h2c on .NET 10) is what CI runs; here the quick run over TLS with
    /// the raw HTTP/2 floor on every test runtime (3 configurations and the floor each), and over UDS.
    /// </summary>
}
