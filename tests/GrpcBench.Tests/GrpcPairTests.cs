using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Contracts;
using GrpcBench.Orchestration;
using GrpcBench.Service;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// Every client x server pair of the two real stacks (Grpc.Core / C-core, grpc-dotnet / Kestrel), with the
/// host on each runtime of TestRuntimes (.NET 8, 9 and 10 here), as real processes on real loopback sockets.
/// </summary>
[Collection(GrpcHostsCollection.Name)]
public class GrpcPairTests(HostPool hosts)
{
    private const int MiB = 1024 * 1024;
    private const string Raised = "50000000";

    public static TheoryData<string, string, string> Pairs()
    {
        var pairs = new TheoryData<string, string, string>();
        foreach (var runtime in TestRuntimes.All)
        foreach (var server in new[] { "grpc-core", "kestrel" })
        foreach (var client in BenchClient.Stacks.Select(s => s.Text()))
            pairs.Add(client, server, runtime);
        return pairs;
    }

    /// <summary>Every pair over TCP (h2c) and over a Unix domain socket (uds).</summary>
    public static TheoryData<string, string, string, string> PairsAndTransports()
    {
        var data = new TheoryData<string, string, string, string>();
        foreach (var pair in Pairs())
        foreach (var transport in new[] { "h2c", "uds" })
            data.Add((string)pair[0], (string)pair[1], (string)pair[2], transport);
        return data;
    }

    /// <summary>The host arguments of a transport on top of the test's own.</summary>
    private static string[] Over(string transport, params string[] arguments) => transport == "uds" ? [.. arguments, "--uds", "true"] : arguments;

    public static TheoryData<string, string, string, string> PairsAndAlgorithms()
    {
        var data = new TheoryData<string, string, string, string>();
        foreach (var pair in Pairs())
        foreach (var algorithm in new[] { "gzip", "deflate" })
            data.Add((string)pair[0], (string)pair[1], (string)pair[2], algorithm);
        return data;
    }

