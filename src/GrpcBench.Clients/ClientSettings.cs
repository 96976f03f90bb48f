namespace GrpcBench.Clients;

public static class ClientProfiles
{
    /// <summary>What each stack does out of the box (grpc-dotnet's own handler has EnableMultipleHttp2Connections on).</summary>
    public const string Default = "default";

    /// <summary>
    /// The SocketsHttpHandler set-up of Microsoft's gRPC performance guidance, which migrating teams start from:
    /// idle connections kept forever, keep-alive pings every 60 s with a 30 s timeout, multiple HTTP/2 connections.
    /// On grpc-core the same keep-alive as channel arguments.
    /// </summary>
    public const string Seed = "seed";

    /// <summary>Large uploads and small calls on separate connections, so small calls never queue behind upload frames.</summary>
    public const string SplitChannels = "split-channels";

    public static readonly IReadOnlyList<string> Names = [Default, Seed, SplitChannels];
}

/// <summary>How a client is made. A null value keeps what the profile, and then the stack, does by default.</summary>
public sealed record ClientSettings
{
    /// <summary>GrpcCore or GrpcNet: the gRPC stacks (<see cref="BenchClient.Stacks"/>).</summary>
    public ClientStack Stack { get; init; } = ClientStack.GrpcNet;
    public string Profile { get; init; } = ClientProfiles.Default;
    public int? MaxReceiveMessageSize { get; init; } = 4 * 1024 * 1024;
    public int? MaxSendMessageSize { get; init; }
    /// <summary>Requests compressed per call through the grpc-internal-encoding-request header, on both stacks.</summary>
    public Compression Compression { get; init; }
    /// <summary>
    /// The zlib level of the client's gzip and deflate on grpc-dotnet (<see cref="FixedLevelCompressionProvider"/>); null
    /// keeps the stack's (Fastest). Grpc.Core has no such setting: C-core compresses at zlib's default.
    /// </summary>
    public System.IO.Compression.CompressionLevel? CompressionLevel { get; init; }
    public bool? EnableMultipleHttp2Connections { get; init; }
    public int? InitialHttp2StreamWindowSize { get; init; }
    public TimeSpan? KeepAlivePingDelay { get; init; }
    public TimeSpan? KeepAlivePingTimeout { get; init; }
    public TimeSpan? PooledConnectionLifetime { get; init; }
    /// <summary>Channels each kind of call goes over in turn, each with its own connection, 1-16; null for one.</summary>
    public int? Channels { get; init; }

    /// <summary>ExampleService's message encoding, "protobuf" or "json" (<see cref="GrpcBench.Contracts.JsonCodec"/>): the host's must match.</summary>
    public string Codec { get; init; } = GrpcBench.Contracts.JsonCodec.Protobuf;

    /// <summary>How SendLargeData's request is written, "message" or "direct" (<see cref="DirectUpload"/>): the same bytes on the wire; protobuf only.</summary>
    public string UploadWriter { get; init; } = GrpcBench.Contracts.UploadPaths.Message;

    /// <summary>The settings with the profile applied: what the client is actually made with.</summary>
    public ClientSettings Resolved() => Profile == ClientProfiles.Seed
        ? this with
        {
            EnableMultipleHttp2Connections = EnableMultipleHttp2Connections ?? true,
            KeepAlivePingDelay = KeepAlivePingDelay ?? TimeSpan.FromSeconds(60),
            KeepAlivePingTimeout = KeepAlivePingTimeout ?? TimeSpan.FromSeconds(30),
        }
        : this;
}

/// <summary>Where a client connects: a host's URL (http:// for h2c, https:// for TLS) and, for TLS, the host's certificate.</summary>
public sealed record ClientTarget(Uri Url, string? CertificatePem)
{
    /// <summary>The Unix domain socket of a unix:/path target; null for http and https.</summary>
    public string? SocketPath => Url.Scheme == "unix" ? Uri.UnescapeDataString(Url.AbsolutePath) : null;

    /// <summary>How errors name the target: host:port, or unix:/path.</summary>
    public string Address => SocketPath is { } path ? $"unix:{path}" : $"{Url.Host}:{Url.Port}";
}
