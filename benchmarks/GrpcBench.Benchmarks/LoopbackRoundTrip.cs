using GrpcBench.Clients;
using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>
/// A host started as a child process on this benchmark process's runtime, a client connected to it over h2c on
/// loopback, and the one call a benchmark makes (<see cref="RoundTripCall"/>). From the end of set-up to clean-up
/// it counts the calls and the host's CPU time, for the HostCpu/op column.
/// </summary>
public sealed class LoopbackRoundTrip : IAsyncDisposable
{
    /// <summary>No call of any case comes near this; one that takes it is stuck, and the process stops rather than hang the run.</summary>
    private static readonly TimeSpan StallLimit = TimeSpan.FromSeconds(60);

    private readonly HostProcess _host;
    private readonly BenchClient _client;
    private readonly RoundTripCall _call;
    private readonly string _caseKey;
    private readonly Timer _stallGuard;
    private TimeSpan _hostCpuAtStart;
    private PageFaults _hostFaultsAtStart = new(0, 0);
    private long _calls;
    private long _callsAtLastCheck = -1;

    private LoopbackRoundTrip(HostProcess host, BenchClient client, RoundTripCall call, string caseKey)
    {
        _host = host;
        _client = client;
        _call = call;
        _caseKey = caseKey;
        _stallGuard = new Timer(_ => StopIfStalled(), null, StallLimit, StallLimit);
    }

    public static Task<LoopbackRoundTrip> StartAsync(RoundTripCase unary, object benchmark) =>
        StartAsync(unary.Host, unary.ClientSettings, unary.Call(), benchmark);

    /// <param name="benchmark">The benchmark instance, whose parameters name the case in the HostCpu/op column.</param>
    public static async Task<LoopbackRoundTrip> StartAsync(HostLaunch launch, ClientSettings clientSettings, RoundTripCall call, object benchmark)
    {
        var host = await HostProcess.StartAsync(launch);
        try
        {
            var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), null), clientSettings);
            var roundTrip = new LoopbackRoundTrip(host, client, call, CaseKey.Of(benchmark));
            // The first call connects, and proves the host answered what it should; no measurement counts it.
            await call.CheckAsync(client);
            roundTrip._hostCpuAtStart = ProcessStats.CpuTime(host.Pid);
            roundTrip._hostFaultsAtStart = ProcessStats.Faults(host.Pid);
            return roundTrip;
        }
        catch
        {
            await host.DisposeAsync();
            throw;
        }
    }

    public Task<long> CallAsync()
    {
        _calls++;
        return _call.CallAsync(_client);
    }

    private void StopIfStalled()
    {
        var calls = Interlocked.Read(ref _calls);
        if (calls == _callsAtLastCheck && calls > 0)
        {
            Console.Error.WriteLine($"no call to {_host.Launch.Project} completed within {StallLimit.TotalSeconds:0} s; stopping this benchmark process");
            Environment.Exit(3);
        }
        _callsAtLastCheck = calls;
    }

    public async ValueTask DisposeAsync()
    {
        await _stallGuard.DisposeAsync();
        try
        {
            if (!_host.HasExited) HostCpuRecords.Record(_caseKey, ProcessStats.CpuTime(_host.Pid) - _hostCpuAtStart, ProcessStats.Faults(_host.Pid) - _hostFaultsAtStart, _calls);
            await _client.DisposeAsync();
        }
        finally
        {
            await _host.DisposeAsync();
        }
    }
}

/// <summary>What a round-trip benchmark calls, and how its first call proves the host got and answered it right.</summary>
public sealed record RoundTripCall(Func<BenchClient, Task<long>> CallAsync, Func<BenchClient, Task> CheckAsync);
