using System.Diagnostics;
using System.Net;
using GrpcBench.Clients;
using GrpcBench.Orchestration;
using GrpcBench.Service;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.Http2ServerSettings;

namespace GrpcBench.Tests;

/// <summary>The Kestrel host as a real process on a real loopback socket.</summary>
public class KestrelHostTests
{
    [Fact]
    public async Task Ready_line_reports_the_bound_url_and_the_runtime_of_the_process()
    {
        await using var host = await Hosts.StartKestrelAsync();

        Assert.StartsWith("http://127.0.0.1:", host.Ready.Url);
        Assert.NotEqual(0, new Uri(host.Ready.Url).Port);
        Assert.StartsWith($".NET {Environment.Version.Major}.", host.Ready.Runtime);
        Assert.Equal(host.Pid, host.Ready.Pid);
        Assert.Equal("kestrel", host.Ready.Stack);
        Assert.Equal("default", host.Ready.Setting("kestrel.profile")?.GetString());
    }

    [Fact]
    public async Task A_ready_host_is_seen_listening_from_proc_and_a_process_without_a_socket_is_not()
    {
        await using var host = await Hosts.StartKestrelAsync();
        using var sleeper = Process.Start("sleep", "30");
        try
        {
            Assert.True(Hosts.IsListening(host.Pid));
            Assert.False(Hosts.IsListening(sleeper.Id));
        }
        finally
        {
            sleeper.Kill();
        }
    }

    [Theory]
    [InlineData("default", 1_048_576, 786_432)]
    [InlineData("net6-windows", 131_072, 98_304)]
    [InlineData("large-windows", 33_554_432, 16_777_216)]
    public async Task Kestrel_profile_is_what_the_server_announces_on_the_wire(string profile, long connectionWindow, uint streamWindow)
    {
        await using var host = await Hosts.StartKestrelAsync("--kestrel:profile", profile);

        var announced = await ReadAsync(new Uri(host.Ready.Url));

        Assert.Equal(streamWindow, announced.Settings[InitialWindowSize]);
        Assert.Equal(connectionWindow, announced.ConnectionWindow);
        Assert.Equal(streamWindow, host.Ready.Setting("kestrel.initialStreamWindowSize")?.GetUInt32());
    }

    [Fact]
    public async Task Explicit_limits_override_the_profile()
    {
        await using var host = await Hosts.StartKestrelAsync(
            "--kestrel:profile", "net6-windows",
            "--kestrel:initialStreamWindowSize", "200000",
            "--kestrel:maxStreamsPerConnection", "7",
            "--kestrel:maxFrameSize", "65536");

        var announced = await ReadAsync(new Uri(host.Ready.Url));

        Assert.Equal(200_000u, announced.Settings[InitialWindowSize]);
        Assert.Equal(7u, announced.Settings[MaxConcurrentStreams]);
        Assert.Equal(65_536u, announced.Settings[MaxFrameSize]);
        Assert.Equal(131_072, announced.ConnectionWindow);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Upload_over_h2c_and_tls(bool tls)
    {
        await using var host = await Hosts.StartKestrelAsync("--tls", tls.ToString());
        using var client = Http2Client.For(host.Ready, TimeSpan.FromSeconds(60));

        using var response = await ProbeClient.UploadAsync(client, 20 * 1024 * 1024);

        Assert.Equal(tls ? "https" : "http", new Uri(host.Ready.Url).Scheme);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(HttpVersion.Version20, response.Version);
        Assert.Equal((20 * 1024 * 1024).ToString(), await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Runtime_knobs_and_socket_transport_settings_are_reported_as_the_process_runs_with_them()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0",
            ["--kestrel:sockets:unsafePreferInlineScheduling", "true", "--kestrel:sockets:ioQueueCount", "1", "--kestrel:sockets:waitForDataBeforeAllocatingBuffer", "false"])
        {
            Environment = new Dictionary<string, string> { ["DOTNET_gcServer"] = "0", ["DOTNET_GCgen0size"] = "4000000", ["DOTNET_TieredPGO"] = "0" },
        });
        await using var plain = await Hosts.StartKestrelAsync();

        var knobs = host.Ready.RuntimeKnobs!;
        Assert.StartsWith("workstation", host.Ready.Gc);
        Assert.Equal("False", knobs["gc.ServerGC"]);
        Assert.Equal("0", knobs["env.DOTNET_TieredPGO"]);
        Assert.Equal("4000000", knobs["env.DOTNET_GCgen0size"]);
        Assert.True(int.Parse(knobs["threadPool.minWorkerThreads"]) >= 1);
        Assert.DoesNotContain("env.DOTNET_ROOT", knobs.Keys);
        Assert.True(host.Ready.Setting("kestrel.sockets.unsafePreferInlineScheduling")?.GetBoolean());
        Assert.Equal(1, host.Ready.Setting("kestrel.sockets.ioQueueCount")?.GetInt32());
        Assert.False(host.Ready.Setting("kestrel.sockets.waitForDataBeforeAllocatingBuffer")?.GetBoolean());
        // Without them: the runtime's and Kestrel's own defaults, read back the same way.
        Assert.DoesNotContain("env.DOTNET_TieredPGO", plain.Ready.RuntimeKnobs!.Keys);
        Assert.False(plain.Ready.Setting("kestrel.sockets.unsafePreferInlineScheduling")?.GetBoolean());
        Assert.True(plain.Ready.Setting("kestrel.sockets.waitForDataBeforeAllocatingBuffer")?.GetBoolean());
        await using var client = BenchClient.Create(HostPool.Target(host), new ClientSettings { Stack = ClientStack.GrpcNet });
        Assert.Equal(ExampleServiceImpl.GetIntResult, await client.GetIntAsync());
    }

