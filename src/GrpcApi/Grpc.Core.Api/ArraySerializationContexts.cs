using System;
using System.Buffers;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>Runs a contextual serializer into a plain array, for the simple form of a marshaller.</summary>
internal sealed class ArraySerializationContext : SerializationContext, IBufferWriter<byte>
{
    private byte[]? payload;
    private int written;
    private bool completed;

    public byte[] Payload
    {
        get
        {
            GrpcPreconditions.CheckState(completed, "The serializer did not complete the message.");
            return payload!;
        }
    }

    public override void Complete(byte[] payload)
    {
        GrpcPreconditions.CheckState(!completed, "Message already completed.");
        this.payload = GrpcPreconditions.CheckNotNull(payload, nameof(payload));
        completed = true;
    }

    public override void SetPayloadLength(int payloadLength)
    {
        GrpcPreconditions.CheckState(payload is null, "Payload length already set.");
        payload = new byte[payloadLength];
    }

    public override IBufferWriter<byte> GetBufferWriter()
    {
        GrpcPreconditions.CheckState(payload is not null, "Call SetPayloadLength before GetBufferWriter.");
        return this;
    }

    public override void Complete()
    {
        GrpcPreconditions.CheckState(payload is not null && written == payload.Length, "The buffer writer was not filled to the payload length.");
        completed = true;
    }

    public void Advance(int count) => written += count;

    public Memory<byte> GetMemory(int sizeHint = 0) => Remaining(sizeHint);

    public Span<byte> GetSpan(int sizeHint = 0) => Remaining(sizeHint).Span;

    private Memory<byte> Remaining(int sizeHint)
    {
        var remaining = payload.AsMemory(written);
        if (remaining.Length < Math.Max(sizeHint, 1)) throw new InvalidOperationException("Write past the payload length set with SetPayloadLength.");
        return remaining;
    }
}

internal sealed class ArrayDeserializationContext : DeserializationContext
{
    private readonly byte[] payload;

    public ArrayDeserializationContext(byte[] payload) => this.payload = payload;

    public override int PayloadLength => payload.Length;

    public override byte[] PayloadAsNewBuffer() => (byte[])payload.Clone();

    public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => new(payload);
}
