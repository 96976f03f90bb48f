using System.IO.Compression;

namespace GrpcBench.Benchmarks;

/// <summary>gRPC's message encodings. "deflate" in gRPC is the zlib format (RFC 1950), hence ZLibStream.</summary>
public enum Codec { None, Gzip, Deflate }

public static class Codecs
{
    /// <summary>The level grpc-dotnet registers its providers at.</summary>
    public const CompressionLevel Level = CompressionLevel.Fastest;

    public static byte[] Compress(Codec codec, byte[] data)
    {
        if (codec == Codec.None) return data;
        var output = new MemoryStream(data.Length / 2 + 64);
        using (var stream = Compressor(codec, output)) stream.Write(data);
        return output.ToArray();
    }

    public static int Decompress(Codec codec, byte[] data, byte[] into)
    {
        if (codec == Codec.None)
        {
            data.CopyTo(into, 0);
            return data.Length;
        }
        using var stream = Decompressor(codec, new MemoryStream(data));
        var total = 0;
        int read;
        while ((read = stream.Read(into, total, into.Length - total)) > 0) total += read;
        return total;
    }

    private static Stream Compressor(Codec codec, Stream output) => codec switch
    {
        Codec.Gzip => new GZipStream(output, Level, leaveOpen: true),
        _ => new ZLibStream(output, Level, leaveOpen: true),
    };

    private static Stream Decompressor(Codec codec, Stream input) => codec switch
    {
        Codec.Gzip => new GZipStream(input, CompressionMode.Decompress),
        _ => new ZLibStream(input, CompressionMode.Decompress),
    };
}
