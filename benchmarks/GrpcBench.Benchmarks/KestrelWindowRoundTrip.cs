using BenchmarkDotNet.Attributes;
using GrpcBench.Hosting;

namespace GrpcBench.Benchmarks;

/// <summary>
/// SendLargeData to the Kestrel host under each of its HTTP/2 receive-window profiles: how much of a large
/// upload is waiting for window updates. Uncompressed, from a client of either stack.
/// </summary>
[HostCpuColumn]
public class KestrelWindowRoundTrip
{
    private LoopbackRoundTrip _roundTrip = null!;

    [ParamsSource(typeof(Stacks), nameof(Stacks.Clients), Priority = -1)]
    public string Client { get; set; } = "";

    [Params(KestrelProfiles.Default, KestrelProfiles.Net6Windows, KestrelProfiles.LargeWindows)]
    public string Profile { get; set; } = "";

    [Params(1024 * 1024, 20 * 1024 * 1024)]
    public int Bytes { get; set; }

    [GlobalSetup]
    public async Task StartAsync() =>
        _roundTrip = await LoopbackRoundTrip.StartAsync(new RoundTripCase(Terms.Parse<ClientStack>(Client), ServerStack.Kestrel, Bytes, Compression.None, Profile), this);

    [Benchmark]
    public Task<long> RoundTrip() => _roundTrip.CallAsync();

    [GlobalCleanup]
    public async Task StopAsync() => await _roundTrip.DisposeAsync();
}
