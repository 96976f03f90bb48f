using System.Net;
using System.Security.Cryptography.X509Certificates;
using GrpcBench.Hosting;

namespace GrpcBench.Orchestration;

/// <summary>An HTTP/2-only client for a started host: prior-knowledge h2c, or TLS pinned to the certificate the host reported.</summary>
public static class Http2Client
{
    public static HttpClient For(ReadyLine host, TimeSpan? timeout = null) => For(new Uri(host.Url), host.CertificatePem, timeout);

    public static HttpClient For(Uri url, string? certificatePem, TimeSpan? timeout = null)
    {
        var handler = new SocketsHttpHandler();
        if (certificatePem is { } pem)
        {
            using var pinned = X509Certificate2.CreateFromPem(pem);
            var thumbprint = pinned.Thumbprint;
            handler.SslOptions.RemoteCertificateValidationCallback = (_, certificate, _, _) => certificate?.GetCertHashString() == thumbprint;
        }
        return new HttpClient(handler)
        {
            BaseAddress = url,
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Timeout = timeout ?? Timeout.InfiniteTimeSpan,
        };
    }
}
