using System.Globalization;
using System.IO.Compression;
using System.Net;
using Microsoft.Extensions.Configuration;

namespace GrpcBench.Hosting;

/// <summary>
/// Builds <see cref="HostSettings"/> from configuration: appsettings.json, then GRPCBENCH_ environment
/// variables, then the command line (--port 0 --tls true --kestrel:profile net6-windows).
/// </summary>
public static class HostSettingsReader
{
    public const string EnvironmentPrefix = "GRPCBENCH_";
    private const string Unlimited = "unlimited";
    private const int MinWindow = 65_535;

    public static HostSettings Read(string[] args) => Read(Configuration(args));

    /// <summary>The settings, or null after writing the one line that says which one is wrong (the host then exits 2).</summary>
    public static HostSettings? ReadOrReport(string[] args)
    {
        try
        {
            return Read(args);
        }
        catch (InvalidSettingException e)
        {
            Console.Error.WriteLine(e.Message);
            return null;
        }
    }

    public static IConfiguration Configuration(string[] args) => new ConfigurationBuilder()
        .AddJsonFile(Path.Combine(AppContext.BaseDirectory, "appsettings.json"), optional: true)
        .AddEnvironmentVariables(EnvironmentPrefix)
        .AddCommandLine(args)
        .Build();

    public static HostSettings Read(IConfiguration config)
    {
        var kestrel = config.GetSection("Kestrel");
        var grpcCore = config.GetSection("GrpcCore");
        var records = config.GetSection("Records");
        var profile = Choice(kestrel, "Profile", KestrelProfiles.Default, KestrelProfiles.Names);
        var (bodySize, unlimitedBody) = Size64(kestrel, "MaxRequestBodySize");
        var sockets = kestrel.GetSection("Sockets");
        var tls = Bool(config, "Tls");
        var uds = Bool(config, "Uds");
        if (tls && uds) throw new InvalidSettingException("Uds", "true", "false when Tls is true (TLS is over TCP only)");

        return new HostSettings(
            Address: IpAddress(config, "Address", "127.0.0.1"),
            Port: Int(config, "Port", 0, 0, 65_535),
            MaxReceiveMessageSize: Size(config, "MaxReceiveMessageSize", HostSettings.DefaultMaxReceiveMessageSize),
            MaxSendMessageSize: Size(config, "MaxSendMessageSize", null),
            ResponseCompression: Term(config, "ResponseCompression", Compression.None),
            ResponseCompressionLevel: Level(config, "ResponseCompressionLevel"),
            Tls: tls,
            Kestrel: new KestrelSettings(
                profile,
                NullableInt(kestrel, "InitialConnectionWindowSize", MinWindow, int.MaxValue),
                NullableInt(kestrel, "InitialStreamWindowSize", MinWindow, int.MaxValue),
                NullableInt(kestrel, "MaxStreamsPerConnection", 1, int.MaxValue),
                NullableInt(kestrel, "MaxFrameSize", 16_384, 16_777_215),
                NullableInt(kestrel, "MaxRequestHeaderFieldSize", 1, int.MaxValue),
                bodySize,
                unlimitedBody)
            {
                Sockets = new SocketTransportSettings(
                    NullableBool(sockets, "UnsafePreferInlineScheduling"),
                    NullableInt(sockets, "IOQueueCount", 0, 1_024),
                    NullableBool(sockets, "WaitForDataBeforeAllocatingBuffer"))
                {
                    MaxReadBufferSize = NullableInt(sockets, "MaxReadBufferSize", 4_096, int.MaxValue),
                },
                MaxRequestBufferSize = NullableInt(kestrel, "MaxRequestBufferSize", 4_096, int.MaxValue),
            },
            GrpcCore: new GrpcCoreSettings(
                NullableBool(grpcCore, "BdpProbe"),
                NullableInt(grpcCore, "WriteBufferSize", 0, int.MaxValue),
                NullableInt(grpcCore, "MaxFrameSize", 16_384, 16_777_215),
                NullableInt(grpcCore, "MaxConcurrentStreams", 1, int.MaxValue)),
            GetIntDelayMs: Int(config, "GetIntDelayMs", 0, 0, 600_000),
            GetIntSerial: Bool(config, "GetIntSerial"),
            Records: new RecordSettings(
                Int(records, "Count", RecordSettings.DefaultCount, 1, RecordSettings.MaxCount),
                FilePath(records, "DatabasePath")),
            ParentPid: NullableInt(config, "ParentPid", 1, int.MaxValue))
        {
            Uds = uds,
            GetIntCpuMs = Int(config, "GetIntCpuMs", 0, 0, 10_000),
            GetIntFreshPages = Int(config, "GetIntFreshPages", 0, 0, 262_144),
            Codec = Choice(config, "Codec", "protobuf", ["protobuf", "json"]),
            UploadReader = UploadReader(config),
            ServiceAssembly = Raw(config, "ServiceAssembly", out _),
        };
    }

