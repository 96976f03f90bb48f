using System;
using System.Buffers;

namespace Grpc.Core;

/// <summary>The payload of one received message, as a transport hands it to a marshaller.</summary>
public abstract class DeserializationContext
{
    // As the public API documents: a transport overrides the forms it can give; the others throw NotImplementedException.
    public virtual int PayloadLength => 0;

    /// <summary>The payload in a new array that the caller owns.</summary>
    public virtual byte[] PayloadAsNewBuffer() => throw new NotImplementedException();

    /// <summary>The payload without a copy; valid only until the deserializer returns.</summary>
    public virtual ReadOnlySequence<byte> PayloadAsReadOnlySequence() => throw new NotImplementedException();
}
