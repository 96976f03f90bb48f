using Grpc.Core;

namespace GrpcBench.Clients;

/// <summary>
/// Where a client's calls go: small calls and large calls each on one channel, or on several in turn
/// (<see cref="ClientSettings.Channels"/>); the same channels for both, or separate ones (split-channels).
/// </summary>
public interface IBenchChannels : IAsyncDisposable
{
    CallInvoker Small { get; }
    CallInvoker Large { get; }
}

/// <summary>Small and large channels of either stack, each closed once however many roles it has.</summary>
internal sealed class BenchChannels<TChannel>(IReadOnlyList<TChannel> small, IReadOnlyList<TChannel> large, Func<TChannel, ValueTask> close) : IBenchChannels
    where TChannel : ChannelBase
{
    /// <param name="open">Opens a channel; true asks for a connection of its own (not shared with the channels opened before).</param>
    public static BenchChannels<TChannel> Open(ClientSettings settings, Func<bool, TChannel> open, Func<TChannel, ValueTask> close)
    {
        var count = settings.Channels ?? 1;
        var small = Enumerable.Range(0, count).Select(i => open(i > 0)).ToList();
        var large = settings.Profile == ClientProfiles.SplitChannels ? Enumerable.Range(0, count).Select(_ => open(true)).ToList() : small;
        return new(small, large, close);
    }

    public CallInvoker Small { get; } = Invoker(small);
    public CallInvoker Large { get; } = Invoker(large);

    private static CallInvoker Invoker(IReadOnlyList<TChannel> channels) =>
        channels.Count == 1 ? channels[0].CreateCallInvoker() : new RoundRobinCallInvoker([.. channels.Select(c => c.CreateCallInvoker())]);

    public async ValueTask DisposeAsync()
    {
        foreach (var channel in small.Concat(large).Distinct()) await close(channel);
    }
}
