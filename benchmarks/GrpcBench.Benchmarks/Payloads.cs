using System.Text;

namespace GrpcBench.Benchmarks;

public enum PayloadKind
{
    /// <summary>Repetitive records, as in the published Grpc.Core gzip-vs-deflate comparison (5,000 records streamed).</summary>
    Compressible,

    /// <summary>Random bytes, as in the reference story's SendLargeData: compression cannot help.</summary>
    Random,
}

/// <summary>Deterministic payloads, so that every process of a run (and the compressed-size column) sees the same bytes.</summary>
public static class Payloads
{
    public static byte[] Create(PayloadKind kind, int size)
    {
        var bytes = new byte[size];
        if (kind == PayloadKind.Random)
        {
            new Random(42).NextBytes(bytes);
            return bytes;
        }

        var records = new StringBuilder();
        for (var id = 0; records.Length < size; id++)
            records.Append($"{{\"id\":{id},\"name\":\"customer-{id % 500}\",\"country\":\"DE\",\"status\":\"active\",\"balance\":{id % 9973}.50}}\n");
        Encoding.ASCII.GetBytes(records.ToString(0, size), bytes);
        return bytes;
    }
}
