using System;
using System.Threading.Tasks;

namespace Grpc.Core;

/// <summary>
/// What a client call object asks its transport for: response headers, status, trailers and disposal.
/// Transports pass either closures or static delegates plus a state object (which saves an allocation per call).
/// </summary>
internal readonly struct AsyncCallState
{
    private readonly Func<object, Task<Metadata>> responseHeadersAsync;
    private readonly Func<object, Status> getStatus;
    private readonly Func<object, Metadata> getTrailers;
    private readonly Action<object> disposeAction;
    private readonly object callState;

    public AsyncCallState(Func<object, Task<Metadata>> responseHeadersAsync, Func<object, Status> getStatus,
        Func<object, Metadata> getTrailers, Action<object> disposeAction, object callState)
    {
        this.responseHeadersAsync = responseHeadersAsync;
        this.getStatus = getStatus;
        this.getTrailers = getTrailers;
        this.disposeAction = disposeAction;
        this.callState = callState;
    }

    public AsyncCallState(Task<Metadata> responseHeadersAsync, Func<Status> getStatus, Func<Metadata> getTrailers, Action disposeAction)
        : this(_ => responseHeadersAsync, _ => getStatus(), _ => getTrailers(), _ => disposeAction(), disposeAction)
    {
    }

    public Task<Metadata> ResponseHeadersAsync() => responseHeadersAsync(callState);

    public Status GetStatus() => getStatus(callState);

    public Metadata GetTrailers() => getTrailers(callState);

    public void Dispose() => disposeAction(callState);
}
