using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;

namespace GrpcBench.KestrelHost;

/// <summary>Applies <see cref="KestrelSettings"/> to Kestrel and reads back what is then in force.</summary>
public static class KestrelLimits
{
    public static void Apply(KestrelServerOptions options, HostSettings settings)
    {
        var kestrel = settings.Kestrel;
        var http2 = options.Limits.Http2;
        var (connectionWindow, streamWindow) = KestrelProfiles.Windows(kestrel.Profile);

        if ((kestrel.InitialConnectionWindowSize ?? connectionWindow) is { } connection) http2.InitialConnectionWindowSize = connection;
        if ((kestrel.InitialStreamWindowSize ?? streamWindow) is { } stream) http2.InitialStreamWindowSize = stream;
        if (kestrel.MaxStreamsPerConnection is { } streams) http2.MaxStreamsPerConnection = streams;
        if (kestrel.MaxFrameSize is { } frame) http2.MaxFrameSize = frame;
        if (kestrel.MaxRequestHeaderFieldSize is { } header) http2.MaxRequestHeaderFieldSize = header;

        options.Limits.MaxRequestBodySize = BodySize(kestrel, settings.MaxReceiveMessageSize, options.Limits.MaxRequestBodySize);
        if (kestrel.MaxRequestBufferSize is { } buffer) options.Limits.MaxRequestBufferSize = buffer;
    }

    public static void Apply(SocketTransportOptions options, SocketTransportSettings sockets)
    {
        if (sockets.UnsafePreferInlineScheduling is { } inline) options.UnsafePreferInlineScheduling = inline;
        if (sockets.IOQueueCount is { } queues) options.IOQueueCount = queues;
        if (sockets.WaitForDataBeforeAllocatingBuffer is { } wait) options.WaitForDataBeforeAllocatingBuffer = wait;
        if (sockets.MaxReadBufferSize is { } readAhead) options.MaxReadBufferSize = readAhead;
    }

    /// <summary>
    /// Kestrel refuses request bodies over 30,000,000 bytes by default, and gRPC lifts that only for
    /// streaming methods. A unary call up to the configured receive limit must not be refused by the
    /// transport first, so the body limit is raised to fit the message and its 5-byte gRPC frame header.
    /// </summary>
    private static long? BodySize(KestrelSettings kestrel, int? maxReceiveMessageSize, long? runtimeDefault)
    {
        if (kestrel.UnlimitedRequestBodySize) return null;
        if (kestrel.MaxRequestBodySize is { } explicitSize) return explicitSize;
        if (maxReceiveMessageSize is null) return null;
        return runtimeDefault is { } d ? Math.Max(d, maxReceiveMessageSize.Value + 5L) : null;
    }

    public static object Effective(KestrelServerOptions options, SocketTransportOptions sockets, HostSettings settings, object grpc, RecordStore records, HostedServices teamServices) => new
    {
        settings.Address,
        settings.Port,
        settings.MaxReceiveMessageSize,
        settings.MaxSendMessageSize,
        settings.ResponseCompression,
        ResponseCompressionLevel = settings.ResponseCompressionLevel.ToString(),
        settings.Tls,
        settings.Uds,
        Kestrel = new
        {
            settings.Kestrel.Profile,
            options.Limits.Http2.InitialConnectionWindowSize,
            options.Limits.Http2.InitialStreamWindowSize,
            options.Limits.Http2.MaxStreamsPerConnection,
            options.Limits.Http2.MaxFrameSize,
            options.Limits.Http2.MaxRequestHeaderFieldSize,
            options.Limits.Http2.HeaderTableSize,
            options.Limits.MaxRequestBodySize,
            options.Limits.MaxRequestBufferSize,
            Sockets = new { sockets.UnsafePreferInlineScheduling, sockets.IOQueueCount, sockets.WaitForDataBeforeAllocatingBuffer, sockets.MaxReadBufferSize },
        },
        settings.GetIntDelayMs,
        settings.GetIntSerial,
        settings.GetIntCpuMs,
        settings.GetIntFreshPages,
        Records = RecordSettingsInForce.Of(records),
        ServiceAssembly = teamServices.InForce,
        Grpc = grpc,
    };
}
