using Grpc.AspNetCore.Server;
using GrpcBench.Contracts;
using GrpcBench.Hosting;
using GrpcBench.Records;
using GrpcBench.Service;

namespace GrpcBench.KestrelHost;

/// <summary>Grpc.AspNetCore.Server with the shared settings; the service itself is the shared one.</summary>
public static class GrpcServer
{
    public static void Add(IServiceCollection services, HostSettings settings, RecordStore records)
    {
        services.AddSingleton(new ExampleServiceOptions(TimeSpan.FromMilliseconds(settings.GetIntDelayMs), settings.GetIntSerial, TimeSpan.FromMilliseconds(settings.GetIntCpuMs)));
        services.AddSingleton(records);
        services.AddGrpc(options => Configure(options, settings));
        if (settings.Codec == JsonCodec.Json)
            new ExampleMethodSet<JsonExampleEndpoint, LargeDataRequest>(JsonCodec.GetInt, JsonCodec.SendLargeData, (service, upload, call) => service.SendLargeData(upload, call)).AddTo(services);
        else if (settings.UploadReader == UploadPaths.Sequence)
            new ExampleMethodSet<SequenceExampleEndpoint, ReceivedUpload>(SequenceExampleService.GetInt, SequenceExampleService.SendLargeData, (service, upload, call) => service.SendLargeData(upload, call)).AddTo(services);
    }

    public static void Map(WebApplication app, HostSettings settings)
    {
        if (settings.Codec == JsonCodec.Json) app.MapGrpcService<JsonExampleEndpoint>();
        else if (settings.UploadReader == UploadPaths.Sequence) app.MapGrpcService<SequenceExampleEndpoint>();
        else app.MapGrpcService<ExampleServiceImpl>();
        app.MapGrpcService<RecordServiceImpl>();
    }

    private static void Configure(GrpcServiceOptions options, HostSettings settings)
    {
        options.MaxReceiveMessageSize = settings.MaxReceiveMessageSize;
        options.MaxSendMessageSize = settings.MaxSendMessageSize;
        options.EnableDetailedErrors = false;
        // The gzip and deflate providers are registered by default; this picks the one responses use.
        options.ResponseCompressionAlgorithm = settings.ResponseCompression == Compression.None ? null : settings.ResponseCompression.Text();
        options.ResponseCompressionLevel = settings.ResponseCompressionLevel;
    }

    public static object Effective(GrpcServiceOptions options) => new
    {
        options.MaxReceiveMessageSize,
        options.MaxSendMessageSize,
        options.ResponseCompressionAlgorithm,
        ResponseCompressionLevel = options.ResponseCompressionLevel?.ToString(),
        CompressionProviders = options.CompressionProviders.Select(p => p.EncodingName).ToArray(),
        options.EnableDetailedErrors,
    };
}
