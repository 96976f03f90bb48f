using Grpc.Core;
using GrpcBench.Contracts;

namespace GrpcBench.Service;

/// <summary>The shared service over <see cref="JsonCodec"/>, for Grpc.Core's server.</summary>
public static class JsonExampleService
{
    public static ServerServiceDefinition Bind(ExampleServiceImpl service) => ServerServiceDefinition.CreateBuilder()
        .AddMethod(JsonCodec.GetInt, service.GetInt)
        .AddMethod(JsonCodec.SendLargeData, service.SendLargeData)
        .Build();
}
