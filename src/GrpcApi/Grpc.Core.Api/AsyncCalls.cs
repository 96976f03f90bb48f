using System;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;

namespace Grpc.Core;

/// <summary>A unary call in progress. Awaiting it gives the response; an error status throws <see cref="RpcException"/>.</summary>
public sealed class AsyncUnaryCall<TResponse> : IDisposable
{
    private readonly AsyncCallState callState;

    public AsyncUnaryCall(Task<TResponse> responseAsync, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc,
        Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        ResponseAsync = responseAsync;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction);
    }

    public AsyncUnaryCall(Task<TResponse> responseAsync, Func<object, Task<Metadata>> responseHeadersAsync, Func<object, Status> getStatusFunc,
        Func<object, Metadata> getTrailersFunc, Action<object> disposeAction, object state)
    {
        ResponseAsync = responseAsync;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction, state);
    }

    public Task<TResponse> ResponseAsync { get; }

    public Task<Metadata> ResponseHeadersAsync => callState.ResponseHeadersAsync();

    public TaskAwaiter<TResponse> GetAwaiter() => ResponseAsync.GetAwaiter();

    public ConfiguredTaskAwaitable<TResponse> ConfigureAwait(bool continueOnCapturedContext) => ResponseAsync.ConfigureAwait(continueOnCapturedContext);

    /// <summary>The status; only once the call has finished.</summary>
    public Status GetStatus() => callState.GetStatus();

    /// <summary>The trailers; only once the call has finished.</summary>
    public Metadata GetTrailers() => callState.GetTrailers();

    /// <summary>Cancels the call if it is still running and frees its resources.</summary>
    public void Dispose() => callState.Dispose();
}

/// <summary>A server streaming call in progress.</summary>
public sealed class AsyncServerStreamingCall<TResponse> : IDisposable
{
    private readonly AsyncCallState callState;

    public AsyncServerStreamingCall(IAsyncStreamReader<TResponse> responseStream, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc,
        Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        ResponseStream = responseStream;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction);
    }

    public AsyncServerStreamingCall(IAsyncStreamReader<TResponse> responseStream, Func<object, Task<Metadata>> responseHeadersAsync,
        Func<object, Status> getStatusFunc, Func<object, Metadata> getTrailersFunc, Action<object> disposeAction, object state)
    {
        ResponseStream = responseStream;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction, state);
    }

    public IAsyncStreamReader<TResponse> ResponseStream { get; }

    public Task<Metadata> ResponseHeadersAsync => callState.ResponseHeadersAsync();

    public Status GetStatus() => callState.GetStatus();

    public Metadata GetTrailers() => callState.GetTrailers();

    public void Dispose() => callState.Dispose();
}

/// <summary>A client streaming call in progress.</summary>
public sealed class AsyncClientStreamingCall<TRequest, TResponse> : IDisposable
{
    private readonly AsyncCallState callState;

    public AsyncClientStreamingCall(IClientStreamWriter<TRequest> requestStream, Task<TResponse> responseAsync, Task<Metadata> responseHeadersAsync,
        Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        RequestStream = requestStream;
        ResponseAsync = responseAsync;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction);
    }

    public AsyncClientStreamingCall(IClientStreamWriter<TRequest> requestStream, Task<TResponse> responseAsync,
        Func<object, Task<Metadata>> responseHeadersAsync, Func<object, Status> getStatusFunc, Func<object, Metadata> getTrailersFunc,
        Action<object> disposeAction, object state)
    {
        RequestStream = requestStream;
        ResponseAsync = responseAsync;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction, state);
    }

    public Task<TResponse> ResponseAsync { get; }

    public Task<Metadata> ResponseHeadersAsync => callState.ResponseHeadersAsync();

    public IClientStreamWriter<TRequest> RequestStream { get; }

    public TaskAwaiter<TResponse> GetAwaiter() => ResponseAsync.GetAwaiter();

    public ConfiguredTaskAwaitable<TResponse> ConfigureAwait(bool continueOnCapturedContext) => ResponseAsync.ConfigureAwait(continueOnCapturedContext);

    public Status GetStatus() => callState.GetStatus();

    public Metadata GetTrailers() => callState.GetTrailers();

    public void Dispose() => callState.Dispose();
}

/// <summary>A duplex streaming call in progress.</summary>
public sealed class AsyncDuplexStreamingCall<TRequest, TResponse> : IDisposable
{
    private readonly AsyncCallState callState;

    public AsyncDuplexStreamingCall(IClientStreamWriter<TRequest> requestStream, IAsyncStreamReader<TResponse> responseStream,
        Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        RequestStream = requestStream;
        ResponseStream = responseStream;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction);
    }

    public AsyncDuplexStreamingCall(IClientStreamWriter<TRequest> requestStream, IAsyncStreamReader<TResponse> responseStream,
        Func<object, Task<Metadata>> responseHeadersAsync, Func<object, Status> getStatusFunc, Func<object, Metadata> getTrailersFunc,
        Action<object> disposeAction, object state)
    {
        RequestStream = requestStream;
        ResponseStream = responseStream;
        callState = new AsyncCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction, state);
    }

    public IAsyncStreamReader<TResponse> ResponseStream { get; }

    public IClientStreamWriter<TRequest> RequestStream { get; }

    public Task<Metadata> ResponseHeadersAsync => callState.ResponseHeadersAsync();

    public Status GetStatus() => callState.GetStatus();

    public Metadata GetTrailers() => callState.GetTrailers();

    public void Dispose() => callState.Dispose();
}
