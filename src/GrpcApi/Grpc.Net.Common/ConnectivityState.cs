namespace Grpc.Core;

/// <summary>The state of a channel's connection, as in the gRPC connectivity semantics.</summary>
public enum ConnectivityState
{
    Idle,
    Connecting,
    Ready,
    TransientFailure,
    Shutdown,
}
