using System;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>
/// Turns messages of type <typeparamref name="T"/> into bytes and back. Made from either a simple pair
/// (to and from byte arrays) or a contextual pair (writing into and reading from the transport's buffers);
/// each form is derived from the other, so a transport may use whichever it prefers.
/// </summary>
public class Marshaller<T>
{
    public Marshaller(Func<T, byte[]> serializer, Func<byte[], T> deserializer)
    {
        Serializer = GrpcPreconditions.CheckNotNull(serializer, nameof(serializer));
        Deserializer = GrpcPreconditions.CheckNotNull(deserializer, nameof(deserializer));
        ContextualSerializer = (message, context) => context.Complete(serializer(message));
        ContextualDeserializer = context => deserializer(context.PayloadAsNewBuffer());
    }

    public Marshaller(Action<T, SerializationContext> serializer, Func<DeserializationContext, T> deserializer)
    {
        ContextualSerializer = GrpcPreconditions.CheckNotNull(serializer, nameof(serializer));
        ContextualDeserializer = GrpcPreconditions.CheckNotNull(deserializer, nameof(deserializer));
        Serializer = message =>
        {
            var context = new ArraySerializationContext();
            serializer(message, context);
            return context.Payload;
        };
        Deserializer = payload => deserializer(new ArrayDeserializationContext(payload));
    }

    public Func<T, byte[]> Serializer { get; }

    public Func<byte[], T> Deserializer { get; }

    public Action<T, SerializationContext> ContextualSerializer { get; }

    public Func<DeserializationContext, T> ContextualDeserializer { get; }
}

/// <summary>Factories for marshallers.</summary>
public static class Marshallers
{
    public static Marshaller<T> Create<T>(Func<T, byte[]> serializer, Func<byte[], T> deserializer) => new(serializer, deserializer);

    public static Marshaller<T> Create<T>(Action<T, SerializationContext> serializer, Func<DeserializationContext, T> deserializer) => new(serializer, deserializer);

    /// <summary>Strings as UTF-8.</summary>
    public static Marshaller<string> StringMarshaller { get; } = new(System.Text.Encoding.UTF8.GetBytes, System.Text.Encoding.UTF8.GetString);
}
