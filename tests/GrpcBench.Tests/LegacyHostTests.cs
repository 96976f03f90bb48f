using System.Diagnostics;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>The Grpc.Core host as a real process: the same ready line, settings and stop as the Kestrel host.</summary>
public class LegacyHostTests
{
    private static Task<HostProcess> StartAsync(string runtime, params string[] arguments) =>
        HostProcess.StartAsync(new HostLaunch(Hosts.Legacy, runtime, arguments));

    public static TheoryData<string> Runtimes => TestRuntimes.Data(TestRuntimes.All);

    [Theory]
    [MemberData(nameof(Runtimes))]
    public async Task Ready_line_reports_url_runtime_stack_and_the_C_core_channel_arguments_in_force(string runtime)
    {
        await using var host = await StartAsync(runtime, "--maxReceiveMessageSize", "unlimited", "--responseCompression", "gzip", "--grpcCore:bdpProbe", "false");

        Assert.StartsWith("http://127.0.0.1:", host.Ready.Url);
        Assert.StartsWith(TestRuntimes.Reported(runtime), host.Ready.Runtime);
        Assert.Equal("grpc-core", host.Ready.Stack);
        Assert.Equal(-1, ChannelArgument(host, "grpc.max_receive_message_length"));
        Assert.Equal(2, ChannelArgument(host, "grpc.default_compression_algorithm"));
        Assert.Equal(0, ChannelArgument(host, "grpc.http2.bdp_probe"));
    }

    [Fact]
    public async Task Every_memory_setting_of_Grpc_Cores_screen_reaches_the_host_together_and_its_ready_line_reports_each_back()
    {
        var grpcCore = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.GrpcCore, ClientStack.GrpcCore, "net10.0", "net10.0", Compression.None, Transport.H2c, "n/a",
            new Dictionary<string, string>(), "default", new Dictionary<string, string>());
        var configuration = Knobs.GrpcCoreMemory.Aggregate(grpcCore, (c, k) => k.Apply(c, k.Values[0]));
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Legacy, "net10.0", []) { Environment = configuration.HostEnvironment! });

        var settings = new Dictionary<string, System.Text.Json.JsonElement> { ["runtimeKnobs"] = System.Text.Json.JsonSerializer.SerializeToElement(host.Ready.RuntimeKnobs) };
        Assert.All(Knobs.GrpcCoreMemory, knob => Assert.Equal(knob.ReadBack == "gc.RetainVM" ? "True" : knob.Values[0], KnobReadBack.ReadBack(settings, knob)));
        // The memory-tuned Grpc.Core of the confirmation: glibc's variable as set.
        var (variable, tuning) = GrpcBench.Load.Analysis.PathEnding.GrpcCoreMemoryTuning;
        Assert.StartsWith(tuning, host.Ready.RuntimeKnobs?.GetValueOrDefault($"env.{variable}"));
    }

    [Fact]
    public async Task Tls_host_reports_an_https_url_and_its_certificate()
    {
        await using var host = await StartAsync("net10.0", "--tls", "true");

        Assert.StartsWith("https://127.0.0.1:", host.Ready.Url);
        Assert.StartsWith("-----BEGIN CERTIFICATE-----", host.Ready.CertificatePem);
    }

    [Fact]
    public async Task Sigterm_stops_the_host_cleanly_within_5_seconds()
    {
        var host = await StartAsync("net10.0");
        var clock = Stopwatch.StartNew();

        await host.StopAsync(grace: TimeSpan.FromSeconds(10));

        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(5), $"stopped after {clock.Elapsed}");
        Assert.Equal(0, host.ExitCode);
        await host.DisposeAsync();
    }

    [Theory]
    [InlineData("--grpcCore:maxFrameSize", "1000", "invalid setting GrpcCore:MaxFrameSize=1000: allowed a whole number from 16,384 to 16,777,215")]
    [InlineData("--grpcCore:bdpProbe", "maybe", "invalid setting GrpcCore:BdpProbe=maybe: allowed true or false")]
    [InlineData("--getIntDelayMs", "-1", "invalid setting GetIntDelayMs=-1: allowed a whole number from 0 to 600,000")]
    public async Task Invalid_setting_exits_2_with_one_line(string key, string value, string line)
    {
        var error = await Assert.ThrowsAsync<HostStartException>(() => StartAsync("net10.0", key, value));

        Assert.EndsWith("(exit code 2): " + line, error.Message);
    }

    /// <summary>Channel argument names contain dots, so they are looked up by hand rather than by a dotted path.</summary>
    private static int ChannelArgument(HostProcess host, string name) =>
        host.Ready.Settings["channelArguments"].GetProperty(name).GetInt32();
}
