using Google.Protobuf;
using GrpcBench.Clients;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using GrpcBench.Service;

namespace GrpcBench.Benchmarks;

/// <summary>
/// The stacks the round trips pair, as benchmark parameters: their texts, which the summary shows as the Client and Server
/// columns always have ("grpc-core", "kestrel"; an enum parameter would show "GrpcCore"). The benchmarks hand
/// <see cref="RoundTripCase"/> the stacks themselves (<see cref="Terms.Parse{T}"/>). Sources with Priority -1, so that
/// the columns come first, before the [Params] ones, as they always have.
/// </summary>
public static class Stacks
{
    public static IEnumerable<string> Clients() => Terms.Texts(ClientStack.GrpcCore, ClientStack.GrpcNet);

    public static IEnumerable<string> Servers() => Terms.Texts(ServerStack.GrpcCore, ServerStack.Kestrel);
}

/// <summary>One round-trip case: which client calls which host, with how many payload bytes (0: GetInt) and which compression.</summary>
public sealed record RoundTripCase(ClientStack Client, ServerStack Server, int Bytes, Compression Compression, string KestrelProfile = KestrelProfiles.Default)
{
    /// <summary>Room on both sides for 20 MiB of random bytes, which gzip on .NET 9+ makes 5.5 % larger.</summary>
    public const int MaxMessageBytes = 32 * 1024 * 1024;

    public HostLaunch Host => new(HostLaunch.ProjectOf(Server), DotnetRoots.CurrentMoniker, HostArguments());

    public ClientSettings ClientSettings => new()
    {
        Stack = Client,
        MaxSendMessageSize = MaxMessageBytes,
        MaxReceiveMessageSize = MaxMessageBytes,
        Compression = Compression,
    };

    /// <summary>GetInt, or SendLargeData with incompressible random bytes wrapped once (building the request is
    /// LargeRequestConstruction's subject, not this one's).</summary>
    public RoundTripCall Call()
    {
        if (Bytes == 0)
        {
            return new RoundTripCall(async client => await client.GetIntAsync(), async client =>
            {
                var result = await client.GetIntAsync();
                if (result != ExampleServiceImpl.GetIntResult) throw new InvalidOperationException($"GetInt returned {result}, expected {ExampleServiceImpl.GetIntResult}");
            });
        }
        var payload = UnsafeByteOperations.UnsafeWrap(Payloads.Create(PayloadKind.Random, Bytes));
        return new RoundTripCall(async client => (await client.SendLargeDataAsync(payload)).Length, async client =>
        {
            var receipt = await client.SendLargeDataAsync(payload);
            var expected = PayloadReceipt.Of(payload.Span);
            if (receipt != expected) throw new InvalidOperationException($"the host received {receipt}, expected {expected}");
        });
    }

    // As in the load tool: the client compresses its requests per call, the host its responses.
    private List<string> HostArguments()
    {
        var arguments = new List<string> { "--maxReceiveMessageSize", MaxMessageBytes.ToString(), "--maxSendMessageSize", MaxMessageBytes.ToString() };
        if (Compression != Compression.None) arguments.AddRange(["--responseCompression", Compression.Text()]);
        if (Server == ServerStack.Kestrel) arguments.AddRange(["--kestrel:profile", KestrelProfile]);
        return arguments;
    }
}
