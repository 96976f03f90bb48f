using Grpc.Core.Utils;

namespace Grpc.Core.Interceptors;

/// <summary>Runs each call through an interceptor before it reaches the call invoker underneath.</summary>
internal sealed class InterceptingCallInvoker : CallInvoker
{
    private readonly CallInvoker invoker;
    private readonly Interceptor interceptor;

    public InterceptingCallInvoker(CallInvoker invoker, Interceptor interceptor)
    {
        this.invoker = GrpcPreconditions.CheckNotNull(invoker, nameof(invoker));
        this.interceptor = GrpcPreconditions.CheckNotNull(interceptor, nameof(interceptor));
    }

    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        interceptor.BlockingUnaryCall(request, new ClientInterceptorContext<TRequest, TResponse>(method, host, options),
            (r, c) => invoker.BlockingUnaryCall(c.Method, c.Host, c.Options, r));

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        interceptor.AsyncUnaryCall(request, new ClientInterceptorContext<TRequest, TResponse>(method, host, options),
            (r, c) => invoker.AsyncUnaryCall(c.Method, c.Host, c.Options, r));

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
        CallOptions options, TRequest request) =>
        interceptor.AsyncServerStreamingCall(request, new ClientInterceptorContext<TRequest, TResponse>(method, host, options),
            (r, c) => invoker.AsyncServerStreamingCall(c.Method, c.Host, c.Options, r));

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
        string? host, CallOptions options) =>
        interceptor.AsyncClientStreamingCall(new ClientInterceptorContext<TRequest, TResponse>(method, host, options),
            c => invoker.AsyncClientStreamingCall(c.Method, c.Host, c.Options));

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
        string? host, CallOptions options) =>
        interceptor.AsyncDuplexStreamingCall(new ClientInterceptorContext<TRequest, TResponse>(method, host, options),
            c => invoker.AsyncDuplexStreamingCall(c.Method, c.Host, c.Options));
}
