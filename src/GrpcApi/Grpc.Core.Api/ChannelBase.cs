using System.Threading.Tasks;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>A connection (or pool of them) to a target, as generated clients see it.</summary>
public abstract class ChannelBase
{
    protected ChannelBase(string target)
    {
        Target = GrpcPreconditions.CheckNotNull(target, nameof(target));
    }

    public string Target { get; }

    public abstract CallInvoker CreateCallInvoker();

    /// <summary>Stops the channel; calls in progress may be cancelled.</summary>
    public Task ShutdownAsync() => ShutdownAsyncCore();

    protected virtual Task ShutdownAsyncCore() => Task.FromResult(true);
}
