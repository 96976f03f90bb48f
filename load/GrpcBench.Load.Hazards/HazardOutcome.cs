namespace GrpcBench.Load.Hazards;

/// <summary>
/// What a stack answered one case. <see cref="Answer"/> is the stable part a test asserts (e.g. "grpc-status 8
/// ResourceExhausted", "GOAWAY PROTOCOL_ERROR", "connection closed"); <see cref="Detail"/> the message or debug text.
/// </summary>
public sealed record HazardOutcome(string Answer, string? Detail = null)
{
    public static HazardOutcome Status(int? httpStatus, string? grpcStatus, string? grpcMessage)
    {
        if (grpcStatus is null) return new($"HTTP {httpStatus?.ToString() ?? "?"} without grpc-status", grpcMessage);
        var name = int.TryParse(grpcStatus, out var code) ? ((Grpc.Core.StatusCode)code).ToString() : grpcStatus;
        var http = httpStatus is 200 or null ? "" : $"HTTP {httpStatus}, ";
        return new($"{http}grpc-status {grpcStatus} {name}", grpcMessage is { Length: > 0 } ? Uri.UnescapeDataString(grpcMessage) : null);
    }

    public static HazardOutcome Closed(string? detail = null) => new("connection closed", detail);

    public static HazardOutcome Silent(TimeSpan waited) => new($"no answer within {waited.TotalSeconds:0} s");
}
