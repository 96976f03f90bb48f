namespace GrpcBench.Load.Results;

/// <summary>What one configuration of a run is: the stacks, runtimes and every setting that differs between configurations.</summary>
/// <param name="Kind">"grpc" (the two gRPC scenarios), "raw-http2" (Kestrel's plain HTTP/2 upload endpoint, the transport without gRPC) or "raw-tcp" (a socket transfer, the machine's floor).</param>
/// <param name="Server">"grpc-core" or "kestrel" ("socket" for raw-tcp).</param>
/// <param name="Client">"grpc-core" or "grpc-net" ("http2" for raw-http2, "socket" for raw-tcp).</param>
/// <param name="HostRuntime">The runtime asked for, e.g. "net8.0"; what the process reported is in <see cref="ConfigurationResult.HostRuntimeReported"/>.</param>
/// <param name="ClientRuntime">The runtime of the load worker that makes the calls.</param>
/// <param name="Compression">"none", "gzip" or "deflate": requests per call, responses by the host.</param>
/// <param name="Transport">"h2c" or "tls".</param>
/// <param name="KestrelProfile">"default", "net6-windows", "large-windows" or "custom"; "n/a" on grpc-core.</param>
/// <param name="KestrelSettings">Explicit Kestrel values on top of the profile (host command-line name to value).</param>
/// <param name="ClientProfile">"default", "seed" or "split-channels".</param>
/// <param name="ClientSettings">Explicit client values on top of the profile.</param>
public sealed record LoadConfiguration(
    string Kind,
    string Server,
    string Client,
    string HostRuntime,
    string ClientRuntime,
    string Compression,
    string Transport,
    string KestrelProfile,
    IReadOnlyDictionary<string, string> KestrelSettings,
    string ClientProfile,
    IReadOnlyDictionary<string, string> ClientSettings)
{
    /// <summary>A short unique label, e.g. "kestrel/grpc-net net8.0 large-windows tls gzip".</summary>
    public string Label
    {
        get
        {
            var parts = new List<string> { $"{Server}/{Client}", HostRuntime == ClientRuntime ? HostRuntime : $"{HostRuntime} (client {ClientRuntime})" };
            if (Server == "kestrel" && Kind == "grpc") parts.Add(KestrelProfile);
            parts.AddRange(KestrelSettings.Select(s => $"{s.Key}={s.Value}"));
            if (ClientProfile != "default") parts.Add(ClientProfile);
            parts.AddRange(ClientSettings.Select(s => $"{s.Key}={s.Value}"));
            parts.Add(Transport);
            if (Compression != "none") parts.Add(Compression);
            if (Kind != "grpc") parts.Insert(0, Kind);
            return string.Join(' ', parts);
        }
    }

    /// <summary>The Grpc.Core pair on the same runtime and transport: what this configuration is compared with.</summary>
    public bool IsBaselineFor(LoadConfiguration other) =>
        Kind == "grpc" && Server == "grpc-core" && Client == "grpc-core"
        && HostRuntime == other.HostRuntime && Transport == other.Transport && Compression == other.Compression;
}
