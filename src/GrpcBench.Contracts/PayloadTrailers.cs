namespace GrpcBench.Contracts;

/// <summary>
/// The trailers in which the bench's SendLargeData reports what it received: the payload's length and its
/// <see cref="PayloadChecksum"/> in 16 hex digits. Not part of the story's contract: a client may ignore them.
/// </summary>
public static class PayloadTrailers
{
    public const string Length = "payload-length";
    public const string Checksum = "payload-checksum";
}
