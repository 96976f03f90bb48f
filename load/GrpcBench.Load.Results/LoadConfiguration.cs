using System.Text.Json.Serialization;

namespace GrpcBench.Load.Results;

/// <summary>What one configuration of a run is: the stacks, runtimes and every setting that differs between configurations.</summary>
/// <param name="Kind">grpc (the gRPC scenarios), raw-http2 (Kestrel's plain HTTP/2 endpoints, the transport without gRPC) or raw-tcp (a socket transfer, the machine's floor).</param>
/// <param name="Server">grpc-core or kestrel (socket for raw-tcp).</param>
/// <param name="Client">grpc-core or grpc-net (http2 for raw-http2, socket for raw-tcp).</param>
/// <param name="HostRuntime">The runtime asked for, e.g. "net8.0"; what the process reported is in <see cref="ConfigurationResult.HostRuntimeReported"/>.</param>
/// <param name="ClientRuntime">The runtime of the load worker that makes the calls.</param>
/// <param name="Compression">none, gzip or deflate: requests per call, responses by the host.</param>
/// <param name="Transport">h2c, tls or uds (tcp for raw-tcp).</param>
/// <param name="KestrelProfile">"default", "net6-windows", "large-windows" or "custom"; "n/a" on grpc-core.</param>
/// <param name="KestrelSettings">Explicit Kestrel values on top of the profile (host command-line name to value).</param>
/// <param name="ClientProfile">"default", "seed" or "split-channels".</param>
/// <param name="ClientSettings">Explicit client values on top of the profile.</param>
/// <param name="Scenarios">The scenarios this configuration runs at once; null for the run's (<c>--scenarios</c>).</param>
/// <param name="PayloadBytes">sendLargeData's message, or uploadChunks' whole upload; null for the run's (<c>--payload-mib</c>).</param>
/// <param name="PageSize">Records per page of the pages scenarios; null where no pages are read.</param>
/// <param name="ChunkBytes">uploadChunks' chunk size; null where nothing is uploaded in chunks.</param>
/// <param name="CompressionLevel">"default" (each stack's own), "fastest" or "optimal": the zlib level of grpc-dotnet's compression; "n/a" where the stacks cannot set one (C-core).</param>
/// <param name="Link">"none" (the machine's loopback), or the rate the loopback of a private network namespace is shaped to, e.g. "20mbit".</param>
/// <param name="Target">The URL of a server the bench did not start (--target), which the configuration's load worker calls; null for a host of its own.</param>
/// <param name="TargetCa">The PEM file an https target's certificate is checked against.</param>
/// <param name="HostEnvironment">Runtime knobs of the host as environment variables (DOTNET_gcServer=0 ...); null or empty for none.</param>
/// <param name="ClientEnvironment">Runtime knobs of the load worker (the client's process), the same way; null or empty for none.</param>
/// <param name="Codec">ExampleService's message encoding on both sides: "protobuf" or "json" (GrpcBench.Contracts.JsonCodec).</param>
/// <param name="UploadReader">How the host reads sendLargeData's message: "message" or "sequence" (GrpcBench.Contracts.UploadPaths).</param>
/// <param name="UploadWriter">How the client writes sendLargeData's message: "message" or "direct" (GrpcBench.Contracts.UploadPaths).</param>
public sealed record LoadConfiguration(
    ConfigurationKind Kind,
    ServerStack Server,
    ClientStack Client,
    string HostRuntime,
    string ClientRuntime,
    Compression Compression,
    Transport Transport,
    string KestrelProfile,
    IReadOnlyDictionary<string, string> KestrelSettings,
    string ClientProfile,
    IReadOnlyDictionary<string, string> ClientSettings,
    IReadOnlyList<string>? Scenarios = null,
    long? PayloadBytes = null,
    int? PageSize = null,
    int? ChunkBytes = null,
    string CompressionLevel = "default",
    string Link = "none",
    IReadOnlyDictionary<string, string>? HostEnvironment = null,
    IReadOnlyDictionary<string, string>? ClientEnvironment = null,
    string? Target = null,
    string? TargetCa = null,
    string Codec = "protobuf",
    string UploadReader = "message",
    string UploadWriter = "message")
{
    /// <summary>What the server-side figures of a --target run say instead of a number.</summary>
    public const string NotMeasured = "not measured (external target)";

    /// <summary>A short unique label, e.g. "kestrel/grpc-net net8.0 large-windows tls gzip".</summary>
    public string Label => LabelNamingRuntimes(runtime => runtime);

    /// <summary>
    /// The label with each runtime as a result names it (<see cref="RuntimeBuilds.Describe"/>), e.g.
    /// "kestrel/grpc-net net10.0 build on net11.0 default h2c": what a chart shows.
    /// </summary>
    [JsonIgnore]
    public string LabelWithBuilds => LabelNamingRuntimes(RuntimeBuilds.Describe);

    private string LabelNamingRuntimes(Func<string, string> name)
    {
        var parts = new List<string> { $"{Server.Text()}/{Client.Text()}", HostRuntime == ClientRuntime ? name(HostRuntime) : $"{name(HostRuntime)} (client {name(ClientRuntime)})" };
        if (Server == ServerStack.Kestrel && Kind == ConfigurationKind.Grpc) parts.Add(KestrelProfile);
        parts.AddRange(KestrelSettings.Select(s => $"{s.Key}={s.Value}"));
        parts.AddRange((HostEnvironment ?? new Dictionary<string, string>()).Select(v => $"{v.Key}={v.Value}"));
        if (ClientProfile != "default") parts.Add(ClientProfile);
        parts.AddRange(ClientSettings.Select(s => $"{s.Key}={s.Value}"));
        parts.AddRange((ClientEnvironment ?? new Dictionary<string, string>()).Select(v => $"client {v.Key}={v.Value}"));
        parts.Add(Transport.Text());
        if (Codec != "protobuf") parts.Add(Codec);
        if (UploadReader != "message") parts.Add($"{UploadReader}-read");
        if (UploadWriter != "message") parts.Add($"{UploadWriter}-write");
        if (Compression != Compression.None) parts.Add(CompressionLevel is "default" or "n/a" ? Compression.Text() : $"{Compression.Text()}-{CompressionLevel}");
        if (Scenarios is not null) parts.Add(string.Join('+', Scenarios));
        if (PayloadBytes is { } bytes) parts.Add(Sizes.Describe(bytes));
        if (PageSize is { } page) parts.Add($"page {page}");
        if (ChunkBytes is { } chunk) parts.Add($"chunk {Sizes.Describe(chunk)}");
        if (Link != "none") parts.Add($"link {Link}");
        if (Target is not null) parts.Add($"target {Target}");
        if (Kind != ConfigurationKind.Grpc) parts.Insert(0, Kind.Text());
        return string.Join(' ', parts);
    }

    /// <summary>The Grpc.Core pair on the same runtime and transport: what this configuration is compared with.</summary>
    public bool IsBaselineFor(LoadConfiguration other) =>
        Kind == ConfigurationKind.Grpc && Server == ServerStack.GrpcCore && Client == ClientStack.GrpcCore
        && HostRuntime == other.HostRuntime && Transport == other.Transport && Compression == other.Compression && Codec == other.Codec && SameWorkload(other);

    /// <summary>The same calls over the same link: what any two configurations compared with each other must share.</summary>
    public bool SameWorkload(LoadConfiguration other) =>
        (Scenarios ?? []).SequenceEqual(other.Scenarios ?? []) && PayloadBytes == other.PayloadBytes && PageSize == other.PageSize
        && ChunkBytes == other.ChunkBytes && Link == other.Link;
}

