using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Contracts;

namespace GrpcBench.Service;

/// <summary>
/// ExampleService with SendLargeData's request read where the stack received it (the host's UploadReader "sequence").
/// The generated marshaller parses the message from the same sequence but copies its bytes field into a ByteString of
/// its own: a 20 MiB array on the large-object heap and a second pass over the message's bytes, after the stack has
/// already assembled them (C-core's slices, Kestrel's pipe). Here the checksum is summed over those segments in the
/// deserializer itself, the only place they are valid, and the service gets only the sums.
/// </summary>
public static class SequenceExampleService
{
    public static readonly Method<Empty, IntResponse> GetInt = new(MethodType.Unary, "example.ExampleService", "GetInt", Protobuf(Empty.Parser), Protobuf(IntResponse.Parser));

    public static readonly Method<ReceivedUpload, Empty> SendLargeData = new(MethodType.Unary, "example.ExampleService", "SendLargeData",
        Marshallers.Create<ReceivedUpload>(
            (_, _) => throw new NotSupportedException("the host only reads uploads"),
            context => ReceivedUpload.From(context.PayloadAsReadOnlySequence())),
        Protobuf(Empty.Parser));

    /// <summary>For Grpc.Core's server.</summary>
    public static ServerServiceDefinition Bind(ExampleServiceImpl service) => ServerServiceDefinition.CreateBuilder()
        .AddMethod(GetInt, service.GetInt)
        .AddMethod(SendLargeData, service.SendLargeData)
        .Build();

    private static Marshaller<T> Protobuf<T>(MessageParser<T> parser) where T : IMessage<T> => Marshallers.Create(message => message.ToByteArray(), parser.ParseFrom);
}
