using Grpc.AspNetCore.Server.Model;
using GrpcBench.Service;

namespace GrpcBench.KestrelHost;

/// <summary>
/// The shared service with SendLargeData read where Kestrel received it (<see cref="SequenceExampleService"/>), for
/// Grpc.AspNetCore: a type of its own, so that the generated binding does not claim the same routes.
/// </summary>
public sealed class SequenceExampleEndpoint(ExampleServiceImpl service)
{
    public ExampleServiceImpl Service => service;
}

public sealed class SequenceExampleMethods : IServiceMethodProvider<SequenceExampleEndpoint>
{
    public void OnServiceMethodDiscovery(ServiceMethodProviderContext<SequenceExampleEndpoint> context)
    {
        context.AddUnaryMethod(SequenceExampleService.GetInt, [], (endpoint, request, call) => endpoint.Service.GetInt(request, call));
        context.AddUnaryMethod(SequenceExampleService.SendLargeData, [], (endpoint, request, call) => endpoint.Service.SendLargeData(request, call));
    }
}
