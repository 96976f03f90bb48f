using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace GrpcBench.Hosting;

/// <summary>A certificate for 127.0.0.1, ::1 and localhost, made at start-up and never written to disk.</summary>
public static class SelfSignedCertificate
{
    public static X509Certificate2 Create()
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=GrpcBench host", key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddIpAddress(IPAddress.Loopback);
        names.AddIpAddress(IPAddress.IPv6Loopback);
        names.AddDnsName("localhost");
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], critical: false));
        var now = DateTimeOffset.UtcNow;
        return request.CreateSelfSigned(now.AddMinutes(-5), now.AddDays(1));
    }

    /// <summary>The private key as PKCS#8 PEM, for stacks that take PEM text (C-core).</summary>
    public static string PrivateKeyPem(X509Certificate2 certificate)
    {
        using var key = certificate.GetECDsaPrivateKey() ?? throw new InvalidOperationException("the certificate has no ECDSA private key");
        return new string(PemEncoding.Write("PRIVATE KEY", key.ExportPkcs8PrivateKey()));
    }

    public static string ToPem(X509Certificate2 certificate) =>
        "-----BEGIN CERTIFICATE-----\n"
        + Convert.ToBase64String(certificate.RawData, Base64FormattingOptions.InsertLineBreaks).Replace("\r\n", "\n")
        + "\n-----END CERTIFICATE-----";
}
