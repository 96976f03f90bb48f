using System.Text;
using Google.Protobuf;
using Grpc.Core;

namespace GrpcBench.Contracts;

/// <summary>
/// ExampleService with its messages as protobuf JSON (Google.Protobuf's JsonFormatter / JsonParser) instead of the
/// binary encoding: the same paths, the same messages, another body. Neither stack picks a marshaller by content type,
/// so a host serves one codec or the other (its Codec setting) and the client must use the same.
/// </summary>
public static class JsonCodec
{
    public const string Protobuf = "protobuf";
    public const string Json = "json";

    public static readonly IReadOnlyList<string> Names = [Protobuf, Json];

    public static readonly Method<Empty, IntResponse> GetInt = new(MethodType.Unary, "example.ExampleService", "GetInt", Marshaller<Empty>(), Marshaller<IntResponse>());

    public static readonly Method<LargeDataRequest, Empty> SendLargeData =
        new(MethodType.Unary, "example.ExampleService", "SendLargeData", Marshaller<LargeDataRequest>(), Marshaller<Empty>());

    public static Marshaller<T> Marshaller<T>() where T : IMessage<T>, new() => Marshallers.Create(
        message => Encoding.UTF8.GetBytes(JsonFormatter.Default.Format(message)),
        bytes => JsonParser.Default.Parse<T>(Encoding.UTF8.GetString(bytes)));
}
