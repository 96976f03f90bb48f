using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>The advisor's knobs in real processes: the host and the load worker run with each. How each reaches a configuration is tested in GrpcBench.Load.Tests.</summary>
public class KnobsTests
{
    private static readonly LoadConfiguration Kestrel = new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None,
        Transport.H2c, "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    public static TheoryData<string> HostKnobs() => [.. Knobs.All.Where(k => k.Kind is KnobKind.HostRuntime or KnobKind.Kestrel).Select(k => k.Name)];

    public static TheoryData<string> ClientRuntimeKnobs() => [.. Knobs.All.Where(k => k.Kind == KnobKind.ClientRuntime).Select(k => k.Name)];

    [Theory]
    [MemberData(nameof(ClientRuntimeKnobs))]
    public async Task The_load_worker_reports_each_client_runtime_knob_as_it_runs_with_it_and_the_host_does_not_get_it(string name)
    {
        var knob = Knobs.Named(name);
        var value = knob.Values[0];
        var configuration = knob.Apply(Kestrel, value) with { Scenarios = [ScenarioNames.GetInt] };

        var result = await ConfigurationRun.RunAsync(configuration, new LoadShape([new RampPhase(10, 1, Constant: true)], 0, 0, 5), _ => { }, CancellationToken.None);

        Assert.True(result.Status == ConfigurationStatus.Ok, result.Reason);
        Assert.Equal(Expected(knob, value), KnobReadBack.Reported(result, knob), ignoreCase: true);
        Assert.Contains($"client {knob.Setting}={value}", configuration.Label);
        Assert.False(result.HostSettings!["runtimeKnobs"].TryGetProperty($"env.{knob.Setting}", out _), "the host got the client's knob");
    }

    [Theory]
    [MemberData(nameof(HostKnobs))]
    public async Task The_host_reports_each_knob_of_its_own_as_it_runs_with_it(string name)
    {
        var knob = Knobs.Named(name);
        var value = knob.Values[0];
        var configuration = knob.Apply(Kestrel, value);

        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0",
            [.. configuration.KestrelSettings.SelectMany(s => new[] { $"--kestrel:{s.Key}", s.Value })])
        {
            Environment = configuration.HostEnvironment ?? new Dictionary<string, string>(),
        });

        var reported = knob.ReadBack.StartsWith("kestrel.", StringComparison.Ordinal)
            ? host.Ready.Setting(knob.ReadBack)?.ToString()
            : host.Ready.RuntimeKnobs!.GetValueOrDefault(knob.ReadBack);
        Assert.True(reported is not null, $"{knob.ReadBack} not in the ready line: {string.Join(", ", host.Ready.RuntimeKnobs!.Keys)}");
        Assert.Equal(Expected(knob, value), reported, ignoreCase: true);
    }

    /// <summary>What the process says for the value asked: the GC's own booleans and numbers, thread counts in decimal, else the value.</summary>
    private static string Expected(Knob knob, string value) => knob.ReadBack switch
    {
        "gc.ServerGC" or "gc.ConcurrentGC" or "gc.RetainVM" => value == "1" ? "True" : "False",
        "gc.HeapCount" or "threadPool.minWorkerThreads" => Convert.ToInt32(value, 16).ToString(),
        _ => value,
    };
}
