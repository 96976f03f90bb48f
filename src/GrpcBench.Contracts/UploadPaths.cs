namespace GrpcBench.Contracts;

/// <summary>
/// How SendLargeData's message is read by the host (its UploadReader setting) and written by the client (its UploadWriter
/// setting): "message" is the generated LargeDataRequest on either side; the others are the same bytes on the wire, so
/// either side may change alone.
/// </summary>
public static class UploadPaths
{
    public const string Message = "message";

    /// <summary>The host sums the bytes field where the stack received it (<c>DeserializationContext.PayloadAsReadOnlySequence</c>).</summary>
    public const string Sequence = "sequence";

    /// <summary>The client writes the bytes field from its own buffer into the stack's (<c>SerializationContext.GetBufferWriter</c>).</summary>
    public const string Direct = "direct";

    public static readonly IReadOnlyList<string> Readers = [Message, Sequence];
    public static readonly IReadOnlyList<string> Writers = [Message, Direct];
}
