using System.Net;
using System.Net.Http.Headers;
using GrpcBench.Contracts;
using GrpcBench.Orchestration;
using GrpcBench.Service;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// The contract on the wire is the story's own (package example): a client generated from the story's .proto, in
/// any language, reaches both hosts. Sent as plain HTTP/2, so nothing of the bench's generated code is involved.
/// </summary>
[Collection(GrpcHostsCollection.Name)]
public class ContractPathTests(HostPool hosts)
{
    [Theory]
    [InlineData("grpc-core")]
    [InlineData("kestrel")]
    public async Task GetInt_answers_at_the_story_path_with_status_0(string server)
    {
        var host = await hosts.GetAsync(server, "net10.0");
        using var http = Http2Client.For(host.Ready, TimeSpan.FromSeconds(30));
        // One uncompressed message: flag 0, length 0 (Empty has no fields).
        using var request = new HttpRequestMessage(HttpMethod.Post, "/example.ExampleService/GetInt")
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = new ByteArrayContent([0, 0, 0, 0, 0]),
        };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/grpc");
        request.Headers.TE.Add(new TransferCodingWithQualityHeaderValue("trailers"));

        using var response = await http.SendAsync(request);
        var body = await response.Content.ReadAsByteArrayAsync();

        var status = response.TrailingHeaders.TryGetValues("grpc-status", out var trailer) ? trailer : response.Headers.GetValues("grpc-status");
        Assert.Equal("0", Assert.Single(status));
        Assert.Equal(0, body[0]);
        Assert.Equal(ExampleServiceImpl.GetIntResult, IntResponse.Parser.ParseFrom(body[5..]).Result);
    }

    [Fact]
    public void The_generated_service_is_example_ExampleService()
    {
        Assert.Equal("example.ExampleService", ExampleService.Descriptor.FullName);
    }
}
