using Grpc.Core;

namespace GrpcBench.ServiceFixtures;

/// <summary>A service as a team might write it for its own DI container: the bench has no connection string to give it.</summary>
public sealed class NeedsArgumentsService(string connectionString) : NeedsArguments.NeedsArgumentsBase
{
    public override Task<PingReply> Ping(PingRequest request, ServerCallContext context) =>
        Task.FromResult(new PingReply { Text = $"{request.Text} via {connectionString}" });
}
