using System.IO.Compression;

namespace GrpcBench.Hosting;

/// <summary>What every host takes, whatever its stack. Read and validated once by <see cref="HostSettingsReader"/>.</summary>
public sealed record HostSettings(
    string Address,
    int Port,
    int? MaxReceiveMessageSize,
    int? MaxSendMessageSize,
    Compression ResponseCompression,
    CompressionLevel ResponseCompressionLevel,
    bool Tls,
    KestrelSettings Kestrel,
    GrpcCoreSettings GrpcCore,
    int GetIntDelayMs,
    bool GetIntSerial,
    RecordSettings Records,
    int? ParentPid)
{
    public const int DefaultMaxReceiveMessageSize = 4 * 1024 * 1024;

    /// <summary>Listen on a Unix domain socket in a folder made at start-up (and removed at exit) instead of a TCP port.</summary>
    public bool Uds { get; init; }

    /// <summary>A host of known cost, for tests of the cost figures: each getInt spins until its thread has used this many ms of CPU.</summary>
    public int GetIntCpuMs { get; init; }

    /// <summary>A host of known faults, for tests of the fault counts: each getInt maps this many fresh 4 KiB pages and writes each once.</summary>
    public int GetIntFreshPages { get; init; }

    /// <summary>ExampleService's message encoding: "protobuf" (binary) or "json" (GrpcBench.Contracts.JsonCodec).</summary>
    public string Codec { get; init; } = "protobuf";

    /// <summary>
    /// How SendLargeData's message is read: "message" (the generated LargeDataRequest) or "sequence" (summed where the
    /// stack received it, GrpcBench.Contracts.UploadPaths); protobuf only.
    /// </summary>
    public string UploadReader { get; init; } = "message";

    /// <summary>A team's own service assembly whose services the host binds beside the bench's (docs/hosts.md); null for none.</summary>
    public string? ServiceAssembly { get; init; }
}

/// <summary>
/// RecordService's SQLite database: how many records, and where. A null path means the per-user cache
/// (records-&lt;count&gt;-v1.db under $XDG_CACHE_HOME/grpcbench or ~/.cache/grpcbench), made at first use.
/// </summary>
public sealed record RecordSettings(int Count, string? DatabasePath)
{
    public const int DefaultCount = 110_000;
    public const int MaxCount = 10_000_000;
}

/// <summary>
/// Kestrel's HTTP/2 and body limits. A null value keeps what the profile says, and a profile that says
/// nothing keeps the runtime's own default, which differs between .NET 6 and .NET 7+.
/// </summary>
public sealed record KestrelSettings(
    string Profile,
    int? InitialConnectionWindowSize,
    int? InitialStreamWindowSize,
    int? MaxStreamsPerConnection,
    int? MaxFrameSize,
    int? MaxRequestHeaderFieldSize,
    long? MaxRequestBodySize,
    bool UnlimitedRequestBodySize)
{
    /// <summary>The socket transport beneath (Kestrel:Sockets:...); all null keeps the runtime's defaults.</summary>
    public SocketTransportSettings Sockets { get; init; } = new(null, null, null);

    /// <summary>Limits.MaxRequestBufferSize: bytes buffered per connection before Kestrel stops reading it (runtime default 1 MiB).</summary>
    public long? MaxRequestBufferSize { get; init; }
}

/// <summary>
/// Kestrel's socket transport: run request work inline on the socket's I/O thread, how many I/O queues, and whether a
/// read waits for data before renting its buffer. A null value keeps the runtime's default.
/// </summary>
public sealed record SocketTransportSettings(bool? UnsafePreferInlineScheduling, int? IOQueueCount, bool? WaitForDataBeforeAllocatingBuffer)
{
    /// <summary>MaxReadBufferSize: bytes the socket transport reads ahead of the application before it pauses the socket (runtime default 1 MiB).</summary>
    public long? MaxReadBufferSize { get; init; }
}

/// <summary>
/// C-core channel arguments of the Grpc.Core host that a tuning run varies; a null value keeps C-core's default.
/// </summary>
public sealed record GrpcCoreSettings(
    bool? BdpProbe,
    int? WriteBufferSize,
    int? MaxFrameSize,
    int? MaxConcurrentStreams);
