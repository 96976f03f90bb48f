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

    public static IReadOnlyList<LoadScenario> Grpc(BenchClient client, LoadShape shape)
    {
        var payload = UnsafeByteOperations.UnsafeWrap(Payload.Random(shape.PayloadBytes));
        return Build(shape,
            async context => await Call(() => client.GetIntAsync(context.CancellationToken), context) is { } code
                ? StepResult.Fail(code, GetIntRequestBytes)
                : StepResult.Ok(GetIntRequestBytes, GetIntRequestBytes + 2),
            async context => await Call(() => client.SendLargeDataAsync(payload, context.CancellationToken), context) is { } code
                ? StepResult.Fail(code, payload.Length)
                : StepResult.Ok(payload.Length + 5, 5));
    }

    /// <summary>The same calls without gRPC: POST the payload to /probe/upload, GET /probe/int.</summary>
    public static IReadOnlyList<LoadScenario> RawHttp2(HttpClient http, LoadShape shape)
    {
        var payload = Payload.Random(shape.PayloadBytes);
        return Build(shape,
            async context =>
            {
                using var response = await http.GetAsync(ProbePaths.Int, context.CancellationToken);
                return response.IsSuccessStatusCode ? StepResult.Ok(0, 2) : StepResult.Fail($"http {(int)response.StatusCode}");
            },
            async context =>
            {
                using var response = await http.PostAsync(ProbePaths.Upload, new ByteArrayContent(payload), context.CancellationToken);
                return response.IsSuccessStatusCode ? StepResult.Ok(payload.Length, 0) : StepResult.Fail($"http {(int)response.StatusCode}", payload.Length);
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
        return Build(shape, context => Send([42], context.CancellationToken), context => Send(payload, context.CancellationToken));
    }

    private static IReadOnlyList<LoadScenario> Build(LoadShape shape, Func<StepContext, Task<StepResult>> getInt, Func<StepContext, Task<StepResult>> sendLargeData)
    {
        LoadScenario Scenario(string name, Func<StepContext, Task<StepResult>> step) => LoadScenario.Create(name, step)
            .WithLoadSimulations([.. shape.Simulations()])
            .WithWarmUpDuration(TimeSpan.FromSeconds(shape.WarmUpSeconds))
            .WithCallTimeout(TimeSpan.FromSeconds(shape.CallTimeoutSeconds));
        return new[] { Scenario(ScenarioNames.GetInt, getInt), Scenario(ScenarioNames.SendLargeData, sendLargeData) }
            .Where(s => shape.Scenarios.Contains(s.Name)).ToArray();
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
    /// <summary>Random bytes, as in the migration story: incompressible, so compression cannot hide the transfer.</summary>
    public static byte[] Random(int size)
    {
        var bytes = new byte[size];
        new System.Random(20_000_000).NextBytes(bytes);
        return bytes;
    }
}
