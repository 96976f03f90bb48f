using GrpcBench.Load.Hazards;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

/// <summary>One host per stack on .NET 10, shared by every hazard case: a case that broke a host shows in the cases after it too.</summary>
public sealed class HazardHostsFixture : IAsyncLifetime
{
    public const string Runtime = "net10.0";
    private readonly Dictionary<string, HostProcess> _hosts = [];
    private readonly SemaphoreSlim _starting = new(1);

    public HostProcess this[string stack] => _hosts[stack];

    /// <summary>The stack's host for the case: the shared one, or one started with the case's own settings on first use.</summary>
    public async Task<HostProcess> ForAsync(HazardCase hazard, string stack)
    {
        var key = hazard.HostKey.Length == 0 ? stack : $"{stack} {hazard.HostKey}";
        await _starting.WaitAsync();
        try
        {
            if (!_hosts.TryGetValue(key, out var host))
                _hosts[key] = host = await HostProcess.StartAsync(new HostLaunch(HazardRunner.Stack(stack).Project, Runtime, hazard.HostArguments ?? []));
            return host;
        }
        finally
        {
            _starting.Release();
        }
    }

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
