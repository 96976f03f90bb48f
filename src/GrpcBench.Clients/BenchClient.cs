using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Contracts;
using GrpcBench.Contracts.Records;

namespace GrpcBench.Clients;

/// <summary>What SendLargeData's trailers say the server received.</summary>
public sealed record PayloadReceipt(long Length, string Checksum)
{
    public static PayloadReceipt Of(ReadOnlySpan<byte> sent) => new(sent.Length, PayloadChecksum.Of(sent).ToString("x16"));
}

/// <summary>
/// A client of either stack with the bench's settings: getInt on the small-call channel, sendLargeData on the
/// large-call channel, compression per call.
/// </summary>
public sealed class BenchClient(IBenchChannels channels, ClientSettings settings, ClientTarget target) : IAsyncDisposable
{
    private readonly Metadata? headers = settings.Compression == Compression.None
        ? null
        : new Metadata { { CompressionRequestKey, settings.Compression.Text() } };

    /// <summary>The metadata key both stacks read a call's request compression from (internal in Grpc.Core.Api).</summary>
    public const string CompressionRequestKey = "grpc-internal-encoding-request";

    /// <summary>The client stacks a BenchClient is made with (the others are the raw configurations' own clients).</summary>
    public static readonly IReadOnlyList<ClientStack> Stacks = [ClientStack.GrpcCore, ClientStack.GrpcNet];

    public static BenchClient Create(ClientTarget target, ClientSettings settings)
    {
        if (!Stacks.Contains(settings.Stack)) throw new ArgumentException($"invalid client stack {settings.Stack.Text()}: allowed one of {string.Join(", ", Stacks.Select(s => s.Text()))}");
        if (!ClientProfiles.Names.Contains(settings.Profile)) throw new ArgumentException($"invalid client profile {settings.Profile}: allowed one of {string.Join(", ", ClientProfiles.Names)}");
        if (!UploadPaths.Writers.Contains(settings.UploadWriter) || (settings.UploadWriter != UploadPaths.Message && settings.Codec != JsonCodec.Protobuf))
            throw new ArgumentException($"invalid client upload writer {settings.UploadWriter}: allowed one of {string.Join(", ", UploadPaths.Writers)}, with the json codec {UploadPaths.Message} only");
        var resolved = settings.Resolved();
        IBenchChannels channels = resolved.Stack == ClientStack.GrpcCore ? GrpcCoreChannels.Create(target, resolved) : GrpcNetChannels.Create(target, resolved);
        return new BenchClient(channels, resolved, target);
    }

    public ClientSettings Settings => settings;

    public ExampleService.ExampleServiceClient Small { get; } = new(channels.Small);

    public ExampleService.ExampleServiceClient Large { get; } = new(channels.Large);

    /// <summary>RecordService on the large-call channel: streams, pages and uploads are bulk traffic.</summary>
    public RecordService.RecordServiceClient Records { get; } = new(channels.Large);

    /// <summary>The small-call channel's invoker, for calls outside the contract.</summary>
    public CallInvoker SmallCallInvoker => channels.Small;


    public CallOptions Options(CancellationToken cancellationToken = default, DateTime? deadline = null) => new(headers, deadline, cancellationToken);

    public async Task<int> GetIntAsync(CancellationToken cancellationToken = default, DateTime? deadline = null)
    {
        try
        {
            var options = Options(cancellationToken, deadline);
            var response = settings.Codec == JsonCodec.Json
                ? await channels.Small.AsyncUnaryCall(JsonCodec.GetInt, null, options, new Empty())
                : await Small.GetIntAsync(new Empty(), options);
            return response.Result;
        }
        catch (RpcException e) when (e.StatusCode == StatusCode.Unavailable)
        {
            throw NamingTheTarget(e);
        }
    }

    public async Task<PayloadReceipt> SendLargeDataAsync(ByteString data, CancellationToken cancellationToken = default, DateTime? deadline = null)
    {
        try
        {
            var request = new LargeDataRequest { Data = data };
            using var call = settings.Codec == JsonCodec.Json
                ? channels.Large.AsyncUnaryCall(JsonCodec.SendLargeData, null, Options(cancellationToken, deadline), request)
                : settings.UploadWriter == UploadPaths.Direct
                    ? channels.Large.AsyncUnaryCall(DirectUpload.SendLargeData, null, Options(cancellationToken, deadline), new OwnedUpload(data.Memory))
                    : Large.SendLargeDataAsync(request, Options(cancellationToken, deadline));
            await call.ResponseAsync;
            var trailers = call.GetTrailers();
            return new PayloadReceipt(long.Parse(trailers.GetValue(PayloadTrailers.Length) ?? "-1"), trailers.GetValue(PayloadTrailers.Checksum) ?? "");
        }
        catch (RpcException e) when (e.StatusCode == StatusCode.Unavailable)
        {
            throw NamingTheTarget(e);
        }
    }

    /// <summary>Neither stack says which address it could not reach; a bench user needs to know.</summary>
    private RpcException NamingTheTarget(RpcException e) =>
        new(new Status(e.StatusCode, $"{e.Status.Detail} (target {target.Address})", e.Status.DebugException), e.Trailers);

    public ValueTask DisposeAsync() => channels.DisposeAsync();
}
