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
        if (options.GetIntCpu > TimeSpan.Zero) ThreadCpu.Spin(options.GetIntCpu);
        if (options.GetIntFreshPages > 0) FreshPages.Touch(options.GetIntFreshPages);
        var wait = options.GetIntSerial ? options.SerialWait() : options.GetIntDelay;
        if (wait > TimeSpan.Zero) await Task.Delay(wait, context.CancellationToken);
        return new IntResponse { Result = GetIntResult };
    }

    /// <summary>Reads every byte it was sent, so that no stack can win by not touching the payload, and says what it read in the trailers.</summary>
    public override Task<Empty> SendLargeData(LargeDataRequest request, ServerCallContext context)
    {
        var data = request.Data.Span;
        return Receipt(data.Length, PayloadChecksum.Of(data), context);
    }

    /// <summary>The same upload summed by its marshaller where the stack received it (<see cref="SequenceExampleService"/>).</summary>
    public Task<Empty> SendLargeData(ReceivedUpload request, ServerCallContext context) => Receipt(request.Length, request.Checksum, context);

    private static Task<Empty> Receipt(long length, ulong checksum, ServerCallContext context)
    {
        context.ResponseTrailers.Add(PayloadTrailers.Length, length.ToString());
        context.ResponseTrailers.Add(PayloadTrailers.Checksum, checksum.ToString("x16"));
        return EmptyResponse;
    }
}

/// <param name="GetIntDelay">A stalled server, for tests of the load tool: GetInt waits this long.</param>
/// <param name="GetIntSerial">
/// GetInt calls served one after the other, each <paramref name="GetIntDelay"/> long: a server of known capacity
/// (10 ms each: 100 per second), for tests of the capacity search.
/// </param>
/// <param name="GetIntCpu">A host of known cost, for tests of the cost figures: each GetInt spins until its thread has used this much CPU.</param>
/// <param name="GetIntFreshPages">A host of known faults, for tests of the fault counts: each GetInt maps this many fresh 4 KiB pages, writes each and unmaps them.</param>
public sealed record ExampleServiceOptions(TimeSpan GetIntDelay, bool GetIntSerial = false, TimeSpan GetIntCpu = default, int GetIntFreshPages = 0)
{
    private readonly object _serial = new();
    private long _serialEnd;

    /// <summary>
    /// How long this call waits: until the end of its turn, which starts when the previous call's turn ends (or now).
    /// Turns are kept on the clock rather than by waiting for one another, so that a timer firing late delays a call's
    /// answer but never the turns after it: the capacity is exactly one per delay.
    /// </summary>
    public TimeSpan SerialWait()
    {
        var now = System.Diagnostics.Stopwatch.GetTimestamp();
        long end;
        lock (_serial)
        {
            end = _serialEnd = Math.Max(now, _serialEnd) + (long)(GetIntDelay.TotalSeconds * System.Diagnostics.Stopwatch.Frequency);
        }
        return TimeSpan.FromSeconds((end - now) / (double)System.Diagnostics.Stopwatch.Frequency);
    }

    public static readonly ExampleServiceOptions Default = new(TimeSpan.Zero);
}
