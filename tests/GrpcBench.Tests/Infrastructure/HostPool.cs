using System.Collections.Concurrent;
using GrpcBench.Clients;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// Hosts shared by the tests of one collection: started once per stack, runtime and settings, stopped when
/// the collection ends (and killed at process exit whatever happens). IAsyncLifetime, not IAsyncDisposable: xunit v2
/// never calls a fixture's DisposeAsync, and hosts left to the test process's exit outlived a test host that was killed.
/// </summary>
public sealed class HostPool : IAsyncLifetime
{
    private readonly ConcurrentDictionary<string, Lazy<Task<HostProcess>>> _hosts = new();

    public static string Project(string serverStack) => HostLaunch.ProjectOf(Terms.Parse<ServerStack>(serverStack));

    public async Task<HostProcess> GetAsync(string serverStack, string runtime, params string[] arguments)
    {
        var key = $"{serverStack}|{runtime}|{string.Join(' ', arguments)}";
        var host = await _hosts.GetOrAdd(key, _ => new Lazy<Task<HostProcess>>(() => HostProcess.StartAsync(new HostLaunch(Project(serverStack), runtime, arguments)))).Value;
        if (host.HasExited) throw new InvalidOperationException($"host {key} died: {host.StandardError}");
        return host;
    }

    public async Task<BenchClient> ClientAsync(string clientStack, string serverStack, string runtime, ClientSettings? settings = null, params string[] hostArguments)
    {
        var host = await GetAsync(serverStack, runtime, hostArguments);
        return BenchClient.Create(Target(host), (settings ?? new ClientSettings()) with { Stack = Terms.Parse<ClientStack>(clientStack) });
    }

    public static ClientTarget Target(HostProcess host) => new(new Uri(host.Ready.Url), host.Ready.CertificatePem);

    public Task InitializeAsync() => Task.CompletedTask;

    // All at once: one after the other, a dozen hosts' grace periods outlast the time the test runner gives the run to end.
    public async Task DisposeAsync() =>
        await Task.WhenAll(_hosts.Values.Where(h => h.IsValueCreated).Select(async host =>
        {
            try { await (await host.Value).DisposeAsync(); }
            catch (HostStartException) { }
        }));
}

[CollectionDefinition(Name)]
public sealed class GrpcHostsCollection : ICollectionFixture<HostPool>
{
    public const string Name = "gRPC hosts";
}

/// <summary>RecordService's pairs on hosts of their own, so that the full suite's two longest classes run side by side.</summary>
[CollectionDefinition(Name)]
public sealed class RecordHostsCollection : ICollectionFixture<HostPool>
{
    public const string Name = "record hosts";
}
