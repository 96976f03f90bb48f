using System.Net.Sockets;
using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Hosting;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Worker;

/// <summary>
/// The two scenarios of the migration story, as steps of the engine: getInt (tiny) and sendLargeData (the payload),
/// for each kind of configuration: over gRPC, over Kestrel's plain HTTP/2 endpoints, or over a bare socket.
/// </summary>
public static class ScenarioSteps
{
    /// <summary>The fail code of an upload whose receipt (length and checksum trailers) is not what was sent.</summary>
    public const string WrongReceipt = "WrongReceipt";

    /// <summary>What the bench's GetInt answers (ExampleServiceImpl.GetIntResult): its JSON length is the response's.</summary>
    private const int ExampleServiceResult = 42;

    public static IReadOnlyList<LoadScenario> Grpc(BenchClient client, LoadShape shape, LoadConfiguration configuration)
    {
        // One copy of the payload in the worker, shared by every call and scenario.
        var bytes = Payload.Of(shape.PayloadContent, shape.PayloadBytes);
        var payload = UnsafeByteOperations.UnsafeWrap(bytes);
        var expected = PayloadReceipt.Of(bytes);
        var records = new RecordSteps(client, shape, configuration, bytes);
        // The gRPC messages' bytes (5-byte frame header and message, no HTTP/2 headers) in the configuration's codec.
        var json = configuration.Codec == GrpcBench.Contracts.JsonCodec.Json;
        int getIntSent = 5 + (json ? GrpcBench.Contracts.JsonCodec.GetInt.RequestMarshaller.Serializer(new()).Length : 0),
            getIntReceived = 5 + (json ? GrpcBench.Contracts.JsonCodec.GetInt.ResponseMarshaller.Serializer(new() { Result = ExampleServiceResult }).Length : 2),
            uploadSent = 5 + (json ? GrpcBench.Contracts.JsonCodec.SendLargeData.RequestMarshaller.Serializer(new() { Data = payload }).Length : payload.Length),
            uploadReceived = 5 + (json ? GrpcBench.Contracts.JsonCodec.SendLargeData.ResponseMarshaller.Serializer(new()).Length : 0);
        return Build(shape, new Dictionary<string, Func<StepContext, Task<StepResult>>>
        {
            [ScenarioNames.GetInt] = async context => await Call(() => client.GetIntAsync(context.CancellationToken), context) is { } code
                ? StepResult.Fail(code, getIntSent)
                : StepResult.Ok(getIntSent, getIntReceived),
            [ScenarioNames.SendLargeData] = async context =>
            {
                PayloadReceipt? receipt = null;
                if (await Call(async () => receipt = await client.SendLargeDataAsync(payload, context.CancellationToken), context) is { } code)
                    return StepResult.Fail(code, payload.Length);
                // The bench's hosts say what they received; a server that sends no receipt (length -1) is taken at its word.
                return receipt!.Length == -1 || receipt == expected
                    ? StepResult.Ok(uploadSent, uploadReceived)
                    : StepResult.Fail(WrongReceipt, payload.Length);
            },
            [ScenarioNames.StreamRecords] = context => Guarded(records.StreamAsync, context),
            [ScenarioNames.Pages] = context => Guarded(records.PagesAsync, context),
            [ScenarioNames.PagesConcurrent] = context => Guarded(records.PagesConcurrentAsync, context),
            [ScenarioNames.UploadChunks] = context => Guarded(records.UploadChunksAsync, context),
        });
    }

    /// <summary>The same calls without gRPC: POST the payload to /probe/upload, GET /probe/int.</summary>
    public static IReadOnlyList<LoadScenario> RawHttp2(HttpClient http, LoadShape shape)
    {
        var payload = Payload.Random(shape.PayloadBytes);
        return Build(shape, new Dictionary<string, Func<StepContext, Task<StepResult>>>
        {
            [ScenarioNames.GetInt] = async context =>
            {
                using var response = await http.GetAsync(ProbePaths.Int, context.CancellationToken);
                return response.IsSuccessStatusCode ? StepResult.Ok(0, 2) : StepResult.Fail($"http {(int)response.StatusCode}");
            },
            [ScenarioNames.SendLargeData] = async context =>
            {
                using var response = await http.PostAsync(ProbePaths.Upload, new ByteArrayContent(payload), context.CancellationToken);
                return response.IsSuccessStatusCode ? StepResult.Ok(payload.Length, 0) : StepResult.Fail($"http {(int)response.StatusCode}", payload.Length);
            },
        });
    }

    /// <summary>The machine's floor: each call a fresh TCP connection to a sink that reads the bytes and answers one byte.</summary>
    public static IReadOnlyList<LoadScenario> RawTcp(Uri sink, LoadShape shape)
    {
        var payload = Payload.Random(shape.PayloadBytes);
        async Task<StepResult> Send(byte[] bytes, CancellationToken cancellationToken)
        {
            using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            await socket.ConnectAsync(sink.Host, sink.Port, cancellationToken);
            var length = BitConverter.GetBytes((long)bytes.Length);
            await socket.SendAsync(length, SocketFlags.None, cancellationToken);
            await socket.SendAsync(bytes, SocketFlags.None, cancellationToken);
            var answer = new byte[1];
            return await socket.ReceiveAsync(answer, SocketFlags.None, cancellationToken) == 1
                ? StepResult.Ok(bytes.Length + 8, 1)
                : StepResult.Fail("closed", bytes.Length + 8);
        }
        return Build(shape, new Dictionary<string, Func<StepContext, Task<StepResult>>>
        {
            [ScenarioNames.GetInt] = context => Send([42], context.CancellationToken),
            [ScenarioNames.SendLargeData] = context => Send(payload, context.CancellationToken),
        });
    }

    /// <summary>The scenarios of <paramref name="shape"/> this kind of configuration has steps for: latency ones on the shape's phases, transfers one call at a time.</summary>
    internal static IReadOnlyList<LoadScenario> Build(LoadShape shape, IReadOnlyDictionary<string, Func<StepContext, Task<StepResult>>> steps) =>
        shape.Scenarios.Where(steps.ContainsKey).Select(name => LoadScenario.Create(name, steps[name])
                .WithLoadSimulations([.. shape.SimulationsOf(name)])
                .WithWarmUpDuration(TimeSpan.FromSeconds(shape.WarmUpSeconds))
                .WithCallTimeout(TimeSpan.FromSeconds(shape.CallTimeoutSeconds))
                .WithSlowAfter(shape.StopBeyondP99Ms is { } bounds && bounds.TryGetValue(name, out var ms) ? TimeSpan.FromMilliseconds(ms) : null))
            .ToArray();

    /// <summary>A step whose gRPC failures become fail codes; a call cut short by its deadline is left to the engine.</summary>
    internal static async Task<StepResult> Guarded(Func<StepContext, Task<StepResult>> step, StepContext context)
    {
        try
        {
            return await step(context);
        }
        catch (RpcException) when (context.CancellationToken.IsCancellationRequested)
        {
            throw new OperationCanceledException(context.CancellationToken);
        }
        catch (RpcException e)
        {
            return StepResult.Fail(e.StatusCode.ToString());
        }
    }

    /// <summary>Null for a call that succeeded, else its status code; a call cut short by its deadline is left to the engine.</summary>
    private static async Task<string?> Call(Func<Task> call, StepContext context)
    {
        try
        {
            await call();
            return null;
        }
        catch (RpcException) when (context.CancellationToken.IsCancellationRequested)
        {
            throw new OperationCanceledException(context.CancellationToken);
        }
        catch (RpcException e)
        {
            return e.StatusCode.ToString();
        }
    }
}
