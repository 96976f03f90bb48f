using System;
using System.Buffers;

namespace Grpc.Core;

/// <summary>
/// Where a marshaller writes one serialized message: either a whole array through <see cref="Complete(byte[])"/>,
/// or into the transport's buffer through <see cref="SetPayloadLength"/>, <see cref="GetBufferWriter"/> and <see cref="Complete()"/>.
/// A transport overrides what it supports.
/// </summary>
public abstract class SerializationContext
{
    // As the public API documents: the base members throw NotImplementedException, so a transport that does not
    // override one (e.g. a context without a buffer writer) fails loudly instead of dropping the message.
    public virtual void Complete(byte[] payload) => throw new NotImplementedException();

    public virtual IBufferWriter<byte> GetBufferWriter() => throw new NotImplementedException();

    public virtual void SetPayloadLength(int payloadLength) => throw new NotImplementedException();

    public virtual void Complete() => throw new NotImplementedException();
}
