using System;
using System.Threading;
using Grpc.Core.Internal;

namespace Grpc.Core;

/// <summary>The options of one call. Immutable: each <c>With…</c> returns a changed copy.</summary>
public struct CallOptions
{
    private Metadata? headers;
    private DateTime? deadline;
    private CancellationToken cancellationToken;
    private WriteOptions? writeOptions;
    private ContextPropagationToken? propagationToken;
    private CallCredentials? credentials;
    private CallFlags flags;

    public CallOptions(Metadata? headers = null, DateTime? deadline = null, CancellationToken cancellationToken = default,
        WriteOptions? writeOptions = null, ContextPropagationToken? propagationToken = null, CallCredentials? credentials = null)
    {
        this.headers = headers;
        this.deadline = deadline;
        this.cancellationToken = cancellationToken;
        this.writeOptions = writeOptions;
        this.propagationToken = propagationToken;
        this.credentials = credentials;
        flags = default;
    }

    public Metadata? Headers => headers;

    /// <summary>When the call fails with DeadlineExceeded, in UTC; null for none.</summary>
    public DateTime? Deadline => deadline;

    public CancellationToken CancellationToken => cancellationToken;

    public WriteOptions? WriteOptions => writeOptions;

    public ContextPropagationToken? PropagationToken => propagationToken;

    public CallCredentials? Credentials => credentials;

    /// <summary>Wait for the channel to become ready instead of failing fast when it is not.</summary>
    public bool IsWaitForReady => (flags & CallFlags.WaitForReady) == CallFlags.WaitForReady;

    internal CallFlags Flags => flags;

    public CallOptions WithHeaders(Metadata headers)
    {
        var copy = this;
        copy.headers = headers;
        return copy;
    }

    public CallOptions WithDeadline(DateTime deadline)
    {
        var copy = this;
        copy.deadline = deadline;
        return copy;
    }

    public CallOptions WithCancellationToken(CancellationToken cancellationToken)
    {
        var copy = this;
        copy.cancellationToken = cancellationToken;
        return copy;
    }

    public CallOptions WithWriteOptions(WriteOptions writeOptions)
    {
        var copy = this;
        copy.writeOptions = writeOptions;
        return copy;
    }

    public CallOptions WithPropagationToken(ContextPropagationToken propagationToken)
    {
        var copy = this;
        copy.propagationToken = propagationToken;
        return copy;
    }

    public CallOptions WithCredentials(CallCredentials credentials)
    {
        var copy = this;
        copy.credentials = credentials;
        return copy;
    }

    public CallOptions WithWaitForReady(bool waitForReady = true) =>
        WithFlags(waitForReady ? flags | CallFlags.WaitForReady : flags & ~CallFlags.WaitForReady);

    internal CallOptions WithFlags(CallFlags flags)
    {
        var copy = this;
        copy.flags = flags;
        return copy;
    }
}
