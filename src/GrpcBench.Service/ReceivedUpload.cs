using System.Buffers;

namespace GrpcBench.Service;

/// <summary>
/// SendLargeData's request (a LargeDataRequest) as the host received it: its bytes field's length and checksum, summed
/// in place over the segments the stack holds the message in.
/// </summary>
public sealed record ReceivedUpload(long Length, ulong Checksum)
{
    private const int DataField = 1;

    /// <summary>Reads the protobuf fields of <paramref name="message"/>: the last bytes field 1 counts (as protobuf parses it); other fields are skipped.</summary>
    public static ReceivedUpload From(ReadOnlySequence<byte> message)
    {
        var reader = new SequenceReader<byte>(message);
        var data = new PayloadChecksumAccumulator();
        while (!reader.End)
        {
            var tag = Varint(ref reader);
            switch (tag & 7)
            {
                case 0: Varint(ref reader); break;
                case 1: Skip(ref reader, 8); break;
                case 5: Skip(ref reader, 4); break;
                case 2:
                    var length = (long)Varint(ref reader);
                    if (length > reader.Remaining) throw Truncated();
                    if (tag >> 3 == DataField)
                    {
                        data = new PayloadChecksumAccumulator();
                        foreach (var segment in reader.UnreadSequence.Slice(0, length)) data.Add(segment.Span);
                    }
                    reader.Advance(length);
                    break;
                default: throw new InvalidDataException($"LargeDataRequest: wire type {tag & 7} is not one protobuf writes");
            }
        }
        return new ReceivedUpload(data.Length, data.Checksum);
    }

    private static ulong Varint(ref SequenceReader<byte> reader)
    {
        ulong value = 0;
        for (var shift = 0; shift < 64; shift += 7)
        {
            if (!reader.TryRead(out var b)) throw Truncated();
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80) return value;
        }
        throw new InvalidDataException("LargeDataRequest: a varint longer than 10 bytes");
    }

    private static void Skip(ref SequenceReader<byte> reader, int bytes)
    {
        if (reader.Remaining < bytes) throw Truncated();
        reader.Advance(bytes);
    }

    private static InvalidDataException Truncated() => new("LargeDataRequest: the message ends inside a field");
}
