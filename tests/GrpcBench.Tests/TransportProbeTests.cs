using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using GrpcBench.TransportProbe;

namespace GrpcBench.Tests;

/// <summary>The transport probe against real hosts, with small uploads so that it takes seconds.</summary>
public class TransportProbeTests
{
    private static ProbeOptions Options(string[] profiles, int requests = 3) =>
        new(["net10.0"], profiles, ["h2c", "tls"], SizeMiB: 1, requests, Warmup: 1, TimeSpan.FromSeconds(30), Out: null);

    [Fact]
    public async Task Every_configuration_gets_the_measured_uploads_and_its_reported_runtime()
    {
        var options = Options(["default", "net6-windows"]);

        var results = await new UploadProbeRun(options, QuietConsole.Create()).RunAsync(CancellationToken.None);

        Assert.Equal(4, results.Count);
        Assert.All(results, r =>
        {
            Assert.Equal("ok", r.Status);
            Assert.Equal(3, r.UploadsMs.Count);
            Assert.Equal(3, r.Latency.Count);
            Assert.StartsWith(".NET 10.0.", r.RuntimeDescription);
            Assert.Equal(r.Configuration.KestrelProfile, r.HostSettings!["kestrel"].GetProperty("profile").GetString());
            Assert.True(r.Latency.Min <= r.Latency.P50 && r.Latency.P50 <= r.Latency.Max);
        });
    }

    [Fact]
    public async Task A_host_killed_mid_run_fails_its_configuration_keeps_its_partial_figures_and_the_others_go_on()
    {
        var run = new UploadProbeRun(Options(["default", "large-windows"], requests: 4), QuietConsole.Create());
        var pids = new HashSet<int>();
        run.Uploaded += (configuration, pid, round) =>
        {
            pids.Add(pid);
            if (configuration is { KestrelProfile: "default", Transport: "h2c" } && round == 2) KillProcess(pid);
        };

        var results = await run.RunAsync(CancellationToken.None);

        var killed = results.Single(r => r.Configuration is { KestrelProfile: "default", Transport: "h2c" });
        Assert.Equal("failed", killed.Status);
        Assert.Contains("host exited mid-run", killed.Error);
        Assert.Equal(2, killed.UploadsMs.Count);
        Assert.All(results.Where(r => r != killed), r => Assert.Equal(("ok", 4), (r.Status, r.UploadsMs.Count)));
        Assert.Equal(4, pids.Count);
        Assert.All(pids, pid => Assert.False(Hosts.IsRunning(pid)));
    }

    [Fact]
    public async Task Report_records_what_produced_it_and_draws_a_chart()
    {
        var options = Options(["default"], requests: 2);
        var results = await new UploadProbeRun(options, QuietConsole.Create()).RunAsync(CancellationToken.None);
        var folder = ResultsFolder.Create(Path.Combine(Path.GetTempPath(), "grpcbench-" + Guid.NewGuid()));

        ProbeReport.Write(folder, RunRecord.Now(), options, results);

        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "probe.json")));
        Assert.Equal(Environment.ProcessorCount, json.RootElement.GetProperty("machine").GetProperty("cores").GetInt32());
        Assert.NotEqual("unknown", json.RootElement.GetProperty("commit").GetString());
        Assert.Equal(2, json.RootElement.GetProperty("runs").GetArrayLength());
        Assert.Contains("| .NET 10.0.", File.ReadAllText(Path.Combine(folder, "report.md")));
        Assert.Contains("net10.0 default tls", File.ReadAllText(Path.Combine(folder, "chart.svg")));
        Assert.Throws<IOException>(() => ResultsFolder.Create(folder));
        Directory.Delete(folder, recursive: true);
    }

    private static void KillProcess(int pid)
    {
        using var process = System.Diagnostics.Process.GetProcessById(pid);
        process.Kill();
        process.WaitForExit();
    }
}