    [Fact]
    public async Task Body_over_30_MB_is_refused_by_default_and_accepted_when_the_receive_limit_allows_it()
    {
        const long size = 40_000_000;
        await using (var strict = await Hosts.StartKestrelAsync())
        {
            using var client = Http2Client.For(strict.Ready, TimeSpan.FromSeconds(60));
            using var refused = await ProbeClient.UploadAsync(client, size);
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, refused.StatusCode);
        }

        await using var raised = await Hosts.StartKestrelAsync("--maxReceiveMessageSize", "50000000");
        using var raisedClient = Http2Client.For(raised.Ready, TimeSpan.FromSeconds(60));
        using var accepted = await ProbeClient.UploadAsync(raisedClient, size);
        Assert.Equal(HttpStatusCode.OK, accepted.StatusCode);
        Assert.Equal(50_000_005, raised.Ready.Setting("kestrel.maxRequestBodySize")?.GetInt64());
    }

    [Theory]
    [InlineData("--kestrel:initialConnectionWindowSize", "1000", "invalid setting Kestrel:InitialConnectionWindowSize=1000: allowed a whole number from 65,535 to 2,147,483,647")]
    [InlineData("--responseCompression", "br", "invalid setting ResponseCompression=br: allowed one of none, gzip, deflate")]
    [InlineData("--maxSendMessageSize", "-4", "invalid setting MaxSendMessageSize=-4: allowed a size in bytes from 0 to 2,147,483,647, or unlimited")]
    public async Task Invalid_setting_exits_non_zero_with_one_line(string key, string value, string line)
    {
        var error = await Assert.ThrowsAsync<HostStartException>(() => Hosts.StartKestrelAsync(key, value));

        Assert.Contains("(exit code 2): " + line, error.Message);
        Assert.EndsWith(line, error.Message);
    }

    [Fact]
    public async Task Sigterm_stops_the_host_cleanly_within_5_seconds()
    {
        var host = await Hosts.StartKestrelAsync();
        var pid = host.Pid;
        var clock = Stopwatch.StartNew();

        await host.StopAsync(grace: TimeSpan.FromSeconds(10));

        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(5), $"stopped after {clock.Elapsed}");
        Assert.True(host.HasExited);
        Assert.Equal(0, host.ExitCode);
        await host.DisposeAsync();
        Assert.False(Hosts.IsRunning(pid));
    }

    [Fact]
    public async Task A_host_that_reports_another_runtime_is_refused_and_stopped()
    {
        // The net10.0 build started for net8.0: the launcher must believe the process, not the label.
        var mislabelled = new HostLaunch(Hosts.Kestrel, "net8.0", []) { BuildFramework = "net10.0" };

        var error = await Assert.ThrowsAsync<HostStartException>(() => HostProcess.StartAsync(mislabelled));

        Assert.Contains("was asked to run on net8.0 but reports .NET 10.", error.Message);
        Assert.NotNull(error.Pid);
        Assert.False(Hosts.IsRunning(error.Pid.Value));
    }

    [Fact]
    public async Task Disposed_hosts_leave_no_process_behind()
    {
        var pids = new List<int>();
        for (var i = 0; i < 3; i++)
        {
            await using var host = await Hosts.StartKestrelAsync();
            pids.Add(host.Pid);
        }

        Assert.All(pids, pid => Assert.False(Hosts.IsRunning(pid)));
    }
}
