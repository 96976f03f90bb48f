using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>eng/shaped-link.sh: hosts and client in a namespace whose loopback tbf limits to a given rate.</summary>
[Collection(ShapedLinks.Name)]
public class ShapedLinkTests
{
    [RootFact]
    public async Task Uploads_through_a_shaped_link_are_limited_to_its_rate_and_the_run_records_the_link()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-shaped-" + Guid.NewGuid());
        var (exitCode, output) = await RunAsync(Path.Combine(DotnetRoots.RepositoryRoot, "eng", "shaped-link.sh"),
            "40mbit", "--", Path.Combine(DotnetRoots.SystemRoot, "dotnet"), Hosts.LoadToolAssembly,
            "--server", "kestrel", "--kestrel-profile", "default", "--runtime", "net10.0", "--transport", "h2c",
            "--scenarios", "sendLargeData", "--payload-mib", "4", "--phases", "=1x3", "--warmup-seconds", "0", "--out", folder);

        Assert.True(exitCode == 0, output);
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        var upload = json.RootElement.GetProperty("configurations")[0].GetProperty("scenarios")[0];
        var mibPerSecond = 4 / (upload.GetProperty("latency").GetProperty("p50").GetDouble() / 1000);
        // 40 Mbit/s is 4.77 MiB/s, plus the 256 KB tbf burst that passes at once (about 6 % of 4 MiB);
        // unshaped loopback moves hundreds of MiB/s.
        Assert.InRange(mibPerSecond, 3.0, 5.3);
        Assert.StartsWith("loopback shaped to 40mbit", json.RootElement.GetProperty("run").GetProperty("machine").GetProperty("link").GetString());
        Directory.Delete(folder, recursive: true);
    }

    [Fact]
    public async Task An_invalid_rate_is_one_line_and_exit_2()
    {
        var (exitCode, output) = await RunAsync(Path.Combine(DotnetRoots.RepositoryRoot, "eng", "shaped-link.sh"), "fast", "--", "true");

        Assert.Equal(2, exitCode);
        Assert.Equal("shaped-link: invalid RATE 'fast': allowed a whole number with kbit, mbit or gbit, e.g. 100mbit", output.Trim());
    }

    private static async Task<(int ExitCode, string Output)> RunAsync(string file, params string[] arguments)
    {
        var start = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        await process.WaitForExitAsync(timeout.Token);
        return (process.ExitCode, await stderr + await stdout);
    }
}
