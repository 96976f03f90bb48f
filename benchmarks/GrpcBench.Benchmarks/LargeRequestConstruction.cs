using BenchmarkDotNet.Attributes;
using Google.Protobuf;
using GrpcBench.Contracts;

namespace GrpcBench.Benchmarks;

/// <summary>
/// Building SendLargeData's request: copying the payload into a ByteString, or wrapping the caller's
/// array without a copy (safe only while nobody changes the array), then serializing the message.
/// </summary>
public class LargeRequestConstruction
{
    private byte[] _data = [];
    private byte[] _serialized = [];

    [Params(64 * 1024, 1024 * 1024, 20 * 1024 * 1024)]
    public int Bytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _data = Payloads.Create(PayloadKind.Random, Bytes);
        _serialized = new byte[new LargeDataRequest { Data = ByteString.CopyFrom(_data) }.CalculateSize()];
    }

    [Benchmark(Baseline = true)]
    public int CopyFrom() => Serialize(new LargeDataRequest { Data = ByteString.CopyFrom(_data) });

    [Benchmark]
    public int UnsafeWrap() => Serialize(new LargeDataRequest { Data = UnsafeByteOperations.UnsafeWrap(_data) });

    private int Serialize(LargeDataRequest request)
    {
        request.WriteTo(_serialized.AsSpan());
        return _serialized.Length;
    }
}
