using System.Net.Security;
using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using Grpc.Net.Client;
using Grpc.Net.Compression;

namespace GrpcBench.Clients;

/// <summary>Grpc.Net.Client <c>GrpcChannel</c>s over a SocketsHttpHandler with the bench's settings.</summary>
public static class GrpcNetChannels
{
    // A channel of its own has a handler of its own, hence connections of its own.
    public static IBenchChannels Create(ClientTarget target, ClientSettings settings) =>
        BenchChannels<GrpcChannel>.Open(settings, _ => Open(target, settings), channel =>
        {
            channel.Dispose();
            return ValueTask.CompletedTask;
        });

    public static SocketsHttpHandler Handler(ClientTarget target, ClientSettings settings)
    {
        var handler = new SocketsHttpHandler
        {
            // What GrpcChannel's own default handler does; a handler built by hand must say so.
            EnableMultipleHttp2Connections = settings.EnableMultipleHttp2Connections ?? true,
        };
        if (settings.Profile == ClientProfiles.Seed) handler.PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan;
        if (settings.InitialHttp2StreamWindowSize is { } window) handler.InitialHttp2StreamWindowSize = window;
        if (settings.KeepAlivePingDelay is { } delay) handler.KeepAlivePingDelay = delay;
        if (settings.KeepAlivePingTimeout is { } timeout) handler.KeepAlivePingTimeout = timeout;
        if (settings.PooledConnectionLifetime is { } lifetime) handler.PooledConnectionLifetime = lifetime;
        if (target.SocketPath is { } path)
        {
            var endpoint = new UnixDomainSocketEndPoint(path);
            handler.ConnectCallback = async (_, cancellationToken) =>
            {
                var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await socket.ConnectAsync(endpoint, cancellationToken);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            };
        }
        if (target.CertificatePem is { } pem)
        {
            var expected = X509Certificate2.CreateFromPem(pem);
            // Trust exactly the certificate the host made at start-up, or one it issued (a --target's CA), and nothing else.
            handler.SslOptions.RemoteCertificateValidationCallback = (_, certificate, _, _) =>
                certificate is not null && (certificate.GetRawCertData().AsSpan().SequenceEqual(expected.RawData) || IssuedBy(certificate, expected));
        }
        return handler;
    }

    private static bool IssuedBy(X509Certificate certificate, X509Certificate2 root)
    {
        using var chain = new X509Chain();
        chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        chain.ChainPolicy.CustomTrustStore.Add(root);
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        using var presented = new X509Certificate2(certificate);
        return chain.Build(presented);
    }

    private static GrpcChannel Open(ClientTarget target, ClientSettings settings)
    {
        var options = new GrpcChannelOptions
        {
            HttpHandler = Handler(target, settings),
            DisposeHttpClient = true,
            MaxReceiveMessageSize = settings.MaxReceiveMessageSize,
            MaxSendMessageSize = settings.MaxSendMessageSize,
        };
        if (settings.CompressionLevel is { } level)
            options.CompressionProviders = [new FixedLevelCompressionProvider(new GzipCompressionProvider(level), level),
#if NET8_0_OR_GREATER
                // Grpc.Net.Common's netstandard2.1 build, the one net6.0 gets, has no deflate provider (docs/packages.md).
                new FixedLevelCompressionProvider(new DeflateCompressionProvider(level), level),
#endif
            ];
        // Over a Unix domain socket the handler connects to the socket whatever the address says.
        return GrpcChannel.ForAddress(target.SocketPath is null ? target.Url : new Uri("http://localhost"), options);
    }
}
