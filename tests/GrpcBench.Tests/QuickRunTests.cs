using System.Text.Json;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>A whole quick run over a transport: every file, with every configuration.</summary>
[Collection(LoadToolCollection.Name)]
public class QuickRunTests
{
    [Fact]
    public async Task Quick_run_over_a_unix_socket_writes_every_file_with_every_configuration() =>
        await QuickRunWritesEveryFileWithEveryConfiguration("uds", 3, ["net10.0"]); // no raw-tcp floor: it is measured over TCP only

    [FullSuite]
    [Fact]
    public async Task Quick_run_over_tls_on_every_runtime_with_the_raw_http2_floor_writes_every_file_with_every_configuration() =>
        await QuickRunWritesEveryFileWithEveryConfiguration("tls", 4, [.. TestRuntimes.SinceDotnet7]);

    private static async Task QuickRunWritesEveryFileWithEveryConfiguration(string transport, int configurationsPerRuntime, string[] runtimes)
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-quick-" + Guid.NewGuid().ToString("N"));

        // Shorter than the first look's 16 s (over TLS on every runtime, 16 configurations, a ramp of 1 MiB uploads): the files and
        // every call's success are what is checked, not what 20 MiB costs. With 20 MiB beside the walkthrough a TLS upload took up to
        // 10 s and passed its deadline (2026-12-04). The first look itself is the README's main command, run as printed by .ci/run.
        var (exit, output, _) = await RunToolAsync(["--quick", "--out", folder, "--transport", transport, "--runtime", string.Join(",", runtimes),
            .. transport == "tls" ? ["--baselines", "raw-http2", "--phases", "10x2", "--payload-mib", "1"] : (string[])["--phases", "=4x4"]], TimeSpan.FromMinutes(3 * runtimes.Length));
        var configurationCount = configurationsPerRuntime * runtimes.Length;

        Assert.True(exit == 0, output);
        SummaryShape.Matches(folder, $"story-quick-{transport}");
        foreach (var file in new[] { "summary.json", "report.md", "latency-sendLargeData.png", "latency-getInt.png", "ratio.png", "cost.png", "percentiles.png",
                     "timeline-sendLargeData.png", "timeline-getInt.png" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        // Every call beside summary.json, none in it; every chart fits a screen.
        Assert.True(new FileInfo(Path.Combine(folder, "calls.csv.gz")).Length > 0, "calls.csv.gz missing");
        Assert.DoesNotContain("\"calls\"", File.ReadAllText(Path.Combine(folder, "summary.json")));
        foreach (var chart in Directory.GetFiles(folder, "*.png"))
        {
            var png = File.ReadAllBytes(chart);
            Assert.True(png.Length <= 400 * 1024 && System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20)) <= 2400,
                $"{Path.GetFileName(chart)}: {png.Length:N0} bytes, {System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20))} px tall (at most 400 KiB, 2,400 px)");
        }
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        Assert.Equal(GrpcBench.Load.Reporting.SummaryFile.SchemaVersion, summary.RootElement.GetProperty("schemaVersion").GetInt32());
        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        Assert.Equal(configurationCount, configurations.Count);
        Assert.All(configurations, c => Assert.Equal("ok", c.GetProperty("status").GetString()));
        // Every call of every configuration succeeded, on every runtime.
        Assert.All(configurations.SelectMany(c => c.GetProperty("scenarios").EnumerateArray()), s =>
            Assert.True(s.GetProperty("ok").GetInt64() > 0 && s.GetProperty("failed").GetInt64() == 0, s.GetRawText()[..Math.Min(200, s.GetRawText().Length)]));
        Assert.Equal(runtimes.Order(), configurations.Select(c => c.GetProperty("configuration").GetProperty("hostRuntime").GetString()!).Distinct().Order());
        var report = File.ReadAllText(Path.Combine(folder, "report.md"));
        Assert.Contains("grpc-core/grpc-core", report);
        Assert.Contains("kestrel/grpc-net", report);
        Assert.All(configurations, c => Assert.Equal(transport, c.GetProperty("configuration").GetProperty("transport").GetString()));
        Assert.Contains($" {transport}", report);
    }
}
