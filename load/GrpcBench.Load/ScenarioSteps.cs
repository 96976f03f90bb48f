using System.Net.Sockets;
using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Hosting;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// The two scenarios of the migration story, as steps of the engine: getInt (tiny) and sendLargeData (the payload),
/// for each kind of configuration: over gRPC, over Kestrel's plain HTTP/2 endpoints, or over a bare socket.
/// </summary>
public static class ScenarioSteps
{
    /// <summary>Bytes of a GetInt call on the wire without headers: the 5-byte gRPC frame header and the message.</summary>
    private const int GetIntRequestBytes = 5;

    public static IReadOnlyList<LoadScenario> Grpc(BenchClient client, LoadShape shape, LoadConfiguration configuration)
    {
        var payload = UnsafeByteOperations.UnsafeWrap(Payload.Of(shape.PayloadContent, shape.PayloadBytes));
        var records = new RecordSteps(client, shape, configuration);
        return Build(shape, new Dictionary<string, Func<StepContext, Task<StepResult>>>
        {
            [ScenarioNames.GetInt] = async context => await Call(() => client.GetIntAsync(context.CancellationToken), context) is { } code
                ? StepResult.Fail(code, GetIntRequestBytes)
                : StepResult.Ok(GetIntRequestBytes, GetIntRequestBytes + 2),
            [ScenarioNames.SendLargeData] = async context => await Call(() => client.SendLargeDataAsync(payload, context.CancellationToken), context) is { } code
                ? StepResult.Fail(code, payload.Length)
                : StepResult.Ok(payload.Length + 5, 5),
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
    private static IReadOnlyList<LoadScenario> Build(LoadShape shape, IReadOnlyDictionary<string, Func<StepContext, Task<StepResult>>> steps) =>
        shape.Scenarios.Where(steps.ContainsKey).Select(name => LoadScenario.Create(name, steps[name])
                .WithLoadSimulations([.. shape.SimulationsOf(name)])
                .WithWarmUpDuration(TimeSpan.FromSeconds(shape.WarmUpSeconds))
                .WithCallTimeout(TimeSpan.FromSeconds(shape.CallTimeoutSeconds)))
            .ToArray();

    /// <summary>A step whose gRPC failures become fail codes; a call cut short by its deadline is left to the engine.</summary>
    private static async Task<StepResult> Guarded(Func<StepContext, Task<StepResult>> step, StepContext context)
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

public static class Payload
{
    public const string RandomContent = "random";
    public const string TextContent = "text";
    public static readonly IReadOnlyList<string> Contents = [RandomContent, TextContent];

    public static byte[] Of(string content, int size) => content == TextContent ? Text(size) : Random(size);

    /// <summary>
    /// Records as JSON lines, each with its own id, amount and words: compressible as real payloads are
    /// (zlib at .NET's Optimal makes 17 % of it, at Fastest 30 %), and not one repeated block that any compressor shrinks to nothing.
    /// </summary>
    public static byte[] Text(int size)
    {
        string[] words = ["order", "invoice", "customer", "shipment", "pending", "settled", "refund", "priority", "north", "south", "east", "west"];
        var random = new System.Random(1_900_000);
        var text = new System.Text.StringBuilder(size + 256);
        for (var id = 1; text.Length < size; id++)
        {
            text.Append("{\"id\":").Append(id).Append(",\"category\":\"").Append(words[random.Next(words.Length)])
                .Append("\",\"amount\":").Append((random.Next(1_000_000) / 100.0).ToString(System.Globalization.CultureInfo.InvariantCulture))
                .Append(",\"description\":\"").Append(words[random.Next(words.Length)]).Append(' ').Append(words[random.Next(words.Length)])
                .Append(' ').Append(random.Next(10_000)).Append("\"}\n");
        }
        return System.Text.Encoding.ASCII.GetBytes(text.ToString(0, size));
    }

    /// <summary>Random bytes, as in the migration story: incompressible, so compression cannot hide the transfer.</summary>
    public static byte[] Random(int size)
    {
        var bytes = new byte[size];
        new System.Random(20_000_000).NextBytes(bytes);
        return bytes;
    }
}
