using System;
using System.Linq;
using Grpc.Core.Utils;

namespace Grpc.Core.Interceptors;

public static class CallInvokerExtensions
{
    /// <summary>A call invoker whose calls go through the interceptor first.</summary>
    public static CallInvoker Intercept(this CallInvoker invoker, Interceptor interceptor) => new InterceptingCallInvoker(invoker, interceptor);

    /// <summary>A call invoker whose calls go through the interceptors, the first one given first.</summary>
    public static CallInvoker Intercept(this CallInvoker invoker, params Interceptor[] interceptors)
    {
        GrpcPreconditions.CheckNotNull(invoker, nameof(invoker));
        GrpcPreconditions.CheckNotNull(interceptors, nameof(interceptors));
        return Enumerable.Reverse(interceptors).Aggregate(invoker, (inner, interceptor) => inner.Intercept(interceptor));
    }

    /// <summary>A call invoker that lets <paramref name="interceptor"/> replace each call's request headers.</summary>
    public static CallInvoker Intercept(this CallInvoker invoker, Func<Metadata, Metadata> interceptor) =>
        new InterceptingCallInvoker(invoker, new MetadataInterceptor(interceptor));

    private sealed class MetadataInterceptor : Interceptor
    {
        private readonly Func<Metadata, Metadata> interceptor;

        public MetadataInterceptor(Func<Metadata, Metadata> interceptor) => this.interceptor = GrpcPreconditions.CheckNotNull(interceptor, nameof(interceptor));

        private ClientInterceptorContext<TRequest, TResponse> WithHeaders<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context)
            where TRequest : class
            where TResponse : class =>
            new(context.Method, context.Host, context.Options.WithHeaders(interceptor(context.Options.Headers ?? new Metadata())));

        public override TResponse BlockingUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
            BlockingUnaryCallContinuation<TRequest, TResponse> continuation) => continuation(request, WithHeaders(context));

        public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
            AsyncUnaryCallContinuation<TRequest, TResponse> continuation) => continuation(request, WithHeaders(context));

        public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(TRequest request,
            ClientInterceptorContext<TRequest, TResponse> context, AsyncServerStreamingCallContinuation<TRequest, TResponse> continuation) =>
            continuation(request, WithHeaders(context));

        public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context,
            AsyncClientStreamingCallContinuation<TRequest, TResponse> continuation) => continuation(WithHeaders(context));

        public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context,
            AsyncDuplexStreamingCallContinuation<TRequest, TResponse> continuation) => continuation(WithHeaders(context));
    }
}

public static class ChannelExtensions
{
    public static CallInvoker Intercept(this ChannelBase channel, Interceptor interceptor) => channel.CreateCallInvoker().Intercept(interceptor);

    public static CallInvoker Intercept(this ChannelBase channel, params Interceptor[] interceptors) => channel.CreateCallInvoker().Intercept(interceptors);

    public static CallInvoker Intercept(this ChannelBase channel, Func<Metadata, Metadata> interceptor) => channel.CreateCallInvoker().Intercept(interceptor);
}
