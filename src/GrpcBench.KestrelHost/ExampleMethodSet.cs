using Grpc.AspNetCore.Server.Model;
using Grpc.Core;
using GrpcBench.Contracts;

namespace GrpcBench.KestrelHost;

/// <summary>
/// The shared service over a method set of its own marshallers (<see cref="JsonCodec"/>, <see cref="SequenceExampleService"/>),
/// for Grpc.AspNetCore. Each set is mapped on an endpoint type of its own, so that the generated protobuf binding (found
/// on ExampleServiceImpl's base) does not claim the same routes.
/// </summary>
public abstract class ExampleEndpoint(ExampleServiceImpl service)
{
    public ExampleServiceImpl Service => service;
}

public sealed class JsonExampleEndpoint(ExampleServiceImpl service) : ExampleEndpoint(service);

public sealed class SequenceExampleEndpoint(ExampleServiceImpl service) : ExampleEndpoint(service);

public sealed class ExampleMethodSet<TEndpoint, TUpload>(
    Method<Empty, IntResponse> getInt,
    Method<TUpload, Empty> sendLargeData,
    Func<ExampleServiceImpl, TUpload, ServerCallContext, Task<Empty>> receive) : IServiceMethodProvider<TEndpoint>
    where TEndpoint : ExampleEndpoint
    where TUpload : class
{
    public void OnServiceMethodDiscovery(ServiceMethodProviderContext<TEndpoint> context)
    {
        context.AddUnaryMethod(getInt, [], (endpoint, request, call) => endpoint.Service.GetInt(request, call));
        context.AddUnaryMethod(sendLargeData, [], (endpoint, request, call) => receive(endpoint.Service, request, call));
    }

    public void AddTo(IServiceCollection services)
    {
        services.AddTransient<ExampleServiceImpl>();
        services.AddSingleton<IServiceMethodProvider<TEndpoint>>(this);
    }
}
