using Grpc.Core;
using GrpcBench.Contracts;

namespace GrpcBench.Service;

/// <summary>
/// The one implementation of ExampleService, served by both hosts. Each host only adapts it to its framework:
/// Grpc.Core binds an instance, Kestrel activates it per call.
/// </summary>
public sealed class ExampleServiceImpl(ExampleServiceOptions options) : ExampleService.ExampleServiceBase
{
    public const int GetIntResult = 42;

    private static readonly Task<Empty> EmptyResponse = Task.FromResult(new Empty());

    public override async Task<IntResponse> GetInt(Empty request, ServerCallContext context)
    {
        if (options.GetIntDelay > TimeSpan.Zero) await Task.Delay(options.GetIntDelay, context.CancellationToken);
        return new IntResponse { Result = GetIntResult };
    }

    /// <summary>Reads every byte it was sent, so that no stack can win by not touching the payload, and says what it read in the trailers.</summary>
    public override Task<Empty> SendLargeData(LargeDataRequest request, ServerCallContext context)
    {
        var data = request.Data.Span;
        context.ResponseTrailers.Add(PayloadTrailers.Length, data.Length.ToString());
        context.ResponseTrailers.Add(PayloadTrailers.Checksum, PayloadChecksum.Of(data).ToString("x16"));
        return EmptyResponse;
    }
}

/// <param name="GetIntDelay">A stalled server, for tests of the load tool: GetInt waits this long.</param>
public sealed record ExampleServiceOptions(TimeSpan GetIntDelay)
{
    public static readonly ExampleServiceOptions Default = new(TimeSpan.Zero);
}
