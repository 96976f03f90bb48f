using System.Buffers;
using System.Text;
using Grpc.Core;

namespace GrpcBench.GrpcApi.Behaviour;

public class MarshallerBehaviourTests
{
    [Fact]
    public void A_simple_marshaller_also_serves_the_contextual_form()
    {
        var marshaller = Marshallers.Create<string>(Encoding.UTF8.GetBytes, Encoding.UTF8.GetString);
        var context = new RecordingSerializationContext();

        marshaller.ContextualSerializer("héllo", context);

        Assert.Equal(Encoding.UTF8.GetBytes("héllo"), context.Completed);
        Assert.Equal("héllo", marshaller.ContextualDeserializer(new BytesDeserializationContext(Encoding.UTF8.GetBytes("héllo"))));
    }

    [Fact]
    public void A_contextual_marshaller_writing_through_the_buffer_writer_also_serves_the_simple_form()
    {
        var marshaller = Marshallers.Create<byte[]>(
            (message, context) =>
            {
                context.SetPayloadLength(message.Length);
                var writer = context.GetBufferWriter();
                message.CopyTo(writer.GetSpan(message.Length));
                writer.Advance(message.Length);
                context.Complete();
            },
            context => context.PayloadAsReadOnlySequence().ToArray());

        var bytes = marshaller.Serializer([1, 2, 3, 4]);

        Assert.Equal(new byte[] { 1, 2, 3, 4 }, bytes);
        Assert.Equal(new byte[] { 5, 6 }, marshaller.Deserializer([5, 6]));
    }

    [Fact]
    public void A_contextual_serializer_that_never_completes_is_an_error()
    {
        var marshaller = Marshallers.Create<string>((_, _) => { }, _ => "");

        Assert.Throws<InvalidOperationException>(() => marshaller.Serializer("x"));
    }

    [Fact]
    public void String_marshaller_round_trips_utf8()
    {
        var bytes = Marshallers.StringMarshaller.Serializer("ünïcode");

        Assert.Equal("ünïcode", Marshallers.StringMarshaller.Deserializer(bytes));
    }

    [Fact]
    public void Method_full_name_is_the_http2_path()
    {
        var method = new Method<string, string>(MethodType.Unary, "pkg.Service", "Call", Marshallers.StringMarshaller, Marshallers.StringMarshaller);

        Assert.Equal("/pkg.Service/Call", method.FullName);
    }

    private sealed class RecordingSerializationContext : SerializationContext
    {
        public byte[]? Completed { get; private set; }

        public override void Complete(byte[] payload) => Completed = payload;
    }

    private sealed class BytesDeserializationContext(byte[] payload) : DeserializationContext
    {
        public override int PayloadLength => payload.Length;

        public override byte[] PayloadAsNewBuffer() => (byte[])payload.Clone();

        public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => new(payload);
    }
}
