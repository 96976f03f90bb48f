using System.Reflection;
using Grpc.AspNetCore.Server;
using GrpcBench.Contracts;

namespace GrpcBench.KestrelHost;

/// <summary>Grpc.AspNetCore.Server with the shared settings; the service itself is the shared one.</summary>
public static class GrpcServer
{
    public static void Add(IServiceCollection services, HostSettings settings, RecordStore records, HostedServices teamServices)
    {
        // The one instance made at start-up serves every call, as the Grpc.Core host's bound instance does.
        foreach (var team in teamServices.Services) services.AddSingleton(team.Implementation.Type, team.Instance);
        services.AddSingleton(new ExampleServiceOptions(TimeSpan.FromMilliseconds(settings.GetIntDelayMs), settings.GetIntSerial, TimeSpan.FromMilliseconds(settings.GetIntCpuMs), settings.GetIntFreshPages));
        services.AddSingleton(records);
        services.AddGrpc(options => Configure(options, settings));
        if (settings.Codec == JsonCodec.Json)
            new ExampleMethodSet<JsonExampleEndpoint, LargeDataRequest>(JsonCodec.GetInt, JsonCodec.SendLargeData, (service, upload, call) => service.SendLargeData(upload, call)).AddTo(services);
        else if (settings.UploadReader == UploadPaths.Sequence)
            new ExampleMethodSet<SequenceExampleEndpoint, ReceivedUpload>(SequenceExampleService.GetInt, SequenceExampleService.SendLargeData, (service, upload, call) => service.SendLargeData(upload, call)).AddTo(services);
    }

    public static void Map(WebApplication app, HostSettings settings, HostedServices teamServices)
    {
        // MapGrpcService<T> finds T's generated base by its [BindServiceMethod] and binds it with BindService(ServiceBinderBase, base).
        foreach (var team in teamServices.Services) MapGrpcService.MakeGenericMethod(team.Implementation.Type).Invoke(null, [app]);
        if (settings.Codec == JsonCodec.Json) app.MapGrpcService<JsonExampleEndpoint>();
        else if (settings.UploadReader == UploadPaths.Sequence) app.MapGrpcService<SequenceExampleEndpoint>();
        else app.MapGrpcService<ExampleServiceImpl>();
        app.MapGrpcService<RecordServiceImpl>();
    }

    private static readonly MethodInfo MapGrpcService = typeof(GrpcEndpointRouteBuilderExtensions).GetMethods()
        .Single(m => m.Name == nameof(GrpcEndpointRouteBuilderExtensions.MapGrpcService) && m.IsGenericMethodDefinition && m.GetParameters().Length == 1);

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
