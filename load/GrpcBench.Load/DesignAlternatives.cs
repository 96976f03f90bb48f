using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// A change of code rather than a setting, screened like a knob but reported apart: the same bytes sent another way
/// (a client stream of chunks) or compressed per call. It replaces the mix's uploads (sendLargeData) with its own
/// scenario where it has one, so capacity still counts uploads per second.
/// </summary>
/// <param name="ChunkBytes">uploadChunks' chunk size; null where the uploads stay sendLargeData.</param>
public sealed record DesignAlternative(string Name, string Meaning, int? ChunkBytes, Compression Compression, string Code)
{
    public LoadConfiguration Apply(LoadConfiguration configuration) =>
        configuration with { ChunkBytes = ChunkBytes, Compression = Compression == Compression.None ? configuration.Compression : Compression };

    /// <summary>The mix with its uploads sent this way; the same mix where only the configuration changes.</summary>
    public CapacityMix Apply(CapacityMix mix)
    {
        if (ChunkBytes is null) return mix;
        static string Chunked(string scenario) => scenario == ScenarioNames.SendLargeData ? ScenarioNames.UploadChunks : scenario;
        return mix with { Searched = Chunked(mix.Searched), Load = mix.Load with { Scenarios = [.. mix.Load.Scenarios.Select(Chunked)] } };
    }

    public KnobChoice Choice => new(Name, ChunkBytes is { } bytes ? Sizes.Describe(bytes) : Compression.Text(), Name, "Design", Code);

    /// <summary>The alternatives this one excludes, as a knob of a screen: every chunk size is a value of "chunked"; compression goes with any of them.</summary>
    public Knob Group => new(ChunkBytes is null ? Name : "chunked", KnobKind.Design, Name, [Choice.Value], Meaning, "-");
}

public static class DesignAlternatives
{
    public static readonly IReadOnlyList<DesignAlternative> All =
    [
        new("chunked-64k", "the upload as a client stream of 64 KiB chunks (UploadChunks) instead of one large message", 64 * 1024, Compression.None,
            "rpc UploadChunks (stream Chunk) returns (UploadSummary);   // .proto; the client writes 64 KiB chunks, the service reads them as they come"),
        new("chunked-1m", "the upload as a client stream of 1 MiB chunks (UploadChunks) instead of one large message", 1024 * 1024, Compression.None,
            "rpc UploadChunks (stream Chunk) returns (UploadSummary);   // .proto; the client writes 1 MiB chunks, the service reads them as they come"),
        new("compression-gzip", "gzip on every call, both ways (the payload's content decides whether it pays)", null, Compression.Gzip,
            "new CallOptions(new Metadata { { \"grpc-internal-encoding-request\", \"gzip\" } })   // per call; and ResponseCompressionAlgorithm = \"gzip\" in AddGrpc"),
    ];

    /// <summary>
    /// The alternatives for a mix: those that change how uploads go only where it has uploads; compression only where its
    /// payload can shrink (random bytes cannot: the slow-link preset measures compression on text).
    /// </summary>
    public static IReadOnlyList<DesignAlternative> For(CapacityMix mix) =>
        [.. All.Where(a => (a.ChunkBytes is null || mix.Load.Scenarios.Contains(ScenarioNames.SendLargeData))
                           && (a.Compression == Compression.None || mix.Load.PayloadContent != Payload.RandomContent))];
}
