namespace Grpc.Core;

/// <summary>
/// Made by a server call, passed to a client call the server makes while handling it, so that the child call
/// inherits the parent's deadline and cancellation. Each transport has its own implementation.
/// </summary>
public abstract class ContextPropagationToken
{
    internal ContextPropagationToken()
    {
    }
}

/// <summary>What a child call inherits from its parent.</summary>
public class ContextPropagationOptions
{
    public static readonly ContextPropagationOptions Default = new();

    public ContextPropagationOptions(bool propagateDeadline = true, bool propagateCancellation = true)
    {
        IsPropagateDeadline = propagateDeadline;
        IsPropagateCancellation = propagateCancellation;
    }

    public bool IsPropagateDeadline { get; }

    public bool IsPropagateCancellation { get; }
}
