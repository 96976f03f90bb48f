using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.ServiceAssembly;

namespace GrpcBench.Load.Worker;

/// <summary>
/// The calls of one method of a team's service (one <see cref="MethodLoad"/>), made by its descriptor through any
/// <see cref="CallInvoker"/>. The requests are sent in turn, one a call or one a message of a stream, the turn shared
/// by concurrent calls. Bytes are the gRPC messages' (each serialized message and its 5-byte frame header), as the
/// bench's own scenarios count them.
/// </summary>
internal sealed class MethodCalls
{
    private readonly MethodLoad _load;
    private readonly Method<IMessage, IMessage> _method;
    private readonly IMessage[] _requests;
    private readonly long[] _requestBytes;
    private readonly CallInvoker _invoker;
    private readonly Func<CancellationToken, CallOptions> _options;
    private long _turn = -1;

    public MethodCalls(MethodLoad load, ServiceMethod method, CallInvoker invoker, Func<CancellationToken, CallOptions> options)
    {
        if (load.Requests.Count == 0) throw new InvalidDataException($"method {load.Name} ({load.Method}) has no request to send");
        _load = load;
        _method = method.Method;
        _requests = load.Requests.Select(method.ParseRequest).ToArray();
        _requestBytes = _requests.Select(Framed).ToArray();
        (_invoker, _options) = (invoker, options);
        Step = method.Kind switch
        {
            MethodType.Unary => context => ScenarioSteps.Guarded(UnaryAsync, context),
            MethodType.ServerStreaming => context => ScenarioSteps.Guarded(ServerStreamingAsync, context),
            MethodType.ClientStreaming => context => ScenarioSteps.Guarded(ClientStreamingAsync, context),
            _ => context => ScenarioSteps.Guarded(DuplexStreamingAsync, context),
        };
    }

    /// <summary>The fail code of a server stream that did not send the <see cref="MethodLoad.Messages"/> asked for.</summary>
    public const string WrongMessageCount = "WrongMessageCount";

    /// <summary>One call, as the engine's step.</summary>
    public Func<StepContext, Task<StepResult>> Step { get; }

    /// <summary>Messages a client or bidirectional stream sends each call.</summary>
    private int StreamedMessages => _load.Messages ?? 1;

    private async Task<StepResult> UnaryAsync(StepContext context)
    {
        var turn = NextTurn();
        using var call = _invoker.AsyncUnaryCall(_method, null, _options(context.CancellationToken), _requests[turn]);
        var response = await call.ResponseAsync;
        return StepResult.Ok(_requestBytes[turn], Framed(response));
    }

    private async Task<StepResult> ServerStreamingAsync(StepContext context)
    {
        var turn = NextTurn();
        using var call = _invoker.AsyncServerStreamingCall(_method, null, _options(context.CancellationToken), _requests[turn]);
        var (count, received) = await ReadAllAsync(call.ResponseStream);
        return _load.Messages is { } expected && count != expected
            ? StepResult.Fail(WrongMessageCount, _requestBytes[turn], received)
            : StepResult.Ok(_requestBytes[turn], received);
    }

    private async Task<StepResult> ClientStreamingAsync(StepContext context)
    {
        using var call = _invoker.AsyncClientStreamingCall(_method, null, _options(context.CancellationToken));
        var sent = await WriteAllAsync(call.RequestStream);
        var response = await call.ResponseAsync;
        return StepResult.Ok(sent, Framed(response));
    }

    /// <summary>Writes and reads at once (a server may answer each message before the next comes); the step ends once every response is read.</summary>
    private async Task<StepResult> DuplexStreamingAsync(StepContext context)
    {
        using var call = _invoker.AsyncDuplexStreamingCall(_method, null, _options(context.CancellationToken));
        var reading = ReadAllAsync(call.ResponseStream);
        var writing = WriteAllAsync(call.RequestStream);
        // Reading first: where the call failed, its RpcException (the status) is what the reader saw.
        await Task.WhenAll(reading, writing);
        return StepResult.Ok(await writing, (await reading).Bytes);
    }

    private async Task<long> WriteAllAsync(IClientStreamWriter<IMessage> requests)
    {
        long sent = 0;
        for (var i = 0; i < StreamedMessages; i++)
        {
            var turn = NextTurn();
            // Without a token: Grpc.Core's writer cannot cancel a write (the call's token, in its options, ends the call instead).
            await requests.WriteAsync(_requests[turn]);
            sent += _requestBytes[turn];
        }
        await requests.CompleteAsync();
        return sent;
    }

    private static async Task<(int Count, long Bytes)> ReadAllAsync(IAsyncStreamReader<IMessage> responses)
    {
        var (count, bytes) = (0, 0L);
        // Without a token, likewise: the call's own token cancels the read.
        while (await responses.MoveNext(CancellationToken.None))
        {
            count++;
            bytes += Framed(responses.Current);
        }
        return (count, bytes);
    }

    private int NextTurn() => (int)(Interlocked.Increment(ref _turn) % _requests.Length);

    private static long Framed(IMessage message) => message.CalculateSize() + 5;
}
