using Grpc.Core;

namespace GrpcBench.Clients;

/// <summary>Each call on the next of several channels in turn: N channels, N connections, as a client that spreads its calls does.</summary>
internal sealed class RoundRobinCallInvoker(IReadOnlyList<CallInvoker> invokers) : CallInvoker
{
    private int _next = -1;

    private CallInvoker Next() => invokers[(int)((uint)Interlocked.Increment(ref _next) % (uint)invokers.Count)];

    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        Next().BlockingUnaryCall(method, host, options, request);

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        Next().AsyncUnaryCall(method, host, options, request);

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options,
        TRequest request) => Next().AsyncServerStreamingCall(method, host, options, request);

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
        CallOptions options) => Next().AsyncClientStreamingCall(method, host, options);

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
        CallOptions options) => Next().AsyncDuplexStreamingCall(method, host, options);
}
