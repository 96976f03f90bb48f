using System;

namespace Grpc.Core;

/// <summary>A call that ended with a status other than OK, with the trailers the server sent.</summary>
public class RpcException : Exception
{
    public RpcException(Status status) : this(status, Metadata.Empty, status.ToString())
    {
    }

    public RpcException(Status status, string message) : this(status, Metadata.Empty, message)
    {
    }

    public RpcException(Status status, Metadata trailers) : this(status, trailers, status.ToString())
    {
    }

    public RpcException(Status status, Metadata trailers, string message) : base(message, status.DebugException)
    {
        Status = status;
        Trailers = trailers ?? throw new ArgumentNullException(nameof(trailers));
    }

    public Status Status { get; }

    public StatusCode StatusCode => Status.StatusCode;

    public Metadata Trailers { get; }
}
