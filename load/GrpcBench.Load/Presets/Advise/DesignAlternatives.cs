using GrpcBench.Contracts;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// A change of code rather than a setting, screened like a knob but reported apart: the same bytes sent another way
/// (a client stream of chunks), compressed per call, read by the server without assembling them again, or written by
/// the client straight from its buffer. A chunked one replaces the mix's uploads (sendLargeData) with its own scenario,
/// so capacity still counts uploads per second.
/// </summary>
/// <param name="ChunkBytes">uploadChunks' chunk size; null where the uploads stay sendLargeData.</param>
public sealed record DesignAlternative(string Name, string Meaning, int? ChunkBytes, Compression Compression, string Code)
{
    /// <summary>How the host reads sendLargeData's message (<see cref="UploadPaths"/>); null where it reads it as by default.</summary>
    public string? UploadReader { get; init; }

    /// <summary>How the client writes sendLargeData's message (<see cref="UploadPaths"/>); null where it writes it as by default.</summary>
    public string? UploadWriter { get; init; }

    public LoadConfiguration Apply(LoadConfiguration configuration) => configuration with
    {
        ChunkBytes = ChunkBytes ?? configuration.ChunkBytes,
        Compression = Compression == Compression.None ? configuration.Compression : Compression,
        UploadReader = UploadReader ?? configuration.UploadReader,
        UploadWriter = UploadWriter ?? configuration.UploadWriter,
    };

    /// <summary>The mix with its uploads sent this way; the same mix where only the configuration changes.</summary>
    public CapacityMix Apply(CapacityMix mix)
    {
        if (ChunkBytes is null) return mix;
        static string Chunked(string scenario) => scenario == ScenarioNames.SendLargeData ? ScenarioNames.UploadChunks : scenario;
        return mix with { Searched = Chunked(mix.Searched), Load = mix.Load with { Scenarios = [.. mix.Load.Scenarios.Select(Chunked)] } };
    }

    public KnobChoice Choice => new(Name, ChunkBytes is { } bytes ? Sizes.Describe(bytes) : UploadReader ?? UploadWriter ?? Compression.Text(), Name, "Design", Code);

    /// <summary>The alternatives this one excludes, as a knob of a screen: every chunk size is a value of "chunked"; the others go with any of them.</summary>
    public Knob Group => new(ChunkBytes is null ? Name : "chunked", KnobKind.Design, Name, [Choice.Value], Meaning, "-");

    /// <summary>Whether it changes how one sendLargeData message goes (rather than sending the upload another way).</summary>
    public bool ChangesTheMessagePath => UploadReader is not null || UploadWriter is not null;
}

public static class DesignAlternatives
{
    private static DesignAlternative Chunked(int bytes)
    {
        var size = bytes >= 1024 * 1024 ? $"{bytes / (1024 * 1024)} MiB" : $"{bytes / 1024} KiB";
        return new($"chunked-{(bytes >= 1024 * 1024 ? $"{bytes / (1024 * 1024)}m" : $"{bytes / 1024}k")}",
            $"the upload as a client stream of {size} chunks (UploadChunks) instead of one large message", bytes, Compression.None,
            $"rpc UploadChunks (stream Chunk) returns (UploadSummary);   // .proto; the client writes {size} chunks, the service reads them as they come");
    }

    /// <summary>
    /// Every alternative the bench has a code path for. The chunk sizes bracket the runtime's large-object threshold
    /// (85,000 bytes): up to 80 KiB a chunk's buffers stay in the small-object heap, 128 KiB and 1 MiB land in the large one.
    /// </summary>
    public static readonly IReadOnlyList<DesignAlternative> Catalogue =
    [
        Chunked(16 * 1024), Chunked(32 * 1024), Chunked(64 * 1024), Chunked(80 * 1024), Chunked(128 * 1024), Chunked(1024 * 1024),
        new("compression-gzip", "gzip on every call, both ways (the payload's content decides whether it pays)", null, Compression.Gzip,
            "new CallOptions(new Metadata { { \"grpc-internal-encoding-request\", \"gzip\" } })   // per call; and ResponseCompressionAlgorithm = \"gzip\" in AddGrpc"),
        new("server-sequence-read", "the server reads the upload's bytes field where the stack received it (the message's ReadOnlySequence) instead of "
            + "parsing it into a ByteString of its own: one 20 MiB copy and large-object array fewer per upload", null, Compression.None,
            "Marshallers.Create<Received>(serializer: ..., deserializer: context => Received.From(context.PayloadAsReadOnlySequence()))   // "
            + "a Method<Received, Empty> of your own for SendLargeData, bound with ServerServiceDefinition.CreateBuilder().AddMethod (Grpc.Core) "
            + "or an IServiceMethodProvider (grpc-dotnet); read the field's segments in place, they live until the deserializer returns")
        { UploadReader = UploadPaths.Sequence },
        new("client-direct-write", "the client writes the upload's bytes field from its own buffer straight into the stack's send buffer "
            + "(SerializationContext.GetBufferWriter, its length set first) without a LargeDataRequest or ByteString: what replaces "
            + "ByteString.CopyFrom per call, a fresh large-object array each time, for data already in a pooled or reused buffer", null, Compression.None,
            "Marshallers.Create<Upload>((upload, context) => { context.SetPayloadLength(size); write tag 0x0A, the length varint and the bytes "
            + "to context.GetBufferWriter(); context.Complete(); }, ...)   // a Method<Upload, Empty> for SendLargeData; the buffer from ArrayPool<byte>.Shared, returned after the call")
        { UploadWriter = UploadPaths.Direct },
    ];

    /// <summary>
    /// What the advise preset screens: 64 KiB and 1 MiB chunks (one either side of the large-object threshold) and
    /// compression. A run with a chunk size on sends every upload that way, so the chunk sizes take runs from the story's
    /// workload: with all six (advise-machine, 2026-11-26) 48 of 72 runs were chunked and the knobs were screened mostly
    /// on chunked uploads; two leave half. The alternatives of the message path stay out: they act only in the runs
    /// whose uploads are not chunked. The migration path screens the rest (<see cref="Catalogue"/>).
    /// </summary>
    public static IReadOnlyList<DesignAlternative> Screened => [.. Catalogue.Where(a => !a.ChangesTheMessagePath && a.ChunkBytes is null or 64 * 1024 or 1024 * 1024)];

    public static DesignAlternative Named(string name) => Catalogue.Single(a => a.Name == name);

    /// <summary>
    /// The alternatives of <paramref name="from"/> (the advise default's by default) for a mix: those that change how uploads go only
    /// where it has uploads; compression only where its payload can shrink (random bytes cannot: the slow-link preset measures compression on text);
    /// none on a team's service (<see cref="StoryOnly"/>).
    /// </summary>
    public static IReadOnlyList<DesignAlternative> For(CapacityMix mix, IEnumerable<DesignAlternative>? from = null) => !StoryOnly.Runs(mix) ? [] :
        [.. (from ?? Screened).Where(a => (a.Compression != Compression.None || mix.Load.Scenarios.Contains(ScenarioNames.SendLargeData))
                                          && (a.Compression == Compression.None || mix.Load.PayloadContent != Payload.RandomContent))];
}
