using System;
using System.Diagnostics;

namespace Grpc.Core;

/// <summary>The result of a call: a status code, a detail text and, on the side that raised it, the exception behind it.</summary>
[DebuggerDisplay("{ToString(),nq}")]
public struct Status
{
    public static readonly Status DefaultSuccess = new(StatusCode.OK, "");
    public static readonly Status DefaultCancelled = new(StatusCode.Cancelled, "");

    public Status(StatusCode statusCode, string detail) : this(statusCode, detail, null)
    {
    }

    /// <param name="debugException">
    /// Kept on the side that created the status, for diagnostics; never sent over the wire.
    /// </param>
    public Status(StatusCode statusCode, string detail, Exception? debugException)
    {
        StatusCode = statusCode;
        Detail = detail;
        DebugException = debugException;
    }

    public StatusCode StatusCode { get; }

    public string Detail { get; }

    public Exception? DebugException { get; }

    public override string ToString() => DebugException is null
        ? $"Status(StatusCode=\"{StatusCode}\", Detail=\"{Detail}\")"
        : $"Status(StatusCode=\"{StatusCode}\", Detail=\"{Detail}\", DebugException=\"{DebugException.GetType()}: {DebugException.Message}\")";
}
