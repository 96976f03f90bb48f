using Google.Protobuf;
using Google.Protobuf.Reflection;
using Grpc.Core;

namespace GrpcBench.ServiceAssembly;

/// <summary>One method of a team's service, called by its descriptor: no generated client is needed.</summary>
public sealed class ServiceMethod
{
    public ServiceMethod(MethodDescriptor descriptor)
    {
        Descriptor = descriptor;
        Kind = (descriptor.IsClientStreaming, descriptor.IsServerStreaming) switch
        {
            (false, false) => MethodType.Unary,
            (true, false) => MethodType.ClientStreaming,
            (false, true) => MethodType.ServerStreaming,
            _ => MethodType.DuplexStreaming,
        };
        Method = new(Kind, descriptor.Service.FullName, descriptor.Name, MarshallerOf(descriptor.InputType), MarshallerOf(descriptor.OutputType));
    }

    public MethodDescriptor Descriptor { get; }

    public MethodType Kind { get; }

    /// <summary>The method for a CallInvoker: messages as IMessage, (de)serialized by the descriptors' parsers.</summary>
    public Method<IMessage, IMessage> Method { get; }

    /// <summary>"package.Service/Method", as the scenario file and the wire name it.</summary>
    public string FullName => $"{Descriptor.Service.FullName}/{Descriptor.Name}";

    /// <summary>unary, client-streaming, server-streaming or bidi-streaming.</summary>
    public string KindText => Kind switch
    {
        MethodType.Unary => "unary",
        MethodType.ClientStreaming => "client-streaming",
        MethodType.ServerStreaming => "server-streaming",
        _ => "bidi-streaming",
    };

    /// <summary>A request from its protobuf JSON; throws <see cref="InvalidProtocolBufferException"/> or <see cref="InvalidJsonException"/> where it does not parse into the request type.</summary>
    public IMessage ParseRequest(string json) => JsonParser.Default.Parse(json, Descriptor.InputType);

    private static Marshaller<IMessage> MarshallerOf(MessageDescriptor message) =>
        Marshallers.Create(m => m.ToByteArray(), bytes => message.Parser.ParseFrom(bytes));
}