    [Theory]
    [MemberData(nameof(PairsAndTransports))]
    public async Task GetInt_returns_the_service_value(string client, string server, string runtime, string transport)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), Over(transport));

        Assert.Equal(ExampleServiceImpl.GetIntResult, await bench.GetIntAsync());
    }

    [FullSuite]
    [Theory]
    [MemberData(nameof(PairsAndTransports))]
    public async Task SendLargeData_of_20_MiB_and_40_MB_reaches_the_server_byte_for_byte(string client, string server, string runtime, string transport)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), Over(transport, "--maxReceiveMessageSize", Raised));

        foreach (var size in new[] { 20 * MiB, 40_000_000 })
        {
            var data = RandomBytes(size);
            var receipt = await bench.SendLargeDataAsync(data);

            Assert.Equal(size, receipt.Length);
            Assert.Equal(PayloadChecksum.Of(data.Span).ToString("x16"), receipt.Checksum);
        }
    }

    [FullSuite]
    [Theory]
    [MemberData(nameof(PairsAndTransports))]
    public async Task Messages_over_the_limit_fail_with_ResourceExhausted_on_either_side_and_the_host_serves_the_next_call(string client, string server, string runtime, string transport)
    {
        // The host keeps the 4 MiB receive default; this client may send at most 1 MiB.
        await using var limited = await hosts.ClientAsync(client, server, runtime, new ClientSettings { MaxSendMessageSize = MiB }, Over(transport));
        await using var unlimited = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), Over(transport));

        var clientSide = await Assert.ThrowsAsync<RpcException>(() => limited.SendLargeDataAsync(RandomBytes(2 * MiB)));
        var serverSide = await Assert.ThrowsAsync<RpcException>(() => unlimited.SendLargeDataAsync(RandomBytes(5 * MiB)));

        Assert.Equal(StatusCode.ResourceExhausted, clientSide.StatusCode);
        Assert.Equal(StatusCode.ResourceExhausted, serverSide.StatusCode);
        Assert.Equal(ExampleServiceImpl.GetIntResult, await unlimited.GetIntAsync());
        Assert.Equal(MiB / 2, (await unlimited.SendLargeDataAsync(RandomBytes(MiB / 2))).Length);
    }

    [FullSuite]
    [Theory]
    [MemberData(nameof(PairsAndAlgorithms))]
    public async Task Compressed_requests_and_responses_shrink_compressible_payloads_on_the_wire(string client, string server, string runtime, string algorithm)
    {
        var host = await hosts.GetAsync(server, runtime, "--maxReceiveMessageSize", Raised, "--responseCompression", algorithm);
        await using var relay = new CountingRelay(new Uri(host.Ready.Url));
        var settings = new ClientSettings { Stack = Terms.Parse<ClientStack>(client), Compression = Terms.Parse<Compression>(algorithm) };
        await using var bench = BenchClient.Create(new ClientTarget(relay.Url(new Uri(host.Ready.Url)), null), settings);

        // The response, compressed by the host, must decompress.
        Assert.Equal(ExampleServiceImpl.GetIntResult, await bench.GetIntAsync());

        var compressible = ByteString.CopyFrom(Encoding.ASCII.GetBytes(string.Concat(Enumerable.Repeat("record 000123: temperature=21.5 status=ok\n", 4 * MiB / 42))));
        var before = relay.BytesToServer;
        var receipt = await bench.SendLargeDataAsync(compressible);
        var compressedWire = relay.BytesToServer - before;

        var random = RandomBytes(4 * MiB);
        before = relay.BytesToServer;
        await bench.SendLargeDataAsync(random);
        var randomWire = relay.BytesToServer - before;

        Assert.Equal(compressible.Length, receipt.Length);
        Assert.True(compressedWire < compressible.Length / 10, $"{algorithm}: {compressedWire:N0} wire bytes for {compressible.Length:N0} payload bytes");
        Assert.True(randomWire >= random.Length, $"{algorithm}: random payload of {random.Length:N0} bytes took only {randomWire:N0} wire bytes");
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task Tls_works_with_the_certificate_the_host_made_at_start_up(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), "--tls", "true");

        Assert.Equal(ExampleServiceImpl.GetIntResult, await bench.GetIntAsync());
        Assert.Equal(MiB, (await bench.SendLargeDataAsync(RandomBytes(MiB))).Length);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task A_deadline_shorter_than_the_call_gives_DeadlineExceeded(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), "--getIntDelayMs", "3000");

        var error = await Assert.ThrowsAsync<RpcException>(() => bench.GetIntAsync(deadline: DateTime.UtcNow.AddMilliseconds(300)));

        Assert.Equal(StatusCode.DeadlineExceeded, error.StatusCode);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task A_cancelled_call_gives_Cancelled(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), "--getIntDelayMs", "3000");
        using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));

        var error = await Assert.ThrowsAsync<RpcException>(() => bench.GetIntAsync(cancel.Token));

        Assert.Equal(StatusCode.Cancelled, error.StatusCode);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task An_unknown_method_gives_Unimplemented(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime);
        var unknown = new Method<Empty, Empty>(MethodType.Unary, ExampleService.Descriptor.FullName, "NoSuchMethod",
            Marshallers.Create<Empty>(m => m.ToByteArray(), Empty.Parser.ParseFrom), Marshallers.Create<Empty>(m => m.ToByteArray(), Empty.Parser.ParseFrom));

        var error = await Assert.ThrowsAsync<RpcException>(async () => await bench.SmallCallInvoker.AsyncUnaryCall(unknown, null, bench.Options(), new Empty()));

        Assert.Equal(StatusCode.Unimplemented, error.StatusCode);
    }

    [Theory]
    [InlineData(ClientStack.GrpcCore)]
    [InlineData(ClientStack.GrpcNet)]
    public async Task A_host_that_is_not_listening_gives_Unavailable_within_5_seconds_naming_the_address(ClientStack client)
    {
        var port = FreePort();
        await using var bench = BenchClient.Create(new ClientTarget(new Uri($"http://127.0.0.1:{port}"), null), new ClientSettings { Stack = client });
        var clock = Stopwatch.StartNew();

        var error = await Assert.ThrowsAsync<RpcException>(() => bench.GetIntAsync(deadline: DateTime.UtcNow.AddSeconds(30)));

        Assert.Equal(StatusCode.Unavailable, error.StatusCode);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(5), $"took {clock.Elapsed}");
        Assert.True(error.Status.ToString().Contains($"127.0.0.1:{port}"), error.Status.ToString());
    }

    [Theory]
    [InlineData(ClientStack.GrpcCore)]
    [InlineData(ClientStack.GrpcNet)]
    public async Task A_socket_nobody_listens_on_gives_Unavailable_naming_its_path(ClientStack client)
    {
        var path = Path.Combine(Path.GetTempPath(), $"grpcbench-no-such-{Guid.NewGuid():N}.sock");
        await using var bench = BenchClient.Create(new ClientTarget(new Uri($"unix:{path}"), null), new ClientSettings { Stack = client });

        var error = await Assert.ThrowsAsync<RpcException>(() => bench.GetIntAsync(deadline: DateTime.UtcNow.AddSeconds(30)));

        Assert.Equal(StatusCode.Unavailable, error.StatusCode);
        Assert.Contains($"unix:{path}", error.Status.ToString());
    }

    [Theory]
    [InlineData("grpc-core")]
    [InlineData("kestrel")]
    public async Task A_host_on_a_socket_reports_its_path_and_removes_its_folder_when_it_stops(string server)
    {
        var host = await HostProcess.StartAsync(new HostLaunch(HostPool.Project(server), "net10.0", ["--uds", "true"]));
        string path;
        await using (host)
        {
            Assert.StartsWith("unix:/", host.Ready.Url);
            path = HostPool.Target(host).SocketPath!;
            Assert.True(File.Exists(path), path);
        }

        Assert.False(Directory.Exists(Path.GetDirectoryName(path)), path);
    }

    [Fact]
    public async Task Each_host_reports_the_stack_and_the_gRPC_API_it_runs_on()
    {
        var legacy = await hosts.GetAsync("grpc-core", "net10.0");
        var kestrel = await hosts.GetAsync("kestrel", "net10.0");

        Assert.Equal("grpc-core", legacy.Ready.Stack);
        Assert.Equal("2.85.0", legacy.Ready.Components["Grpc.Core.Api"]);
        Assert.Equal("2.46.5", legacy.Ready.Components["Grpc.Core"]);
        Assert.Equal("kestrel", kestrel.Ready.Stack);
        Assert.Equal("2.85.0", kestrel.Ready.Components["Grpc.Core.Api"]);
        Assert.Equal("2.85.0", kestrel.Ready.Components["Grpc.Net.Common"]);
        Assert.Equal("2.85.0", kestrel.Ready.Components["Grpc.AspNetCore.Server"]);
    }

    private static ByteString RandomBytes(int size)
    {
        var bytes = new byte[size];
        Random.Shared.NextBytes(bytes);
        return UnsafeByteOperations.UnsafeWrap(bytes);
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
