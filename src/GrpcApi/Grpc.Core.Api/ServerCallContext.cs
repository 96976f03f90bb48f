using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Grpc.Core;

/// <summary>What a service method sees of its call. Each server transport implements the <c>…Core</c> members.</summary>
public abstract class ServerCallContext
{
    private Dictionary<object, object>? userState;

    protected ServerCallContext()
    {
    }

    /// <summary>Sends the response headers now; at most once, and before the first response message.</summary>
    public Task WriteResponseHeadersAsync(Metadata responseHeaders) => WriteResponseHeadersAsyncCore(responseHeaders);

    /// <summary>A token for client calls made while handling this call, so they inherit its deadline and cancellation.</summary>
    public ContextPropagationToken CreatePropagationToken(ContextPropagationOptions? options = null) => CreatePropagationTokenCore(options);

    public string Method => MethodCore;

    public string Host => HostCore;

    public string Peer => PeerCore;

    public DateTime Deadline => DeadlineCore;

    public Metadata RequestHeaders => RequestHeadersCore;

    /// <summary>Cancelled when the call is cancelled by the client, exceeds its deadline, or the server shuts down.</summary>
    public CancellationToken CancellationToken => CancellationTokenCore;

    public Metadata ResponseTrailers => ResponseTrailersCore;

    /// <summary>The status sent at the end of the call; a service method may set it instead of throwing.</summary>
    public Status Status
    {
        get => StatusCore;
        set => StatusCore = value;
    }

    public WriteOptions? WriteOptions
    {
        get => WriteOptionsCore;
        set => WriteOptionsCore = value;
    }

    public AuthContext AuthContext => AuthContextCore;

    /// <summary>State that interceptors and the service method share during one call.</summary>
    public IDictionary<object, object> UserState => UserStateCore;

    protected abstract Task WriteResponseHeadersAsyncCore(Metadata responseHeaders);

    protected abstract ContextPropagationToken CreatePropagationTokenCore(ContextPropagationOptions? options);

    protected abstract string MethodCore { get; }

    protected abstract string HostCore { get; }

    protected abstract string PeerCore { get; }

    protected abstract DateTime DeadlineCore { get; }

    protected abstract Metadata RequestHeadersCore { get; }

    protected abstract CancellationToken CancellationTokenCore { get; }

    protected abstract Metadata ResponseTrailersCore { get; }

    protected abstract Status StatusCore { get; set; }

    protected abstract WriteOptions? WriteOptionsCore { get; set; }

    protected abstract AuthContext AuthContextCore { get; }

    protected virtual IDictionary<object, object> UserStateCore => userState ??= new Dictionary<object, object>();
}
