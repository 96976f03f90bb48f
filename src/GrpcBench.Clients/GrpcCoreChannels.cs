using Grpc.Core;

namespace GrpcBench.Clients;

/// <summary>Grpc.Core <c>Channel</c>s (C-core) with the bench's settings as channel arguments.</summary>
public sealed class GrpcCoreChannels : IBenchChannels
{
    private GrpcCoreChannels(Channel small, Channel large)
    {
        Small = small;
        Large = large;
    }

    public ChannelBase Small { get; }
    public ChannelBase Large { get; }

    public static GrpcCoreChannels Create(ClientTarget target, ClientSettings settings)
    {
        var small = Open(target, settings, separate: false);
        var large = settings.Profile == ClientProfiles.SplitChannels ? Open(target, settings, separate: true) : small;
        return new GrpcCoreChannels(small, large);
    }

    public static IReadOnlyList<ChannelOption> Arguments(ClientTarget target, ClientSettings settings, bool separate)
    {
        var options = new List<ChannelOption>
        {
            new("grpc.max_receive_message_length", settings.MaxReceiveMessageSize ?? -1),
            new("grpc.max_send_message_length", settings.MaxSendMessageSize ?? -1),
        };
        if (target.CertificatePem is not null) options.Add(new(ChannelOptions.SslTargetNameOverride, "localhost"));
        if (settings.KeepAlivePingDelay is { } delay) options.Add(new("grpc.keepalive_time_ms", (int)delay.TotalMilliseconds));
        if (settings.KeepAlivePingTimeout is { } timeout) options.Add(new("grpc.keepalive_timeout_ms", (int)timeout.TotalMilliseconds));
        if (settings.InitialHttp2StreamWindowSize is { } window) options.Add(new("grpc.http2.lookahead_bytes", window));
        // Channels with equal arguments share C-core's global subchannel pool, hence one connection;
        // a local pool gives the second channel a connection of its own.
        if (separate) options.Add(new("grpc.use_local_subchannel_pool", 1));
        return options;
    }

    private static Channel Open(ClientTarget target, ClientSettings settings, bool separate)
    {
        var credentials = target.CertificatePem is null ? ChannelCredentials.Insecure : new SslCredentials(target.CertificatePem);
        return new Channel(target.Url.Host.Trim('[', ']'), target.Url.Port, credentials, Arguments(target, settings, separate));
    }

    public async ValueTask DisposeAsync()
    {
        await ((Channel)Small).ShutdownAsync();
        if (!ReferenceEquals(Small, Large)) await ((Channel)Large).ShutdownAsync();
    }
}
