namespace Grpc.Core;

/// <summary>The call invoker of a client made without a channel: every call fails with Unimplemented.</summary>
internal sealed class UnimplementedCallInvoker : CallInvoker
{
    private static RpcException Unimplemented() => new(new Status(StatusCode.Unimplemented, "No call invoker: the client was created without a channel."));

    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        throw Unimplemented();

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        throw Unimplemented();

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
        CallOptions options, TRequest request) => throw Unimplemented();

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
        string? host, CallOptions options) => throw Unimplemented();

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
        string? host, CallOptions options) => throw Unimplemented();
}
