using Grpc.Core;

namespace GrpcBench.Clients;

/// <summary>The two channels a client uses: the same one twice, or two separate ones (split-channels).</summary>
public interface IBenchChannels : IAsyncDisposable
{
    ChannelBase Small { get; }
    ChannelBase Large { get; }
}

/// <summary>Small and large channels of either stack, each closed once however many roles it has.</summary>
internal sealed class BenchChannels<TChannel>(TChannel small, TChannel large, Func<TChannel, ValueTask> close) : IBenchChannels
    where TChannel : ChannelBase
{
    /// <summary>One channel for both kinds of call, or under split-channels a second one for the large calls.</summary>
    public static BenchChannels<TChannel> Open(ClientSettings settings, Func<bool, TChannel> open, Func<TChannel, ValueTask> close)
    {
        var small = open(false);
        return new(small, settings.Profile == ClientProfiles.SplitChannels ? open(true) : small, close);
    }

    public ChannelBase Small => small;
    public ChannelBase Large => large;

    public async ValueTask DisposeAsync()
    {
        await close(small);
        if (!ReferenceEquals(small, large)) await close(large);
    }
}
