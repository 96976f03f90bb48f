using Grpc.Core.Interceptors;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>The base of generated clients.</summary>
public abstract class ClientBase<T> : ClientBase
    where T : ClientBase<T>
{
    protected ClientBase()
    {
    }

    protected ClientBase(ClientBaseConfiguration configuration) : base(configuration)
    {
    }

    public ClientBase(ChannelBase channel) : base(channel)
    {
    }

    public ClientBase(CallInvoker callInvoker) : base(callInvoker)
    {
    }

    /// <summary>A copy of this client whose calls carry the given host (the HTTP/2 authority).</summary>
    public T WithHost(string host)
    {
        GrpcPreconditions.CheckNotNull(host, nameof(host));
        return NewInstance(Configuration.WithHost(host));
    }

    protected abstract T NewInstance(ClientBaseConfiguration configuration);
}

public abstract class ClientBase
{
    private readonly ClientBaseConfiguration configuration;
    private readonly CallInvoker callInvoker;

    /// <summary>For mocking: a client without a channel, whose calls fail.</summary>
    protected ClientBase() : this(new UnimplementedCallInvoker())
    {
    }

    protected ClientBase(ClientBaseConfiguration configuration)
    {
        this.configuration = GrpcPreconditions.CheckNotNull(configuration, nameof(configuration));
        callInvoker = configuration.CreateDecoratedCallInvoker();
    }

    public ClientBase(ChannelBase channel) : this(channel.CreateCallInvoker())
    {
    }

    public ClientBase(CallInvoker callInvoker) : this(new ClientBaseConfiguration(callInvoker, null))
    {
    }

    protected CallInvoker CallInvoker => callInvoker;

    internal ClientBaseConfiguration Configuration => configuration;

    /// <summary>What a client is made from: the call invoker and an optional host for every call.</summary>
    protected internal class ClientBaseConfiguration
    {
        private readonly CallInvoker undecoratedCallInvoker;
        private readonly string? host;

        internal ClientBaseConfiguration(CallInvoker undecoratedCallInvoker, string? host)
        {
            this.undecoratedCallInvoker = GrpcPreconditions.CheckNotNull(undecoratedCallInvoker, nameof(undecoratedCallInvoker));
            this.host = host;
        }

        internal CallInvoker CreateDecoratedCallInvoker() =>
            host is null ? undecoratedCallInvoker : undecoratedCallInvoker.Intercept(new HostInterceptor(host));

        internal ClientBaseConfiguration WithHost(string host) => new(undecoratedCallInvoker, host);

        /// <summary>Puts the configured host on every call.</summary>
        private sealed class HostInterceptor : ContextChangingInterceptor
        {
            private readonly string host;

            public HostInterceptor(string host) => this.host = host;

            protected override ClientInterceptorContext<TRequest, TResponse> Change<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context) =>
                new(context.Method, host, context.Options);
        }
    }
}
