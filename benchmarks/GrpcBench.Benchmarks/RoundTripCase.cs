using GrpcBench.Clients;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

public static class ServerStacks
{
    /// <summary>Grpc.Core's <c>Server</c> (C-core), GrpcBench.LegacyHost.</summary>
    public const string GrpcCore = "grpc-core";

    /// <summary>Grpc.AspNetCore.Server on Kestrel, GrpcBench.KestrelHost.</summary>
    public const string Kestrel = "kestrel";
}

/// <summary>One round-trip case: which client calls which host, with how many payload bytes (0: GetInt) and which compression.</summary>
public sealed record RoundTripCase(string Client, string Server, int Bytes, CallCompression Compression, string KestrelProfile = KestrelProfiles.Default)
{
    /// <summary>Room on both sides for 20 MiB of random bytes, which gzip on .NET 9+ makes 5.5 % larger.</summary>
    public const int MaxMessageBytes = 32 * 1024 * 1024;

    public HostLaunch Host => new(Server switch
    {
        ServerStacks.GrpcCore => "GrpcBench.LegacyHost",
        ServerStacks.Kestrel => "GrpcBench.KestrelHost",
        _ => throw new ArgumentException($"invalid server stack {Server}: allowed {ServerStacks.GrpcCore} or {ServerStacks.Kestrel}"),
    }, DotnetRoots.CurrentMoniker, HostArguments());

    public ClientSettings ClientSettings => new()
    {
        Stack = Client,
        MaxSendMessageSize = MaxMessageBytes,
        MaxReceiveMessageSize = MaxMessageBytes,
        Compression = Compression,
    };

    // As in the load tool: the client compresses its requests per call, the host its responses.
    private List<string> HostArguments()
    {
        var arguments = new List<string> { "--maxReceiveMessageSize", MaxMessageBytes.ToString(), "--maxSendMessageSize", MaxMessageBytes.ToString() };
        if (Compression != CallCompression.None) arguments.AddRange(["--responseCompression", Compression.ToString().ToLowerInvariant()]);
        if (Server == ServerStacks.Kestrel) arguments.AddRange(["--kestrel:profile", KestrelProfile]);
        return arguments;
    }
}
