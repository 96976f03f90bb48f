using Google.Protobuf;
using GrpcBench.Clients;
using GrpcBench.Orchestration;
using GrpcBench.Service;

namespace GrpcBench.Benchmarks;

/// <summary>
/// A host started as a child process on this benchmark process's runtime, a client connected to it over h2c on
/// loopback, and the one call a round-trip benchmark makes: GetInt, or SendLargeData with incompressible random
/// bytes wrapped once (the request's construction is LargeRequestConstruction's subject, not this one's).
/// From the end of set-up to clean-up it counts the calls and the host's CPU time, for the HostCpu/op column.
/// </summary>
public sealed class LoopbackRoundTrip : IAsyncDisposable
{
    /// <summary>No call of any case comes near this; one that takes it is stuck, and the process stops rather than hang the run.</summary>
    private static readonly TimeSpan StallLimit = TimeSpan.FromSeconds(60);

    private readonly HostProcess _host;
    private readonly BenchClient _client;
    private readonly ByteString? _payload;
    private readonly string _caseKey;
    private readonly Timer _stallGuard;
    private TimeSpan _hostCpuAtStart;
    private long _calls;
    private long _callsAtLastCheck = -1;

    private LoopbackRoundTrip(HostProcess host, BenchClient client, ByteString? payload, string caseKey)
    {
        _host = host;
        _client = client;
        _payload = payload;
        _caseKey = caseKey;
        _stallGuard = new Timer(_ => StopIfStalled(), null, StallLimit, StallLimit);
    }

    /// <param name="benchmark">The benchmark instance, whose parameters name the case in the HostCpu/op column.</param>
    public static async Task<LoopbackRoundTrip> StartAsync(RoundTripCase call, object benchmark)
    {
        var host = await HostProcess.StartAsync(call.Host);
        try
        {
            var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), null), call.ClientSettings);
            var payload = call.Bytes == 0 ? null : UnsafeByteOperations.UnsafeWrap(Payloads.Create(PayloadKind.Random, call.Bytes));
            var roundTrip = new LoopbackRoundTrip(host, client, payload, CaseKey.Of(benchmark));
            await roundTrip.CheckFirstCallAsync();
            roundTrip._hostCpuAtStart = ProcessStats.CpuTime(host.Pid);
            return roundTrip;
        }
        catch
        {
            await host.DisposeAsync();
            throw;
        }
    }

    /// <summary>The first call connects, and proves the host got what was sent; no measurement counts it.</summary>
    private async Task CheckFirstCallAsync()
    {
        if (_payload is null)
        {
            var result = await _client.GetIntAsync();
            if (result != ExampleServiceImpl.GetIntResult) throw new InvalidOperationException($"GetInt returned {result}, expected {ExampleServiceImpl.GetIntResult}");
            return;
        }
        var receipt = await _client.SendLargeDataAsync(_payload);
        var expected = new PayloadReceipt(_payload.Length, PayloadChecksum.Of(_payload.Span).ToString("x16"));
        if (receipt != expected) throw new InvalidOperationException($"the host received {receipt}, expected {expected}");
    }

    public async Task<long> CallAsync()
    {
        _calls++;
        if (_payload is null) return await _client.GetIntAsync();
        return (await _client.SendLargeDataAsync(_payload)).Length;
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
            if (!_host.HasExited) HostCpuRecords.Record(_caseKey, ProcessStats.CpuTime(_host.Pid) - _hostCpuAtStart, _calls);
            await _client.DisposeAsync();
        }
        finally
        {
            await _host.DisposeAsync();
        }
    }
}
