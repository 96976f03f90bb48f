using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>Credentials of a channel: insecure, TLS, or TLS composed with call credentials.</summary>
public abstract class ChannelCredentials
{
    private static readonly ChannelCredentials InsecureInstance = new InsecureCredentials();
    private static readonly ChannelCredentials SecureSslInstance = new SslCredentials();

    protected ChannelCredentials()
    {
    }

    /// <summary>Plain text (h2c).</summary>
    public static ChannelCredentials Insecure => InsecureInstance;

    /// <summary>TLS with the system's root certificates and no client certificate.</summary>
    public static ChannelCredentials SecureSsl => SecureSslInstance;

    /// <summary>Channel credentials whose every call also carries <paramref name="callCredentials"/>.</summary>
    public static ChannelCredentials Create(ChannelCredentials channelCredentials, CallCredentials callCredentials) =>
        new CompositeChannelCredentials(channelCredentials, callCredentials);

    public abstract void InternalPopulateConfiguration(ChannelCredentialsConfiguratorBase configurator, object? state);

    /// <summary>Whether call credentials may be composed with these (only over a secure channel).</summary>
    internal virtual bool IsComposable => false;

    private sealed class InsecureCredentials : ChannelCredentials
    {
        public override void InternalPopulateConfiguration(ChannelCredentialsConfiguratorBase configurator, object? state) =>
            configurator.SetInsecureCredentials(state);
    }

    private sealed class CompositeChannelCredentials : ChannelCredentials
    {
        private readonly ChannelCredentials channelCredentials;
        private readonly CallCredentials callCredentials;

        public CompositeChannelCredentials(ChannelCredentials channelCredentials, CallCredentials callCredentials)
        {
            this.channelCredentials = GrpcPreconditions.CheckNotNull(channelCredentials, nameof(channelCredentials));
            this.callCredentials = GrpcPreconditions.CheckNotNull(callCredentials, nameof(callCredentials));
            GrpcPreconditions.CheckArgument(channelCredentials.IsComposable,
                $"CallCredentials can't be composed with {channelCredentials.GetType().Name}. CallCredentials must be used with secure channel credentials like SslCredentials.");
        }

        public override void InternalPopulateConfiguration(ChannelCredentialsConfiguratorBase configurator, object? state) =>
            configurator.SetCompositeCredentials(state, channelCredentials, callCredentials);
    }
}

/// <summary>Implemented by a transport to learn what <see cref="ChannelCredentials"/> are.</summary>
public abstract class ChannelCredentialsConfiguratorBase
{
    public abstract void SetInsecureCredentials(object? state);

    public abstract void SetSslCredentials(object? state, string? rootCertificates, KeyCertificatePair? keyCertificatePair, VerifyPeerCallback? verifyPeerCallback);

    public abstract void SetCompositeCredentials(object? state, ChannelCredentials channelCredentials, CallCredentials callCredentials);
}
