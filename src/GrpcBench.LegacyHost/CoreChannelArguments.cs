using Grpc.Core;
using GrpcBench.Hosting;
using GrpcBench.Records;
using GrpcBench.Service;
using GrpcBench.ServiceAssembly;

namespace GrpcBench.LegacyHost;

/// <summary>The shared host settings as C-core channel arguments (grpc_types.h names).</summary>
public static class CoreChannelArguments
{
    public static IReadOnlyList<ChannelOption> For(HostSettings settings)
    {
        var options = new List<ChannelOption>
        {
            // C-core's -1 is "unlimited"; its receive default is the same 4 MiB as grpc-dotnet's.
            new("grpc.max_receive_message_length", settings.MaxReceiveMessageSize ?? -1),
            new("grpc.max_send_message_length", settings.MaxSendMessageSize ?? -1),
        };
        // C-core's compression level chooses among algorithms rather than setting a zlib level, so only the
        // algorithm is set; responses are compressed at zlib's default level (docs/hosts.md).
        if (Algorithm(settings.ResponseCompression) is { } algorithm) options.Add(new("grpc.default_compression_algorithm", algorithm));
        var core = settings.GrpcCore;
        if (core.BdpProbe is { } bdp) options.Add(new("grpc.http2.bdp_probe", bdp ? 1 : 0));
        if (core.WriteBufferSize is { } writeBuffer) options.Add(new("grpc.http2.write_buffer_size", writeBuffer));
        if (core.MaxFrameSize is { } frame) options.Add(new("grpc.http2.max_frame_size", frame));
        if (core.MaxConcurrentStreams is { } streams) options.Add(new("grpc.max_concurrent_streams", streams));
        return options;
    }

    /// <summary>grpc_compression_algorithm: 0 none, 1 deflate, 2 gzip.</summary>
    private static int? Algorithm(Compression compression) => compression switch
    {
        Compression.Deflate => 1,
        Compression.Gzip => 2,
        _ => null,
    };

    public static object Effective(HostSettings settings, IReadOnlyList<ChannelOption> options, RecordStore records, HostedServices teamServices) => new
    {
        settings.Address,
        settings.Port,
        settings.MaxReceiveMessageSize,
        settings.MaxSendMessageSize,
        settings.ResponseCompression,
        ResponseCompressionLevel = settings.ResponseCompression == Compression.None ? "n/a" : "zlib default (C-core has no level setting)",
        settings.Tls,
        settings.Uds,
        settings.GetIntDelayMs,
        settings.GetIntSerial,
        settings.GetIntCpuMs,
        settings.GetIntFreshPages,
        Records = RecordSettingsInForce.Of(records),
        ServiceAssembly = teamServices.InForce,
        ChannelArguments = options.ToDictionary(o => o.Name, o => o.Type == ChannelOption.OptionType.Integer ? (object)o.IntValue : o.StringValue),
    };

    public static CompressionLevel? Unused => null;
}