/// <summary>Byte counts as the options and labels write them: "100B", "64KiB", "1.9MB", "20MiB".</summary>
public static class Sizes
{
    public static string Describe(long bytes) =>
        bytes % (1024 * 1024) == 0 ? $"{bytes / (1024 * 1024)}MiB"
        : bytes % 1024 == 0 ? $"{bytes / 1024}KiB"
        : bytes >= 100_000 && bytes % 100_000 == 0 ? $"{(bytes / 1_000_000.0).ToString("0.#", System.Globalization.CultureInfo.InvariantCulture)}MB"
        : $"{bytes}B";

    /// <summary>"100b", "64kib", "1.9mb", "20mib" (case-insensitive); null if the text is no size.</summary>
    public static long? Parse(string text)
    {
        var match = System.Text.RegularExpressions.Regex.Match(text.Trim().ToLowerInvariant(), @"^(\d+(?:\.\d+)?)(b|kb|kib|mb|mib)$");
        if (!match.Success) return null;
        var number = double.Parse(match.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        var unit = match.Groups[2].Value switch { "b" => 1, "kb" => 1_000, "kib" => 1024, "mb" => 1_000_000, _ => 1024 * 1024 };
        var bytes = number * unit;
        return bytes >= 1 && bytes == Math.Floor(bytes) ? (long)bytes : null;
    }
}
