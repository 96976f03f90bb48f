using BenchmarkDotNet.Attributes;
using GrpcBench.Clients;
using GrpcBench.Contracts.Records;

namespace GrpcBench.Benchmarks;

/// <summary>
/// One server stream of 5,000 records from the host's SQLite database (about 1.2 MB of protobuf, text that
/// compresses), sent uncompressed, gzip or deflate by the host, read to the end by a client of either stack
/// over loopback h2c: what compressing a real result set costs where the link is free (docs/compression.md).
/// </summary>
[HostCpuColumn]
public class RecordStreamCompression
{
    public const int Records = 5_000;

    private LoopbackRoundTrip _roundTrip = null!;

    [ParamsSource(typeof(Stacks), nameof(Stacks.Clients), Priority = -1)]
    public string Client { get; set; } = "";

    [ParamsSource(typeof(Stacks), nameof(Stacks.Servers), Priority = -1)]
    public string Server { get; set; } = "";

    [Params(Compression.None, Compression.Gzip, Compression.Deflate)]
    public Compression Compression { get; set; }

    [GlobalSetup]
    public async Task StartAsync()
    {
        // The unary case's host and client: the host compresses responses with the algorithm, the client accepts it.
        var setup = new RoundTripCase(Terms.Parse<ClientStack>(Client), Terms.Parse<ServerStack>(Server), 0, Compression);
        _roundTrip = await LoopbackRoundTrip.StartAsync(setup.Host, setup.ClientSettings, new RoundTripCall(ReadAllAsync, CheckAsync), this);
    }

    [Benchmark]
    public Task<long> Stream() => _roundTrip.CallAsync();

    [GlobalCleanup]
    public async Task StopAsync() => await _roundTrip.DisposeAsync();

    private static async Task<long> ReadAllAsync(BenchClient client)
    {
        long count = 0;
        await RecordReads.StreamAsync(client, new RecordQuery { Limit = Records }, _ => count++);
        return count;
    }

    private static async Task CheckAsync(BenchClient client)
    {
        var read = await RecordReads.StreamAsync(client, new RecordQuery { Limit = Records });
        if (read.Count != Records || read[^1].Id <= read[0].Id)
            throw new InvalidOperationException($"the stream gave {read.Count} records, expected {Records} in id order");
    }
}
