using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>The slow-link preset end to end over real shaped links (tc tbf in a network namespace of the run's own), alone after the other tests.</summary>
[Collection(ShapedLinks.Name)]
public class SlowLinkPresetTests
{
    [FullSuite(SuitePart.Measured)]
    [RootFact]
    public async Task A_20mbit_link_limits_a_20_MiB_upload_to_its_rate_and_its_namespace_is_gone_afterwards()
    {
        // With a warm-up: its upload must end before the measured one starts, or the two share the link.
        var (folder, summary, report) = await RunPresetAsync("--preset", "slow-link", "--server", "kestrel", "--link", "20mbit", "--compression", "none",
            "--scenarios", "sendLargeData", "--message-sizes", "20mib", "--payload-content", "random", "--phases", "=1x12", "--warmup-seconds", "1");
        SummaryShape.Matches(folder, "slow-link");

        var configuration = summary.RootElement.GetProperty("configurations")[0];
        Assert.Equal("ok", configuration.GetProperty("status").GetString());
        Assert.Equal("20mbit", configuration.GetProperty("configuration").GetProperty("link").GetString());
        // 20 MiB at 20 Mbit/s is 8.4 s on the wire (the 256 KB tbf burst passes at once), plus framing; two transfers at once would take twice that.
        var latency = configuration.GetProperty("scenarios")[0].GetProperty("latency");
        Assert.True(latency.GetProperty("count").GetInt32() >= 1, "one measured upload");
        Assert.InRange(latency.GetProperty("max").GetDouble(), 8_000, 10_500);
        Assert.True(configuration.GetProperty("wireBytes").GetInt64() >= 20L * 1024 * 1024, "every payload byte crossed the link");
        Assert.DoesNotContain("grpcbench-load-", NetworkNamespaces());
        Assert.Contains("## Transfers", report);
        Directory.Delete(folder, recursive: true);
    }

    [FullSuite(SuitePart.Measured)]
    [RootFact]
    public async Task Slow_link_compares_compression_and_its_levels_on_each_link_and_ends_with_the_crossover()
    {
        var (folder, summary, report) = await RunPresetAsync("--preset", "slow-link", "--quick", "--server", "kestrel", "--scenarios", "sendLargeData",
            "--message-sizes", "1.9mb", "--compression-level", "fastest,optimal", "--phases", "=1x2", "--warmup-seconds", "0");
        SummaryShape.Matches(folder, "slow-link-quick");

        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        string Setting(JsonElement c) => $"{c.GetProperty("configuration").GetProperty("compression").GetString()}-{c.GetProperty("configuration").GetProperty("compressionLevel").GetString()}"
                                        + $" {c.GetProperty("configuration").GetProperty("link").GetString()}";
        Assert.Equal(["none-default 100mbit", "gzip-fastest 100mbit", "gzip-optimal 100mbit", "none-default 20mbit", "gzip-fastest 20mbit", "gzip-optimal 20mbit"],
            configurations.Select(Setting));
        Assert.All(configurations, c => Assert.Equal("ok", c.GetProperty("status").GetString()));
        // The text payload compresses, and more at the optimal level: on both sides, the client's request included.
        double PerCall(JsonElement c) => c.GetProperty("wireBytes").GetInt64() / (double)c.GetProperty("scenarios")[0].GetProperty("invocations").GetInt64();
        Assert.True(PerCall(configurations[1]) < PerCall(configurations[0]) / 2, $"gzip {PerCall(configurations[1])} vs none {PerCall(configurations[0])} bytes per call");
        Assert.True(PerCall(configurations[2]) < PerCall(configurations[1]) * 0.8, $"optimal {PerCall(configurations[2])} vs fastest {PerCall(configurations[1])} bytes per call");
        Assert.Contains("## Compression crossover", report);
        Assert.Contains("| grpc-dotnet (kestrel, default) on .NET 10, h2c | sendLargeData 1.9MB | gzip optimal |", report);
        Directory.Delete(folder, recursive: true);
    }

    [FullSuite(SuitePart.Measured)]
    [RootFact]
    public async Task A_link_namespace_goes_with_a_cancelled_run_and_one_left_by_a_killed_run_goes_with_the_next()
    {
        foreach (var signal in new[] { Signals.Interrupt, Signals.Kill })
        {
            using var tool = Hosts.StartLoadTool("--preset", "slow-link", "--server", "kestrel", "--link", "20mbit", "--scenarios", "sendLargeData",
                "--message-sizes", "100b", "--compression", "none", "--phases", "=1x60", "--out", Path.Combine(Path.GetTempPath(), "grpcbench-link-" + Guid.NewGuid().ToString("N")));
            tool.BeginOutputReadLine();
            tool.BeginErrorReadLine();
            var mine = $"grpcbench-load-{tool.Id}-";
            var clock = Stopwatch.StartNew();
            while (!NetworkNamespaces().Contains(mine) && clock.Elapsed < TimeSpan.FromSeconds(30)) await Task.Delay(100);
            Assert.Contains(mine, NetworkNamespaces());
            await Task.Delay(2000);

            Assert.True(Signals.Send(tool.Id, signal));
            using (var exit = new CancellationTokenSource(TimeSpan.FromSeconds(30))) await tool.WaitForExitAsync(exit.Token);

            if (signal == Signals.Kill)
            {
                // Nothing runs in a process killed outright: the next link made removes what it left.
                await using var next = GrpcBench.Orchestration.ShapedLink.Create("100mbit");
            }
            Assert.DoesNotContain(mine, NetworkNamespaces());
        }
    }

    private static string NetworkNamespaces()
    {
        using var ip = Process.Start(new ProcessStartInfo("ip", "netns list") { RedirectStandardOutput = true })!;
        var list = ip.StandardOutput.ReadToEnd();
        ip.WaitForExit();
        return list;
    }
}
