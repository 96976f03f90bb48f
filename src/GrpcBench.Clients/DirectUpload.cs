using System.Buffers;
using Grpc.Core;
using GrpcBench.Contracts;

namespace GrpcBench.Clients;

/// <summary>SendLargeData's request as bytes the caller owns (a pooled or reused buffer): no LargeDataRequest, no ByteString.</summary>
public sealed record OwnedUpload(ReadOnlyMemory<byte> Data);

/// <summary>
/// SendLargeData with its request written by a marshaller of its own (the client's UploadWriter "direct"): the
/// LargeDataRequest encoding (field 1, its length, the bytes) written from the caller's buffer straight into the
/// stack's send buffer, its length set first so that grpc-dotnet writes into one pooled buffer and Grpc.Core into
/// its native slices. A request built with ByteString.CopyFrom allocates a fresh large-object array per call before
/// that; here the only copy is the stack's own.
/// </summary>
public static class DirectUpload
{
    private const byte DataFieldTag = (1 << 3) | 2;

    public static readonly Method<OwnedUpload, Empty> SendLargeData = new(MethodType.Unary, "example.ExampleService", "SendLargeData",
        Marshallers.Create<OwnedUpload>(Write, _ => throw new NotSupportedException("the client only writes uploads")),
        Marshallers.Create<Empty>(_ => [], Empty.Parser.ParseFrom));

    public static void Write(OwnedUpload upload, SerializationContext context)
    {
        var data = upload.Data.Span;
        if (data.IsEmpty)
        {
            // proto3 leaves an empty bytes field out: the message is empty.
            context.Complete([]);
            return;
        }
        Span<byte> header = stackalloc byte[6];
        header[0] = DataFieldTag;
        var headerLength = 1;
        for (var length = (uint)data.Length; ; length >>= 7)
        {
            header[headerLength++] = (byte)(length < 0x80 ? length : (length & 0x7F) | 0x80);
            if (length < 0x80) break;
        }
        context.SetPayloadLength(headerLength + data.Length);
        var writer = context.GetBufferWriter();
        writer.Write(header[..headerLength]);
        writer.Write(data);
        context.Complete();
    }
}
