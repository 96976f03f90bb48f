using System.IO;
using System.IO.Compression;

namespace Grpc.Net.Compression;

/// <summary>gRPC "gzip": the gzip format (RFC 1952).</summary>
public sealed class GzipCompressionProvider : ICompressionProvider
{
    private readonly CompressionLevel defaultCompressionLevel;

    /// <param name="defaultCompressionLevel">Used when a call asks for no level of its own.</param>
    public GzipCompressionProvider(CompressionLevel defaultCompressionLevel)
    {
        this.defaultCompressionLevel = defaultCompressionLevel;
    }

    public string EncodingName => "gzip";

    public Stream CreateCompressionStream(Stream stream, CompressionLevel? compressionLevel) =>
        new GZipStream(stream, compressionLevel ?? defaultCompressionLevel, leaveOpen: true);

    public Stream CreateDecompressionStream(Stream stream) => new GZipStream(stream, CompressionMode.Decompress);
}
