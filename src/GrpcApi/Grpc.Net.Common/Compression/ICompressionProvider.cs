using System.IO;
using System.IO.Compression;

namespace Grpc.Net.Compression;

/// <summary>A message compression algorithm, named as in the grpc-encoding header.</summary>
public interface ICompressionProvider
{
    /// <summary>The grpc-encoding name, e.g. "gzip".</summary>
    string EncodingName { get; }

    /// <summary>A stream that compresses into <paramref name="stream"/> and leaves it open when disposed.</summary>
    Stream CreateCompressionStream(Stream stream, CompressionLevel? compressionLevel);

    /// <summary>A stream that decompresses from <paramref name="stream"/>.</summary>
    Stream CreateDecompressionStream(Stream stream);
}
