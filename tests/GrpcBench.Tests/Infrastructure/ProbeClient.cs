using System.Net;
using System.Security.Cryptography.X509Certificates;
using GrpcBench.Hosting;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>An HTTP/2-only client for a host's probe endpoints: prior-knowledge h2c, or TLS pinned to the host's certificate.</summary>
public static class ProbeClient
{
    public static HttpClient For(ReadyLine host)
    {
        var handler = new SocketsHttpHandler();
        if (host.CertificatePem is { } pem)
        {
            using var pinned = X509Certificate2.CreateFromPem(pem);
            var thumbprint = pinned.Thumbprint;
            handler.SslOptions.RemoteCertificateValidationCallback = (_, certificate, _, _) =>
                certificate?.GetCertHashString() == thumbprint;
        }
        return new HttpClient(handler)
        {
            BaseAddress = new Uri(host.Url),
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Timeout = TimeSpan.FromSeconds(60),
        };
    }

    public static async Task<HttpResponseMessage> UploadAsync(HttpClient client, long bytes)
    {
        var payload = new byte[bytes];
        Random.Shared.NextBytes(payload);
        return await client.PostAsync("/probe/upload", new ByteArrayContent(payload));
    }
}
