using Grpc.AspNetCore.Server.Model;
using GrpcBench.Contracts;
using GrpcBench.Service;

namespace GrpcBench.KestrelHost;

/// <summary>
/// The shared service over <see cref="JsonCodec"/>, for Grpc.AspNetCore: a type of its own, so that the generated
/// protobuf binding (found on ExampleServiceImpl's base) does not claim the same routes.
/// </summary>
public sealed class JsonExampleEndpoint(ExampleServiceImpl service)
{
    public ExampleServiceImpl Service => service;
}

public sealed class JsonExampleMethods : IServiceMethodProvider<JsonExampleEndpoint>
{
    public void OnServiceMethodDiscovery(ServiceMethodProviderContext<JsonExampleEndpoint> context)
    {
        context.AddUnaryMethod(JsonCodec.GetInt, [], (endpoint, request, call) => endpoint.Service.GetInt(request, call));
        context.AddUnaryMethod(JsonCodec.SendLargeData, [], (endpoint, request, call) => endpoint.Service.SendLargeData(request, call));
    }
}
