using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Contracts;
using GrpcBench.Orchestration;
using GrpcBench.Service;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>ExampleService over protobuf JSON (<see cref="JsonCodec"/>): every client x server pair, real hosts on loopback.</summary>
public class JsonCodecTests
{
    [Theory]
    [InlineData("grpc-core", "grpc-core")]
    [InlineData("grpc-net", "grpc-core")]
    [InlineData("grpc-core", "kestrel")]
    [InlineData("grpc-net", "kestrel")]
    public async Task A_json_host_answers_a_json_client_and_refuses_a_protobuf_one(string client, string server)
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(HostPool.Project(server), "net10.0", ["--codec", "json"]));
        var data = ByteString.CopyFrom(Enumerable.Range(0, 64 * 1024).Select(i => (byte)(i * 7)).ToArray());

        await using (var json = BenchClient.Create(HostPool.Target(host), new ClientSettings { Stack = Terms.Parse<ClientStack>(client), Codec = JsonCodec.Json }))
        {
            Assert.Equal(ExampleServiceImpl.GetIntResult, await json.GetIntAsync(deadline: DateTime.UtcNow.AddSeconds(10)));
            Assert.Equal(PayloadReceipt.Of(data.Span), await json.SendLargeDataAsync(data, deadline: DateTime.UtcNow.AddSeconds(10)));
        }

        // Binary protobuf is not JSON: the host's parser refuses it, so the JSON above really was JSON.
        await using var protobuf = BenchClient.Create(HostPool.Target(host), new ClientSettings { Stack = Terms.Parse<ClientStack>(client) });
        var refused = await Assert.ThrowsAsync<RpcException>(() => protobuf.SendLargeDataAsync(data, deadline: DateTime.UtcNow.AddSeconds(10)));
        Assert.NotEqual(StatusCode.DeadlineExceeded, refused.StatusCode);
    }

    [Fact]
    public void The_json_marshaller_writes_protobuf_json_and_reads_it_back()
    {
        var request = new LargeDataRequest { Data = ByteString.CopyFrom(1, 2, 3) };

        var bytes = JsonCodec.SendLargeData.RequestMarshaller.Serializer(request);

        Assert.Equal("""{ "data": "AQID" }""", System.Text.Encoding.UTF8.GetString(bytes));
        Assert.Equal(request, JsonCodec.SendLargeData.RequestMarshaller.Deserializer(bytes));
    }
}
