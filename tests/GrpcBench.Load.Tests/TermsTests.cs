using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class TermsTests
{
    [Fact]
    public void Terms_are_written_as_the_command_line_and_summary_json_have_always_named_them()
    {
        Assert.Equal(["grpc", "raw-http2", "raw-tcp"], Terms.Texts<ConfigurationKind>());
        Assert.Equal(["grpc-core", "kestrel", "socket", "external"], Terms.Texts<ServerStack>());
        Assert.Equal(["grpc-core", "grpc-net", "http2", "socket"], Terms.Texts<ClientStack>());
        Assert.Equal(["none", "gzip", "deflate"], Terms.Texts<Compression>());
        Assert.Equal(["h2c", "tls", "tcp", "uds"], Terms.Texts<Transport>());
        Assert.Equal(ServerStack.GrpcCore, Terms.Parse<ServerStack>("grpc-core"));
        Assert.Equal("quic: allowed h2c, tls, tcp, uds", Assert.Throws<FormatException>(() => Terms.Parse<Transport>("quic")).Message);
    }

    [Fact]
    public void Summary_json_holds_the_terms_as_text()
    {
        var json = SummaryFile.Serialize(Summary(Ok(GrpcCore(), 601, 8), Ok(RawTcp(), 50, 1)));

        Assert.Contains("\"kind\": \"raw-tcp\"", json);
        Assert.Contains("\"server\": \"grpc-core\"", json);
        Assert.Contains("\"transport\": \"h2c\"", json);
        Assert.Contains("\"compression\": \"none\"", json);
    }

    [Fact]
    public void A_summary_written_before_the_terms_were_types_still_reads()
    {
        var root = new DirectoryInfo(AppContext.BaseDirectory);
        while (!File.Exists(Path.Combine(root.FullName, "GrpcBench.sln"))) root = root.Parent!;

        var summary = SummaryFile.Read(Path.Combine(root.FullName, "docs", "reference-runs", "load", "seed", "run-1"));

        Assert.Contains(summary.Configurations, c => c.Configuration is { Server: ServerStack.Kestrel, Client: ClientStack.GrpcNet, Transport: Transport.Tls });
    }
}
