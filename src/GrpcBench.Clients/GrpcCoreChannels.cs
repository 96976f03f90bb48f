using Grpc.Core;

namespace GrpcBench.Clients;

/// <summary>Grpc.Core <c>Channel</c>s (C-core) with the bench's settings as channel arguments.</summary>
public static class GrpcCoreChannels
{
    public static IBenchChannels Create(ClientTarget target, ClientSettings settings) =>
        BenchChannels<Channel>.Open(settings, separate => Open(target, settings, separate), async channel => await channel.ShutdownAsync());

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
        return target.SocketPath is { } path
            ? new Channel($"unix:{path}", credentials, Arguments(target, settings, separate))
            : new Channel(target.Url.Host.Trim('[', ']'), target.Url.Port, credentials, Arguments(target, settings, separate));
    }
}
