using System.Buffers;
using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Contracts;
using GrpcBench.Service;

namespace GrpcBench.Tests;

/// <summary>The message-path alternatives' marshallers: the client's direct writer and the host's sequence reader, on their own.</summary>
public class UploadPathTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(127)]
    [InlineData(128)]
    [InlineData(20 * 1024 * 1024 + 3)]
    public void The_direct_writer_writes_what_protobuf_writes_for_the_same_bytes(int length)
    {
        var data = new byte[length];
        new Random(length).NextBytes(data);
        var context = new RecordingContext();

        DirectUpload.Write(new OwnedUpload(data), context);

        Assert.Equal(new LargeDataRequest { Data = ByteString.CopyFrom(data) }.ToByteArray(), context.Written);
        Assert.True(length == 0 || context.PayloadLength == context.Written.Length, "the length is set first, so that a stack can size its buffer");
    }

    [Fact]
    public void The_sequence_reader_sums_the_last_bytes_field_across_segments_and_skips_other_fields()
    {
        var first = new byte[1000];
        var last = new byte[300_001];
        new Random(1).NextBytes(first);
        new Random(2).NextBytes(last);
        var output = new MemoryStream();
        var writer = new CodedOutputStream(output);
        writer.WriteTag(2, WireFormat.WireType.Varint); writer.WriteUInt64(300);
        writer.WriteTag(1, WireFormat.WireType.LengthDelimited); writer.WriteBytes(ByteString.CopyFrom(first));
        writer.WriteTag(3, WireFormat.WireType.Fixed64); writer.WriteFixed64(7);
        writer.WriteTag(1, WireFormat.WireType.LengthDelimited); writer.WriteBytes(ByteString.CopyFrom(last));
        writer.WriteTag(4, WireFormat.WireType.Fixed32); writer.WriteFixed32(9);
        writer.WriteTag(5, WireFormat.WireType.LengthDelimited); writer.WriteBytes(ByteString.CopyFrom(1, 2, 3));
        writer.Flush();
        var message = output.ToArray();

        // Protobuf keeps the last occurrence of a bytes field; the reader must agree with it.
        Assert.Equal(last, LargeDataRequest.Parser.ParseFrom(message).Data.ToByteArray());
        foreach (var pieces in new[] { 1, 3, 77, 4096 })
        {
            var received = ReceivedUpload.From(Segments(message, pieces));
            Assert.Equal(new ReceivedUpload(last.Length, PayloadChecksum.Of(last)), received);
        }
        Assert.Equal(new ReceivedUpload(0, 0), ReceivedUpload.From(ReadOnlySequence<byte>.Empty));
        Assert.Throws<InvalidDataException>(() => ReceivedUpload.From(Segments(message[..^2], 5)));
    }

    /// <summary><paramref name="bytes"/> in <paramref name="count"/> segments of uneven sizes, as a stack's buffers hold a message.</summary>
    private static ReadOnlySequence<byte> Segments(byte[] bytes, int count)
    {
        var size = Math.Max(1, bytes.Length / count + 1);
        Segment? head = null, tail = null;
        for (var at = 0; at < bytes.Length; at += size)
        {
            var piece = new Segment(bytes.AsMemory(at, Math.Min(size, bytes.Length - at)), at);
            if (tail is null) head = piece; else tail.Link(piece);
            tail = piece;
        }
        return head is null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(head, 0, tail!, tail!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public void Link(Segment next) => Next = next;
    }

    /// <summary>A serialization context like the stacks': the payload length if set, then the buffer writer or the whole payload.</summary>
    private sealed class RecordingContext : SerializationContext
    {
        private readonly ArrayBufferWriter<byte> _writer = new();
        private byte[]? _complete;

        public int? PayloadLength { get; private set; }
        public byte[] Written => _complete ?? _writer.WrittenSpan.ToArray();

        public override void SetPayloadLength(int payloadLength) => PayloadLength = payloadLength;
        public override IBufferWriter<byte> GetBufferWriter() => _writer;
        public override void Complete() { }
        public override void Complete(byte[] payload) => _complete = payload;
    }
}
