using Google.Protobuf;
using GrpcBench.Contracts;
using GrpcBench.Contracts.Records;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// A load worker calling a team's own methods by their descriptors (<see cref="LoadShape.Service"/>), with no generated
/// client, against both hosts. The team's assembly here is the bench's own generated code (GrpcBench.Contracts, its
/// net8.0 build, which every worker runtime loads): its methods are what the hosts serve today. No method of it is
/// bidirectional: the bidi step is not covered here.
/// </summary>
[Collection(GrpcHostsCollection.Name)]
public class ServiceLoadWorkerTests(HostPool hosts)
{
    private const string HostRuntime = "net10.0";
    private const int RecordLimit = 10;
    private const int ChunksPerUpload = 3;

    private static readonly string ContractsAssembly = Path.Combine(DotnetRoots.RepositoryRoot, "src", "GrpcBench.Contracts", "bin",
        BuildConfiguration.Current, "net8.0", "GrpcBench.Contracts.dll");

    /// <summary>Two chunks of different sizes, sent in turn: the bytes sent show that the turn goes on from message to message and call to call.</summary>
    private static readonly ByteString[] Chunks = [ByteString.CopyFrom(1), ByteString.CopyFrom(1, 2, 3)];

    public static TheoryData<string, string, string> Pairs()
    {
        var data = new TheoryData<string, string, string>();
        foreach (var server in new[] { "kestrel", "grpc-core" })
        foreach (var client in new[] { "grpc-net", "grpc-core" })
        foreach (var runtime in new[] { "net8.0", "net10.0" })
            data.Add(server, client, runtime);
        return data;
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task A_worker_calls_a_teams_methods_by_their_descriptors_and_counts_every_message(string server, string client, string clientRuntime)
    {
        var host = await hosts.GetAsync(server, HostRuntime);
        var configuration = LoadToolRuns.Kestrel(clientRuntime) with
        {
            Server = Terms.Parse<ServerStack>(server),
            Client = Terms.Parse<ClientStack>(client),
            HostRuntime = HostRuntime,
        };
        var service = new ServiceLoad(ContractsAssembly,
        [
            Method("getIntByDescriptor", "example.ExampleService/GetInt", "unary", ["{}"]),
            Method("recordStream", "grpcbench.records.RecordService/StreamRecords", "server-streaming", [$$"""{"limit": {{RecordLimit}}}"""], RecordLimit),
            Method("recordStreamMiscounted", "grpcbench.records.RecordService/StreamRecords", "server-streaming", [$$"""{"limit": {{RecordLimit}}}"""], RecordLimit + 1),
            Method("chunkUpload", "grpcbench.records.RecordService/UploadChunks", "client-streaming",
                [.. Chunks.Select(c => JsonFormatter.Default.Format(new Chunk { Data = c }))], ChunksPerUpload),
        ]);
        var shape = new LoadShape([new RampPhase(10, 2, Constant: true)], 0, 0, 30)
        {
            Scenarios = [.. service.Methods.Select(m => m.Name)],
            Service = service,
        };

        var (figures, failure) = await WorkerProcess.RunAsync(new WorkerSpec(configuration, host.Ready.Url, host.Ready.CertificatePem, shape), _ => { },
            CancellationToken.None);

        Assert.Null(failure);
        Assert.StartsWith(TestRuntimes.Reported(clientRuntime), figures.Runtime);
        var scenarios = figures.Load.Scenarios.ToDictionary(s => s.Name);
        Assert.Equal(service.Methods.Select(m => m.Name).Order(), scenarios.Keys.Order());

        var getInt = AllOk(scenarios["getIntByDescriptor"]);
        Assert.Equal(getInt.Ok * Framed(new Empty()), getInt.BytesSent);
        Assert.Equal(getInt.Ok * Framed(new IntResponse { Result = 42 }), getInt.BytesReceived);

        var stream = AllOk(scenarios["recordStream"]);
        Assert.Equal(stream.Ok * Framed(new RecordQuery { Limit = RecordLimit }), stream.BytesSent);
        Assert.Equal(stream.Ok * await StreamedBytesAsync(server, client), stream.BytesReceived);

        var miscounted = scenarios["recordStreamMiscounted"];
        Assert.Equal(0, miscounted.Ok);
        Assert.InRange(miscounted.Failed, 19, 21);
        Assert.Equal(miscounted.Failed, Assert.Single(miscounted.FailsByCode, f => f.Key == "WrongMessageCount").Value);
        Assert.Single(miscounted.FailsByCode);

        var upload = AllOk(scenarios["chunkUpload"]);
        var messages = upload.Ok * ChunksPerUpload;
        Assert.Equal((messages + 1) / 2 * Framed(new Chunk { Data = Chunks[0] }) + messages / 2 * Framed(new Chunk { Data = Chunks[1] }), upload.BytesSent);
        // The summary's checksum takes from 1 to 10 bytes as a varint: its length shows the response was counted, not its value.
        Assert.InRange(upload.BytesReceived, upload.Ok * Framed(new UploadSummary { Length = 1, Chunks = 1, Checksum = 1 }),
            upload.Ok * Framed(new UploadSummary { Length = 100, Chunks = 100, Checksum = ulong.MaxValue }));
    }

    [Fact]
    public async Task A_worker_refuses_a_method_the_assembly_does_not_describe_naming_those_it_does()
    {
        var host = await hosts.GetAsync("kestrel", HostRuntime);
        var service = new ServiceLoad(ContractsAssembly, [Method("nothing", "example.ExampleService/NoSuchMethod", "unary", ["{}"])]);
        var shape = new LoadShape([new RampPhase(10, 1, Constant: true)], 0, 0, 5) { Scenarios = ["nothing"], Service = service };

        var failure = await Assert.ThrowsAsync<WorkerFailedException>(() =>
            WorkerProcess.RunAsync(new WorkerSpec(LoadToolRuns.Kestrel(), host.Ready.Url, null, shape), _ => { }, CancellationToken.None));

        Assert.Contains("InvalidDataException", failure.Message);
        Assert.Contains("has no method example.ExampleService/NoSuchMethod", failure.Message);
        Assert.Contains("example.ExampleService/GetInt", failure.Message);
    }

    private static MethodLoad Method(string name, string method, string kind, IReadOnlyList<string> requests, int? messages = null) =>
        new(name, method, kind, requests, messages, PerSecond: 10, Share: null, SloP99Ms: 1_000);

    /// <summary>Every call of the 20 the phase starts (10 a second for 2 s) succeeded.</summary>
    private static ScenarioStats AllOk(ScenarioStats scenario)
    {
        Assert.True(scenario.Failed == 0, $"{scenario.Name}: {string.Join(", ", scenario.FailsByCode.Select(f => $"{f.Key} x{f.Value}"))}");
        Assert.InRange(scenario.Ok, 19, 21);
        return scenario;
    }

    /// <summary>The bytes of the records the query streams, read with the bench's generated client.</summary>
    private async Task<long> StreamedBytesAsync(string serverStack, string clientStack)
    {
        await using var bench = await hosts.ClientAsync(clientStack, serverStack, HostRuntime);
        using var call = bench.Records.StreamRecords(new RecordQuery { Limit = RecordLimit }, bench.Options());
        var (count, bytes) = (0, 0L);
        while (await call.ResponseStream.MoveNext(CancellationToken.None)) (count, bytes) = (count + 1, bytes + Framed(call.ResponseStream.Current));
        Assert.Equal(RecordLimit, count);
        return bytes;
    }

    private static long Framed(IMessage message) => message.CalculateSize() + 5;
}
