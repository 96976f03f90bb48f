using GrpcBench.Load.Hazards;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

/// <summary>One host per stack on .NET 10, shared by every hazard case: a case that broke a host shows in the cases after it too.</summary>
public sealed class HazardHostsFixture : IAsyncLifetime
{
    public const string Runtime = "net10.0";
    private readonly Dictionary<string, HostProcess> _hosts = [];

    public HostProcess this[string stack] => _hosts[stack];

    public async Task InitializeAsync()
    {
        foreach (var stack in HazardProbe.Stacks)
            _hosts[stack] = await HostProcess.StartAsync(new HostLaunch(HazardRunner.Stack(stack).Project, Runtime, []));
    }

    public async Task DisposeAsync()
    {
        foreach (var host in _hosts.Values) await host.DisposeAsync();
    }
}
