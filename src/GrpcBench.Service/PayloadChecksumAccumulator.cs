using GrpcBench.Contracts;

namespace GrpcBench.Service;

/// <summary>
/// <see cref="PayloadChecksum"/> of bytes that arrive in pieces. Byte p of the payload adds byte &lt;&lt; 8·(p mod 8)
/// to the checksum, so a piece that starts off an 8-byte boundary adds its first bytes one by one at their
/// shift, and the rest, aligned again, in 64-bit words: any split gives the checksum of the whole.
/// </summary>
public sealed class PayloadChecksumAccumulator
{
    public long Length { get; private set; }
    public ulong Checksum { get; private set; }

    public void Add(ReadOnlySpan<byte> piece)
    {
        var offset = (int)(Length % sizeof(ulong));
        var head = Math.Min(piece.Length, (sizeof(ulong) - offset) % sizeof(ulong));
        var sum = Checksum;
        for (var i = 0; i < head; i++) sum += (ulong)piece[i] << (8 * (offset + i));
        Checksum = sum + PayloadChecksum.Of(piece[head..]);
        Length += piece.Length;
    }
}
