using BenchmarkDotNet.Attributes;

namespace GrpcBench.Benchmarks;

/// <summary>
/// One unary call over real loopback h2c, from a client of either stack to a host of either stack started
/// for the case: GetInt (Bytes = 0) or SendLargeData with that many random bytes, uncompressed or gzip.
/// </summary>
[HostCpuColumn]
public class UnaryRoundTrip
{
    private LoopbackRoundTrip _roundTrip = null!;

    [ParamsSource(typeof(Stacks), nameof(Stacks.Clients), Priority = -1)]
    public string Client { get; set; } = "";

    [ParamsSource(typeof(Stacks), nameof(Stacks.Servers), Priority = -1)]
    public string Server { get; set; } = "";

    [Params(0, 4 * 1024, 1024 * 1024, 20 * 1024 * 1024)]
    public int Bytes { get; set; }

    [Params(Compression.None, Compression.Gzip)]
    public Compression Compression { get; set; }

    [GlobalSetup]
    public async Task StartAsync() => _roundTrip = await LoopbackRoundTrip.StartAsync(new RoundTripCase(Terms.Parse<ClientStack>(Client), Terms.Parse<ServerStack>(Server), Bytes, Compression), this);

    [Benchmark]
    public Task<long> RoundTrip() => _roundTrip.CallAsync();

    [GlobalCleanup]
    public async Task StopAsync() => await _roundTrip.DisposeAsync();
}
