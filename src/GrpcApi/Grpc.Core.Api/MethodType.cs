namespace Grpc.Core;

public enum MethodType
{
    /// <summary>One request, one response.</summary>
    Unary,
    /// <summary>A stream of requests, one response.</summary>
    ClientStreaming,
    /// <summary>One request, a stream of responses.</summary>
    ServerStreaming,
    /// <summary>Requests and responses streamed both ways at once.</summary>
    DuplexStreaming,
}
