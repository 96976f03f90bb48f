using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>What a configuration's host is started as: its project and its command line.</summary>
public static class HostCommandLine
{
    /// <summary>The host setting for how many records its store holds (the record service's).</summary>
    public const string RecordCountArgument = "--records:count";

    /// <summary>Grpc.Core's host, or Kestrel's for everything else: the floors (raw HTTP/2, raw TCP) are endpoints of the Kestrel host.</summary>
    public static string Project(LoadConfiguration configuration) => HostLaunch.ProjectOf(configuration.Server == ServerStack.GrpcCore ? ServerStack.GrpcCore : ServerStack.Kestrel);

    public static IReadOnlyList<string> Arguments(LoadConfiguration configuration, LoadShape shape)
    {
        // Room for the payload and its framing: the receive limit must not be what a run measures.
        // JSON writes bytes as base64: 4 bytes for every 3.
        var messageBytes = configuration.Codec == "json" ? (long)shape.PayloadBytes * 4 / 3 : shape.PayloadBytes;
        var arguments = new List<string> { "--maxReceiveMessageSize", Math.Max(4 * 1024 * 1024, messageBytes + 64 * 1024).ToString() };
        if (configuration.Codec == "json") arguments.AddRange(["--codec", "json"]);
        if (configuration.UploadReader != "message") arguments.AddRange(["--uploadReader", configuration.UploadReader]);
        if (configuration.Transport == Transport.Tls) arguments.AddRange(["--tls", "true"]);
        if (configuration.Transport == Transport.Uds) arguments.AddRange(["--uds", "true"]);
        if (configuration.Compression != Compression.None) arguments.AddRange(["--responseCompression", configuration.Compression.Text()]);
        if (configuration.Compression != Compression.None && configuration.CompressionLevel is "fastest" or "optimal")
            arguments.AddRange(["--responseCompressionLevel", configuration.CompressionLevel]);
        if (shape.Service is { } service) arguments.AddRange(["--serviceAssembly", service.AssemblyPath]);
        if (shape.Scenarios.Any(ScenarioNames.IsTransfer)) arguments.AddRange([RecordCountArgument, shape.RecordCount.ToString()]);
        if (configuration.Server == ServerStack.Kestrel)
        {
            if (configuration.KestrelProfile != "custom") arguments.AddRange(["--kestrel:profile", configuration.KestrelProfile]);
            foreach (var (name, value) in configuration.KestrelSettings) arguments.AddRange([$"--kestrel:{name}", value]);
        }
        return arguments;
    }
}
