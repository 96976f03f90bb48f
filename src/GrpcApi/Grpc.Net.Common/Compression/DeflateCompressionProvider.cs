using System.IO;
using System.IO.Compression;

namespace Grpc.Net.Compression;

/// <summary>gRPC "deflate", which is the zlib format (RFC 1950: a header, deflate data, an Adler-32 checksum), not raw deflate.</summary>
public sealed class DeflateCompressionProvider : ICompressionProvider
{
    private readonly CompressionLevel defaultCompressionLevel;

    /// <param name="defaultCompressionLevel">Used when a call asks for no level of its own.</param>
    public DeflateCompressionProvider(CompressionLevel defaultCompressionLevel)
    {
        this.defaultCompressionLevel = defaultCompressionLevel;
    }

    public string EncodingName => "deflate";

    public Stream CreateCompressionStream(Stream stream, CompressionLevel? compressionLevel) =>
        new ZLibStream(stream, compressionLevel ?? defaultCompressionLevel, leaveOpen: true);

    public Stream CreateDecompressionStream(Stream stream) => new ZLibStream(stream, CompressionMode.Decompress);
}
