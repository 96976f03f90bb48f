namespace GrpcBench;

public enum ServerStack
{
    /// <summary>Grpc.Core's server (C-core), GrpcBench.LegacyHost.</summary>
    GrpcCore,

    /// <summary>Grpc.AspNetCore on Kestrel, GrpcBench.KestrelHost; also the host of the raw HTTP/2 endpoints.</summary>
    Kestrel,

    /// <summary>The raw-tcp floor's sink.</summary>
    Socket,

    /// <summary>A server the bench did not start (--target); nothing of its side is measured.</summary>
    External,
}

public enum ClientStack
{
    /// <summary>Grpc.Core's Channel (C-core).</summary>
    GrpcCore,

    /// <summary>Grpc.Net.Client's GrpcChannel over SocketsHttpHandler.</summary>
    GrpcNet,

    /// <summary>An HttpClient speaking plain HTTP/2 (raw-http2).</summary>
    Http2,

    /// <summary>A bare socket (raw-tcp).</summary>
    Socket,
}

/// <summary>Call compression: requests per call (the grpc-internal-encoding-request header), responses by the host.</summary>
public enum Compression
{
    None,
    Gzip,
    Deflate,
}
