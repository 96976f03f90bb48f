using System.IO.Compression;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// Each design alternative as a real run: a host of each stack and a load worker, real processes on loopback. The worker
/// fails a call whose receipt (the host's byte count and checksum) is not what it sent, so every call ok means the bytes
/// arrived whole.
/// </summary>
[FullSuite]
public class DesignAlternativeRunTests
{
    private static readonly string[] ServerNames = [ServerStack.GrpcCore.Text(), ServerStack.Kestrel.Text()];

    public static TheoryData<string> Servers => [.. ServerNames];

    private static LoadConfiguration Pair(string server) => server == ServerStack.GrpcCore.Text()
        ? new(ConfigurationKind.Grpc, ServerStack.GrpcCore, ClientStack.GrpcCore, "net10.0", "net10.0", Compression.None, Transport.H2c, "n/a",
            new Dictionary<string, string>(), "default", new Dictionary<string, string>())
        : new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None, Transport.H2c, "default",
            new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    /// <summary>Five calls of <paramref name="payloadBytes"/> a second for 2 s; every one of them ok, its receipt checked by the worker.</summary>
    private static async Task AllArriveWhole(LoadConfiguration configuration, string scenario, int payloadBytes, string content = Payload.RandomContent)
    {
        var shape = new LoadShape([new RampPhase(5, 2, Constant: true)], payloadBytes, 0, 30) { Scenarios = [scenario], PayloadContent = content };

        var result = await ConfigurationRun.RunAsync(configuration, shape, _ => { }, CancellationToken.None);

        var calls = result.Scenario(scenario)!;
        Assert.True(result.Status == ConfigurationStatus.Ok, $"{result.Status}: {result.Reason}");
        Assert.Equal(0, calls.Failed);
        Assert.InRange(calls.Ok, 9, 11);
    }

    public static TheoryData<string, string> ServersAndAlternatives()
    {
        var data = new TheoryData<string, string>();
        foreach (var server in ServerNames)
        foreach (var alternative in DesignAlternatives.Catalogue)
            data.Add(server, alternative.Name);
        return data;
    }

    [Theory]
    [MemberData(nameof(ServersAndAlternatives))]
    public async Task Every_design_alternative_sends_its_uploads_whole_to_either_host(string server, string name)
    {
        var alternative = DesignAlternatives.Named(name);
        var configuration = alternative.Apply(Pair(server));
        // The label and the host's arguments say which code path runs: the alternative really is on.
        var expected = alternative switch
        {
            { ChunkBytes: { } bytes } => $"chunk {Sizes.Describe(bytes)}",
            { UploadReader: { } reader } => $"{reader}-read",
            { UploadWriter: { } writer } => $"{writer}-write",
            _ => "gzip",
        };
        Assert.Contains(expected, configuration.Label);
        Assert.Equal(alternative.UploadReader is not null, HostCommandLine.Arguments(configuration, new LoadShape([], 1, 0, 1)).Contains("--uploadReader"));
        var scenario = alternative.ChunkBytes is null ? ScenarioNames.SendLargeData : ScenarioNames.UploadChunks;
        // 2 MiB and 3 bytes: chunks of every size end in a short one, and the message's bytes field ends off an 8-byte word;
        // gzip (grpc-dotnet's client fails gzip uploads of 4 MiB and more) on text, which shrinks.
        await AllArriveWhole(configuration, scenario, 2 * 1024 * 1024 + 3, alternative.Compression == Compression.None ? Payload.RandomContent : Payload.TextContent);
    }

    [Theory]
    [MemberData(nameof(Servers))]
    public async Task A_payload_of_zeros_goes_gzip_compressed_to_either_host_and_arrives_whole(string server)
    {
        var zeros = Payload.Of(Payload.ZerosContent, 1024 * 1024);
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true)) gzip.Write(zeros);

        Assert.All(zeros, b => Assert.Equal(0, b));
        Assert.InRange(compressed.Length, 1, zeros.Length / 100);
        // grpc-dotnet's client fails gzip uploads of 4 MiB and more (docs/advisor.md): 1 MiB.
        await AllArriveWhole(Pair(server) with { Compression = Compression.Gzip }, ScenarioNames.SendLargeData, zeros.Length, Payload.ZerosContent);
    }
}
