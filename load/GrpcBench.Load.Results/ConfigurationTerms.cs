using System.Text.Json;

namespace GrpcBench.Load.Results;

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

public enum ServerStack
{
    /// <summary>Grpc.Core's server (C-core).</summary>
    GrpcCore,

    /// <summary>Grpc.AspNetCore on Kestrel; also the host of the raw HTTP/2 endpoints.</summary>
    Kestrel,

    /// <summary>The raw-tcp floor's sink.</summary>
    Socket,

    /// <summary>A server the bench did not start (--target); nothing of its side is measured.</summary>
    External,
}

public enum ClientStack
{
    /// <summary>Grpc.Core's Channel.</summary>
    GrpcCore,

    /// <summary>Grpc.Net.Client's GrpcChannel.</summary>
    GrpcNet,

    /// <summary>An HttpClient speaking plain HTTP/2 (raw-http2).</summary>
    Http2,

    /// <summary>A bare socket (raw-tcp).</summary>
    Socket,
}

/// <summary>Call compression: requests per call, responses by the host.</summary>
public enum Compression
{
    None,
    Gzip,
    Deflate,
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

/// <summary>
/// How the terms are written on the command line, in labels and in summary.json: lower-case words joined by '-'
/// ("grpc-core", "raw-http2", "h2c"), the names the bench has always used.
/// </summary>
public static class Terms
{
    public static readonly JsonNamingPolicy Naming = JsonNamingPolicy.KebabCaseLower;

    public static string Text<T>(this T value) where T : struct, Enum => Naming.ConvertName(value.ToString());

    public static IReadOnlyList<string> Texts<T>(params T[] values) where T : struct, Enum =>
        (values.Length == 0 ? Enum.GetValues<T>() : values).Select(v => v.Text()).ToArray();

    /// <summary>The term a text names; FormatException naming the allowed ones otherwise.</summary>
    public static T Parse<T>(string text) where T : struct, Enum =>
        Enum.GetValues<T>().FirstOrDefault(v => v.Text() == text) is var value && value.Text() == text
            ? value
            : throw new FormatException($"{text}: allowed {string.Join(", ", Texts<T>())}");
}
