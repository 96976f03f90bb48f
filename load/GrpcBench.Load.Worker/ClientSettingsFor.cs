using GrpcBench.Clients;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Worker;

public static class ClientSettingsFor
{
    /// <summary>The client a configuration names: its stack, profile, compression and explicit settings.</summary>
    public static ClientSettings Configuration(LoadConfiguration configuration)
    {
        var settings = new ClientSettings
        {
            Stack = configuration.Client,
            Profile = configuration.ClientProfile,
            Codec = configuration.Codec,
            UploadWriter = configuration.UploadWriter,
            MaxSendMessageSize = null,
            Compression = configuration.Compression,
            CompressionLevel = configuration.CompressionLevel switch
            {
                "fastest" => System.IO.Compression.CompressionLevel.Fastest,
                "optimal" => System.IO.Compression.CompressionLevel.Optimal,
                _ => null,
            },
        };
        foreach (var (name, value) in configuration.ClientSettings)
        {
            settings = name switch
            {
                "enableMultipleHttp2Connections" => settings with { EnableMultipleHttp2Connections = bool.Parse(value) },
                "initialHttp2StreamWindowSize" => settings with { InitialHttp2StreamWindowSize = int.Parse(value) },
                "channels" => settings with { Channels = int.Parse(value) },
                "keepAlivePingDelaySeconds" => settings with { KeepAlivePingDelay = TimeSpan.FromSeconds(int.Parse(value)) },
                _ => throw new ArgumentException($"unknown client setting {name}"),
            };
        }
        return settings;
    }
}
