using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

/// <summary>The advise preset's read-backs from a real host: the values a host of one CPU does not take. Its plan is tested in GrpcBench.Load.Tests.</summary>
public class AdvisePresetTests
{
    private static readonly LoadConfiguration Kestrel = new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None,
        Transport.H2c, "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    [Fact]
    public async Task A_saturated_run_starts_its_host_and_load_worker_with_tiering_without_its_start_up_delay_and_records_it()
    {
        var mix = CapacityPresetRun.Mixes(AdviseOptions.Default(quick: true).Capacity, quick: true)[0];

        var result = await ThroughputRun.RunAsync(Kestrel, mix, ThroughputShape.Default(quick: true), new CpuPlacement("1", "0"), _ => { }, CancellationToken.None);

        Assert.True(result.Status == ConfigurationStatus.Ok, result.Reason);
        Assert.True(result.Throughput!.Calls > 0);
        Assert.Equal("0", result.HostSettings!["runtimeKnobs"].GetProperty("env.DOTNET_TC_CallCountingDelayMs").GetString());
        Assert.Equal("0", result.ClientRuntimeKnobs!.GetValueOrDefault("env.DOTNET_TC_CallCountingDelayMs"));
        Assert.DoesNotContain("CallCountingDelay", result.Configuration.Label);
        // What the hypervisor took of each side's CPU over the measured span, from /proc/stat.
        Assert.InRange(result.Throughput.HostStolenShare!.Value, 0, 1.01);
        Assert.InRange(result.Throughput.ClientStolenShare!.Value, 0, 1.01);
    }

    [Fact]
    public async Task On_a_host_of_one_CPU_server_GC_off_and_one_GC_heap_read_back_as_the_default_does_so_they_are_not_screened()
    {
        var mix = CapacityPresetRun.Mixes(AdviseOptions.Default(quick: true).Capacity, quick: true)[0];
        var oneCpu = new CpuPlacement("1", "0");
        var kestrel = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None,
            Transport.H2c, "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());
        async Task<(string? Default, string? With)> ReadBack(string name, string value)
        {
            var knob = Knobs.Named(name);
            return (KnobReadBack.ReadBack(await KnobReadBack.ReadBackAsync(kestrel, mix, oneCpu, CancellationToken.None), knob),
                KnobReadBack.ReadBack(await KnobReadBack.ReadBackAsync(knob.Apply(kestrel, value), mix, oneCpu, CancellationToken.None), knob));
        }

        var serverGc = await ReadBack("gc-server", "0");
        var heaps = await ReadBack("gc-heap-count", "2");
        var concurrent = await ReadBack("gc-concurrent", "0");

        Assert.Equal(("False", "False"), serverGc);
        Assert.Equal(("1", "1"), heaps);
        Assert.Equal(("True", "False"), concurrent);
        var finding = AdviceFindings.NotApplied(new KnobChoice("gc-server", "0", "DOTNET_gcServer=0", "HostRuntime", "-"), "server GC", "False");
        Assert.Equal((AdviceFindings.NotApplicable, 0, "False"), (finding.Verdict, finding.Searches, finding.Reported));
    }
}
