using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>TLS channel credentials: root certificates (PEM; null for the system's), an optional client certificate and peer check.</summary>
public sealed class SslCredentials : ChannelCredentials
{
    private readonly VerifyPeerCallback? verifyPeerCallback;

    public SslCredentials() : this(null, null, null)
    {
    }

    public SslCredentials(string rootCertificates) : this(rootCertificates, null, null)
    {
    }

    public SslCredentials(string? rootCertificates, KeyCertificatePair? keyCertificatePair) : this(rootCertificates, keyCertificatePair, null)
    {
    }

    public SslCredentials(string? rootCertificates, KeyCertificatePair? keyCertificatePair, VerifyPeerCallback? verifyPeerCallback)
    {
        RootCertificates = rootCertificates;
        KeyCertificatePair = keyCertificatePair;
        this.verifyPeerCallback = verifyPeerCallback;
    }

    public string? RootCertificates { get; }

    public KeyCertificatePair? KeyCertificatePair { get; }

    public override void InternalPopulateConfiguration(ChannelCredentialsConfiguratorBase configurator, object? state) =>
        GrpcPreconditions.CheckNotNull(configurator, nameof(configurator)).SetSslCredentials(state, RootCertificates, KeyCertificatePair, verifyPeerCallback);

    internal override bool IsComposable => true;
}

/// <summary>A certificate chain and its private key, both PEM.</summary>
public sealed class KeyCertificatePair
{
    public KeyCertificatePair(string certificateChain, string privateKey)
    {
        CertificateChain = GrpcPreconditions.CheckNotNull(certificateChain, nameof(certificateChain));
        PrivateKey = GrpcPreconditions.CheckNotNull(privateKey, nameof(privateKey));
    }

    public string CertificateChain { get; }

    public string PrivateKey { get; }
}

/// <summary>Decides whether the server's certificate is accepted; true accepts.</summary>
public delegate bool VerifyPeerCallback(VerifyPeerContext context);

/// <summary>What a <see cref="VerifyPeerCallback"/> sees: the name the client asked for and the server's certificate (PEM).</summary>
public class VerifyPeerContext
{
    internal VerifyPeerContext(string targetName, string peerPem)
    {
        TargetName = targetName;
        PeerPem = peerPem;
    }

    public string TargetName { get; }

    public string PeerPem { get; }
}
