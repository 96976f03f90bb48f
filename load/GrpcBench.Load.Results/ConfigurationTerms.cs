namespace GrpcBench.Load.Results;

// The stacks, the compression and how every term is written (Terms) are in src/GrpcBench.Terms, shared with the clients,
// the hosts and the benchmarks.

/// <summary>What a configuration measures.</summary>
public enum ConfigurationKind
{
    /// <summary>The gRPC scenarios, a gRPC client against a gRPC host.</summary>
    Grpc,

    /// <summary>Kestrel's plain HTTP/2 endpoints: the transport without gRPC.</summary>
    RawHttp2,

    /// <summary>A bare socket: the machine's floor.</summary>
    RawTcp,
}

public enum Transport
{
    /// <summary>HTTP/2 over cleartext TCP, prior knowledge.</summary>
    H2c,

    /// <summary>HTTP/2 over TLS with a certificate the host makes at start-up.</summary>
    Tls,

    /// <summary>The raw-tcp floor's own framing over TCP.</summary>
    Tcp,

    /// <summary>HTTP/2 in cleartext over a Unix domain socket the host makes at start-up.</summary>
    Uds,
}
