using BenchmarkDotNet.Attributes;
using GrpcBench.Clients;

namespace GrpcBench.Benchmarks;

/// <summary>
/// One unary call over real loopback h2c, from a client of either stack to a host of either stack started
/// for the case: GetInt (Bytes = 0) or SendLargeData with that many random bytes, uncompressed or gzip.
/// </summary>
[HostCpuColumn]
public class UnaryRoundTrip
{
    private LoopbackRoundTrip _roundTrip = null!;

    [Params(ClientStacks.GrpcCore, ClientStacks.GrpcNet)]
    public string Client { get; set; } = "";

    [Params(ServerStacks.GrpcCore, ServerStacks.Kestrel)]
    public string Server { get; set; } = "";

    [Params(0, 4 * 1024, 1024 * 1024, 20 * 1024 * 1024)]
    public int Bytes { get; set; }

    [Params(CallCompression.None, CallCompression.Gzip)]
    public CallCompression Compression { get; set; }

    [GlobalSetup]
    public async Task StartAsync() => _roundTrip = await LoopbackRoundTrip.StartAsync(new RoundTripCase(Client, Server, Bytes, Compression), this);

    [Benchmark]
    public Task<long> RoundTrip() => _roundTrip.CallAsync();

    [GlobalCleanup]
    public async Task StopAsync() => await _roundTrip.DisposeAsync();
}
