using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// A target started apart (--target): run by every client, its side not measured; a dead one fails fast.
/// </summary>
[Collection(LoadToolCollection.Name)]
public class ExternalTargetTests
{
    [FullSuite]
    [Theory]
    [InlineData("h2c")]
    [InlineData("tls")]
    [InlineData("uds")]
    public async Task A_target_started_apart_is_run_by_every_client_and_its_side_is_not_measured(string transport)
    {
        // A host of the bench's, but started here as any external server would be: the tool only gets its URL.
        await using var host = await Hosts.StartKestrelAsync(["--maxReceiveMessageSize", "unlimited", .. transport == "h2c" ? Array.Empty<string>() : [$"--{transport}", "true"]]);
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-target-" + Guid.NewGuid().ToString("N"));
        var ca = Path.Combine(Path.GetTempPath(), $"grpcbench-target-ca-{Guid.NewGuid():N}.pem");
        string[] trust = [];
        if (host.Ready.CertificatePem is { } pem)
        {
            await File.WriteAllTextAsync(ca, pem);
            trust = ["--target-ca", ca];
        }

        // 1 MiB uploads: what is checked is who is run and what is not measured, not what 20 MiB costs (which beside the rest
        // of the full suite can pass a quick run's deadline over TLS).
        var (exit, output, error) = await RunToolAsync(["--quick", "--phases", "10x2", "--payload-mib", "1", "--target", host.Ready.Url, .. trust, "--out", folder], TimeSpan.FromMinutes(3));

        Assert.True(exit == 0, output + error);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        Assert.Equal(["grpc-core", "grpc-net"], configurations.Select(c => c.GetProperty("configuration").GetProperty("client").GetString()).Order());
        Assert.All(configurations, c =>
        {
            Assert.Equal("ok", c.GetProperty("status").GetString());
            Assert.Equal("external", c.GetProperty("configuration").GetProperty("server").GetString());
            Assert.Equal(host.Ready.Url, c.GetProperty("configuration").GetProperty("target").GetString());
            Assert.Equal(transport, c.GetProperty("configuration").GetProperty("transport").GetString());
            Assert.Equal(LoadConfiguration.NotMeasured, c.GetProperty("hostRuntimeReported").GetString());
        });
        Assert.Contains(LoadConfiguration.NotMeasured, File.ReadAllText(Path.Combine(folder, "report.md")));
        File.Delete(ca);
    }

    [Theory]
    [InlineData("http://127.0.0.1:{0}")]
    [InlineData("unix:/tmp/grpcbench-no-such-{0}.sock")]
    public async Task A_dead_target_fails_fast_with_one_line_naming_it(string pattern)
    {
        int port;
        using (var listener = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0))
        {
            listener.Start();
            port = ((System.Net.IPEndPoint)listener.LocalEndpoint).Port;
        }
        var target = string.Format(pattern, port);
        var clock = Stopwatch.StartNew();

        var (exit, output, error) = await RunToolAsync(["--quick", "--target", target], TimeSpan.FromSeconds(60));

        Assert.NotEqual(0, exit);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20), $"took {clock.Elapsed}");
        Assert.StartsWith($"--target {target}: not reachable", error);
        Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Empty(output);
    }
}
