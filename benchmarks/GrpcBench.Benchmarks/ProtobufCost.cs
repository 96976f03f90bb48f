using BenchmarkDotNet.Attributes;
using Google.Protobuf;
using GrpcBench.Contracts;

namespace GrpcBench.Benchmarks;

/// <summary>
/// The message's share of a SendLargeData call, without any transport: the client builds and serializes the
/// request (copying the payload into it, or wrapping it), the server parses it, which always copies the bytes
/// field out of the received buffer. Subtracted from UnaryRoundTrip, what is left is the transport.
/// </summary>
public class ProtobufCost
{
    private byte[] _data = [];
    private byte[] _serialized = [];

    [Params(4 * 1024, 1024 * 1024, 20 * 1024 * 1024)]
    public int Bytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _data = Payloads.Create(PayloadKind.Random, Bytes);
        _serialized = new LargeDataRequest { Data = ByteString.CopyFrom(_data) }.ToByteArray();
    }

    [Benchmark(Baseline = true)]
    public int CopyFromSerializeParse() => SerializeParse(new LargeDataRequest { Data = ByteString.CopyFrom(_data) });

    [Benchmark]
    public int UnsafeWrapSerializeParse() => SerializeParse(new LargeDataRequest { Data = UnsafeByteOperations.UnsafeWrap(_data) });

    /// <summary>The server's side alone.</summary>
    [Benchmark]
    public int ParseOnly() => LargeDataRequest.Parser.ParseFrom(_serialized).Data.Length;

    private int SerializeParse(LargeDataRequest request)
    {
        request.WriteTo(_serialized.AsSpan());
        return LargeDataRequest.Parser.ParseFrom(_serialized).Data.Length;
    }
}