    /// <summary>The sequence reader reads binary protobuf: with the JSON codec only the message reader.</summary>
    private static string UploadReader(IConfiguration config)
    {
        var reader = Choice(config, "UploadReader", "message", ["message", "sequence"]);
        return reader == "message" || Choice(config, "Codec", "protobuf", ["protobuf", "json"]) == "protobuf"
            ? reader
            : throw new InvalidSettingException("UploadReader", reader, "message with Codec=json (the sequence reader reads binary protobuf)");
    }

    private static string? Raw(IConfiguration config, string key, out string path)
    {
        path = config is IConfigurationSection section ? $"{section.Path}:{key}" : key;
        var value = config[key];
        return string.IsNullOrWhiteSpace(value) ? null : value.Trim();
    }

    private static string IpAddress(IConfiguration config, string key, string fallback)
    {
        var value = Raw(config, key, out var path) ?? fallback;
        return IPAddress.TryParse(value, out _)
            ? value
            : throw new InvalidSettingException(path, value, "an IPv4 or IPv6 address such as 127.0.0.1");
    }

    private static string? FilePath(IConfiguration config, string key)
    {
        var value = Raw(config, key, out var path);
        if (value is null) return null;
        return value.IndexOfAny(Path.GetInvalidPathChars()) < 0 && !Directory.Exists(value)
            ? Path.GetFullPath(value)
            : throw new InvalidSettingException(path, value, "a path to a file (made if missing), not a directory");
    }

    private static int Int(IConfiguration config, string key, int fallback, int min, int max) =>
        NullableInt(config, key, min, max) ?? fallback;

    private static int? NullableInt(IConfiguration config, string key, int min, int max)
    {
        var value = Raw(config, key, out var path);
        if (value is null) return null;
        return int.TryParse(value, NumberStyles.Integer, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
            ? n
            : throw new InvalidSettingException(path, value, $"a whole number from {min:N0} to {max:N0}");
    }

    /// <summary>A message size in bytes, or "unlimited" (null).</summary>
    private static int? Size(IConfiguration config, string key, int? fallback)
    {
        var value = Raw(config, key, out var path);
        if (value is null) return fallback;
        if (value.Equals(Unlimited, StringComparison.OrdinalIgnoreCase)) return null;
        return int.TryParse(value, NumberStyles.Integer, CultureInfo.InvariantCulture, out var n) && n >= 0
            ? n
            : throw new InvalidSettingException(path, value, $"a size in bytes from 0 to {int.MaxValue:N0}, or {Unlimited}");
    }

    private static (long? Size, bool Unlimited) Size64(IConfiguration config, string key)
    {
        var value = Raw(config, key, out var path);
        if (value is null) return (null, false);
        if (value.Equals(Unlimited, StringComparison.OrdinalIgnoreCase)) return (null, true);
        return long.TryParse(value, NumberStyles.Integer, CultureInfo.InvariantCulture, out var n) && n >= 0
            ? (n, false)
            : throw new InvalidSettingException(path, value, $"a size in bytes from 0 to {long.MaxValue:N0}, or {Unlimited}");
    }

    private static bool Bool(IConfiguration config, string key) => NullableBool(config, key) ?? false;

    private static bool? NullableBool(IConfiguration config, string key)
    {
        var value = Raw(config, key, out var path);
        if (value is null) return null;
        return bool.TryParse(value, out var b) ? b : throw new InvalidSettingException(path, value, "true or false");
    }

    private static string Choice(IConfiguration config, string key, string fallback, IReadOnlyList<string> allowed)
    {
        var value = Raw(config, key, out var path) ?? fallback;
        return allowed.FirstOrDefault(a => a.Equals(value, StringComparison.OrdinalIgnoreCase))
            ?? throw new InvalidSettingException(path, value, $"one of {string.Join(", ", allowed)}");
    }

    private static T Term<T>(IConfiguration config, string key, T fallback) where T : struct, Enum =>
        Terms.Parse<T>(Choice(config, key, fallback.Text(), Terms.Texts<T>()));

    private static CompressionLevel Level(IConfiguration config, string key)
    {
        string[] allowed = ["fastest", "optimal", "smallest", "none"];
        return Choice(config, key, "fastest", allowed) switch
        {
            "optimal" => CompressionLevel.Optimal,
            "smallest" => CompressionLevel.SmallestSize,
            "none" => CompressionLevel.NoCompression,
            _ => CompressionLevel.Fastest,
        };
    }
}
