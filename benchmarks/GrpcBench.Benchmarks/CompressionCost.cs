using BenchmarkDotNet.Attributes;

namespace GrpcBench.Benchmarks;

/// <summary>
/// What gzip and deflate cost per message, without any transport: the CPU side of the trade a gRPC
/// compression setting makes against bytes on the wire (see the CompressedBytes column).
/// </summary>
[CompressedSizeColumn]
public class CompressionCost
{
    private byte[] _message = [];
    private byte[] _compressed = [];
    private byte[] _decompressed = [];

    [Params(Codec.None, Codec.Gzip, Codec.Deflate)]
    public Codec Codec { get; set; }

    [Params(PayloadKind.Compressible, PayloadKind.Random)]
    public PayloadKind Payload { get; set; }

    [Params(4 * 1024, 1024 * 1024, 20 * 1024 * 1024)]
    public int Bytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _message = Payloads.Create(Payload, Bytes);
        _compressed = Codecs.Compress(Codec, _message);
        CompressedSizes.Record(Codec, Payload, Bytes, _compressed.Length);
        _decompressed = new byte[Bytes];
    }

    [Benchmark]
    public int Compress() => Codecs.Compress(Codec, _message).Length;

    [Benchmark]
    public int Decompress() => Codecs.Decompress(Codec, _compressed, _decompressed);
}
