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

    private sealed class MetadataInterceptor : ContextChangingInterceptor
    {
        private readonly Func<Metadata, Metadata> interceptor;

        public MetadataInterceptor(Func<Metadata, Metadata> interceptor) => this.interceptor = GrpcPreconditions.CheckNotNull(interceptor, nameof(interceptor));

        protected override ClientInterceptorContext<TRequest, TResponse> Change<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context) =>
            new(context.Method, context.Host, context.Options.WithHeaders(interceptor(context.Options.Headers ?? new Metadata())));
    }
}

public static class ChannelExtensions
{
    public static CallInvoker Intercept(this ChannelBase channel, Interceptor interceptor) => channel.CreateCallInvoker().Intercept(interceptor);

    public static CallInvoker Intercept(this ChannelBase channel, params Interceptor[] interceptors) => channel.CreateCallInvoker().Intercept(interceptors);

    public static CallInvoker Intercept(this ChannelBase channel, Func<Metadata, Metadata> interceptor) => channel.CreateCallInvoker().Intercept(interceptor);
}
