using GrpcBench.Load.Results;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// The load tool's fault table beyond a killed host, worker or tool (LoadToolTests, NoHostLeftBehindTests): each fault
/// gives one line naming what failed, keeps what was measured, and leaves no host or worker behind.
/// </summary>
public class FaultTableTests
{
    private const int Stop = 19; // SIGSTOP: a host hung in its start-up, before its ready line

    // One Kestrel configuration and the raw-tcp floor: the shortest run that starts a host.
    private static string[] OneKestrel(string folder) => ["--quick", "--server", "kestrel", "--kestrel-profile", "default", "--out", folder];

    private static string NewFolder(string what) => Path.Combine(Path.GetTempPath(), $"grpcbench-fault-{what}-" + Guid.NewGuid().ToString("N"));

    [Fact]
    public async Task Fault_a_host_that_never_prints_its_ready_line_times_out_naming_the_host_and_fails_its_configuration()
    {
        var folder = NewFolder("never-ready");
        using var tool = Hosts.StartLoadTool(OneKestrel(folder));
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        var host = await StopHostInStartUpAsync(tool);
        try
        {
            using (var exit = new CancellationTokenSource(TimeSpan.FromMinutes(2))) await tool.WaitForExitAsync(exit.Token);
            var text = await output + await error;

            Assert.Equal(1, tool.ExitCode);
            Assert.Contains(text.Split('\n'), line => line.StartsWith("[1/2] kestrel/grpc-net") && line.EndsWith("failed: GrpcBench.KestrelHost printed no ready line within 30 s"));
            Assert.DoesNotContain("Unhandled exception", text);
            using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
            var first = summary.RootElement.GetProperty("configurations")[0];
            Assert.Equal("failed", first.GetProperty("status").GetString());
            Assert.Contains("printed no ready line", first.GetProperty("reason").GetString());
            // The run goes on with the next configuration, the raw-tcp floor, and keeps its figures.
            Assert.Equal("ok", summary.RootElement.GetProperty("configurations")[1].GetProperty("status").GetString());
            Assert.False(Hosts.IsRunning(host), $"the stalled host {host} is still there");
        }
        finally
        {
            KillAll(Hosts.ChildrenOf(tool.Id).Append(host));
        }
    }

    [Fact]
    public async Task Fault_a_port_already_in_use_fails_the_configuration_with_the_hosts_reason_and_leaves_no_process()
    {
        using var busy = new TcpListener(IPAddress.Loopback, 0);
        busy.Start();
        var port = ((IPEndPoint)busy.LocalEndpoint).Port;
        var folder = NewFolder("port-in-use");

        // The hosts read GRPCBENCH_ settings from their environment, which they inherit from the tool.
        using var tool = Hosts.StartLoadTool(new Dictionary<string, string> { ["GRPCBENCH_Port"] = port.ToString() }, OneKestrel(folder));
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        var children = new HashSet<int>();
        var clock = Stopwatch.StartNew();
        while (!tool.HasExited && clock.Elapsed < TimeSpan.FromMinutes(2))
        {
            children.UnionWith(Hosts.ChildrenOf(tool.Id));
            await Task.Delay(50);
        }
        await tool.WaitForExitAsync();
        var text = await output + await error;

        Assert.Equal(1, tool.ExitCode);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        var first = summary.RootElement.GetProperty("configurations")[0];
        Assert.Equal("failed", first.GetProperty("status").GetString());
        var reason = first.GetProperty("reason").GetString()!;
        Assert.Contains("GrpcBench.KestrelHost closed its output before it was ready", reason);
        Assert.Contains("address already in use", reason, StringComparison.OrdinalIgnoreCase);
        // One line (the console wraps it at its width), the host's own error in it, no stack trace.
        Assert.DoesNotContain('\n', reason);
        Assert.Contains("[1/2] kestrel/grpc-net net10.0 default h2c: failed: GrpcBench.KestrelHost closed its output before it was ready", text);
        Assert.DoesNotContain("   at ", text);
        Assert.DoesNotContain(children, Hosts.IsRunning);
    }

    [Theory]
    [InlineData("run")]
    [InlineData("hazards")]
    [InlineData("lost-responses")]
    public async Task Fault_a_results_folder_that_has_files_is_never_overwritten(string command)
    {
        var folder = NewFolder("exists");
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "summary.json"), "an earlier run");

        var (exit, output, error) = await RunAsync(command == "run" ? OneKestrel(folder) : [command, "--out", folder]);

        Assert.Equal(2, exit);
        Assert.Equal($"results folder {folder} already exists and is not empty; results are never overwritten: choose another --out", error.Trim());
        Assert.Equal("", output);
        Assert.Equal("an earlier run", File.ReadAllText(Path.Combine(folder, "summary.json")));
        Assert.Single(Directory.EnumerateFileSystemEntries(folder));
    }

    [Fact]
    public void Fault_a_default_results_folder_taken_in_the_same_second_gets_a_new_name()
    {
        var stem = NewFolder("same-second");
        Directory.CreateDirectory(stem);
        File.WriteAllText(Path.Combine(stem, "summary.json"), "the first run of that second");

        var second = ResultsFolder.CreateNew(stem);
        File.WriteAllText(Path.Combine(second, "summary.json"), "the second");
        var third = ResultsFolder.CreateNew(stem);

        Assert.Equal(stem + "-2", second);
        Assert.Equal(stem + "-3", third);
        Assert.Equal("the first run of that second", File.ReadAllText(Path.Combine(stem, "summary.json")));
    }

    [Fact]
    public async Task Fault_a_results_folder_that_cannot_be_created_gives_one_line_and_exit_2_before_anything_runs()
    {
        // As root a read-only mode does not stop writes; a folder under a regular file cannot be created by anyone.
        var file = NewFolder("a-file");
        File.WriteAllText(file, "");
        var folder = Path.Combine(file, "run");

        var (exit, output, error) = await RunAsync(OneKestrel(folder));

        Assert.Equal(2, exit);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"results folder {folder} cannot be written: ", line);
        Assert.Equal("", output);
    }

    [RootFact]
    public async Task Fault_a_results_folder_that_fills_up_keeps_the_measurements_in_another_folder_and_says_where()
    {
        var mount = NewFolder("full-disk");
        Directory.CreateDirectory(mount);
        // 16 KiB: room for the folder and the start's write check, not for summary.json.
        Assert.Equal(0, await RunAsync("mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mount]));
        try
        {
            var folder = Path.Combine(mount, "run");
            var (exit, _, error) = await RunAsync(OneKestrel(folder));

            Assert.Equal(ResultsWriting.NotWhereAsked, exit);
            var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
            Assert.StartsWith($"results folder {folder} could not be written (", line);
            Assert.Matches("disk was full|No space left on device", line);
            var instead = line[(line.LastIndexOf(" went to ", StringComparison.Ordinal) + " went to ".Length)..^" instead".Length];
            using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(instead, "summary.json")));
            Assert.All(summary.RootElement.GetProperty("configurations").EnumerateArray(), c => Assert.Equal("ok", c.GetProperty("status").GetString()));
            Assert.True(File.Exists(Path.Combine(instead, "report.md")));
        }
        finally
        {
            await RunAsync("umount", [mount]);
        }
    }

    [Theory]
    [InlineData("capacity", "--server kestrel --kestrel-profile default")]
    [InlineData("transports", "--transport h2c --codec protobuf --requests 300")]
    // Two configurations at least (soak: both stacks), so that the first checkpoint is not the run's last write.
    [InlineData("soak", "--minutes 1")]
    [InlineData("advise", "--knobs placebo --budget-minutes 7")]
    public async Task Fault_a_run_killed_outright_keeps_every_configuration_it_finished_in_its_checkpoint(string preset, string options)
    {
        var folder = NewFolder($"killed-{preset}");
        using var tool = Hosts.StartLoadTool(["--preset", preset, "--quick", .. options.Split(' '), "--out", folder]);
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        var checkpointFile = Path.Combine(folder, Checkpoint.FileName);
        var children = new HashSet<int>();
        try
        {
            // SIGKILL as soon as the first search or configuration has ended: no handler, no finally, nothing of the tool's own runs after it.
            var clock = Stopwatch.StartNew();
            while (!File.Exists(checkpointFile) && !tool.HasExited && clock.Elapsed < TimeSpan.FromMinutes(4))
            {
                children.UnionWith(Hosts.ChildrenOf(tool.Id));
                await Task.Delay(50);
            }
            children.UnionWith(Hosts.ChildrenOf(tool.Id));
            Assert.True(Signals.Send(tool.Id, Signals.Kill));
            await tool.WaitForExitAsync();

            Assert.False(File.Exists(Path.Combine(folder, "summary.json")));
            var checkpoint = GrpcBench.Load.Reporting.SummaryFile.Read(checkpointFile);
            Assert.Equal(Checkpoint.Status, checkpoint.Status);
            var first = Assert.Single(checkpoint.Configurations);
            switch (preset)
            {
                case "capacity":
                    Assert.NotNull(first.Capacity);
                    Assert.NotNull(checkpoint.Capacity);
                    break;
                case "transports":
                    Assert.Equal(ConfigurationStatus.Ok, first.Status);
                    Assert.Equal(300, first.Scenarios.Single().Requests);
                    Assert.NotEmpty(checkpoint.ClosedModelTable!);
                    break;
                case "soak":
                    Assert.Equal(ConfigurationStatus.Ok, first.Status);
                    Assert.Single(checkpoint.Soak!.Runs);
                    break;
                default:
                    // The advise preset's first run: the default's throughput, the first of its early spread.
                    Assert.True(first.Throughput?.PerSecond > 0, $"{first.Configuration.Label}: {first.Status} {first.Reason}");
                    break;
            }
            // Its hosts and workers see their parent gone and stop by themselves.
            clock.Restart();
            while (children.Any(Hosts.IsRunning) && clock.Elapsed < TimeSpan.FromSeconds(20)) await Task.Delay(100);
            Assert.DoesNotContain(children, Hosts.IsRunning);
        }
        finally
        {
            KillAll(children);
            if (!tool.HasExited) tool.Kill(entireProcessTree: true);
            await output;
            await error;
        }
    }

    [Fact]
    public async Task Fault_ctrl_c_during_host_start_up_stops_the_host_and_writes_a_cancelled_summary()
    {
        var folder = NewFolder("ctrl-c-start-up");
        using var tool = Hosts.StartLoadTool(OneKestrel(folder));
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        // Stopped before its ready line, the host is still starting when Ctrl+C comes, however fast it would have been.
        var host = await StopHostInStartUpAsync(tool);
        try
        {
            Assert.True(Signals.Send(tool.Id, Signals.Interrupt));
            using (var exit = new CancellationTokenSource(TimeSpan.FromSeconds(30))) await tool.WaitForExitAsync(exit.Token);
            await output;
            await error;

            Assert.Equal(1, tool.ExitCode);
            Assert.False(Hosts.IsRunning(host), $"the host {host} outlived the tool");
            Assert.Empty(Hosts.ChildrenOf(tool.Id));
            using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
            Assert.Equal("cancelled", summary.RootElement.GetProperty("status").GetString());
            var only = Assert.Single(summary.RootElement.GetProperty("configurations").EnumerateArray());
            Assert.Equal("cancelled", only.GetProperty("status").GetString());
            // Which wait the Ctrl+C lands in (the host's ready line, the worker's start, the first second of load when the stop
            // came late) words the reason; what must hold is a cancelled configuration, its summary written, no process left.
            Assert.StartsWith("cancelled (Ctrl+C)", only.GetProperty("reason").GetString());
        }
        finally
        {
            KillAll(Hosts.ChildrenOf(tool.Id).Append(host));
        }
    }

    /// <summary>The tool's first host, stopped (SIGSTOP) as soon as it shows up, well before a .NET host prints its ready line.</summary>
    private static async Task<int> StopHostInStartUpAsync(Process tool)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(30) && !tool.HasExited)
        {
            foreach (var pid in Hosts.ChildrenOf(tool.Id).Where(pid => Hosts.CommandLine(pid).Contains(Hosts.Kestrel)))
            {
                Assert.True(Signals.Send(pid, Stop));
                return pid;
            }
            await Task.Delay(5);
        }
        throw new Xunit.Sdk.XunitException("the load tool started no host within 30 s");
    }

    /// <summary>
    /// Whatever the test's outcome, the hosts and workers it made the tool start, the one it stopped among them (a stopped
    /// one cannot watch its parent), or those it saw before it killed the tool (whose children are then no longer its).
    /// </summary>
    private static void KillAll(IEnumerable<int> pids)
    {
        foreach (var pid in pids.Where(Hosts.IsRunning)) Signals.Send(pid, Signals.Kill);
    }

    private static async Task<(int Exit, string Output, string Error)> RunAsync(string[] arguments)
    {
        using var tool = Hosts.StartLoadTool(arguments);
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        using (var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(3))) await tool.WaitForExitAsync(timeout.Token);
        return (tool.ExitCode, await output, await error);
    }

    private static async Task<int> RunAsync(string command, string[] arguments)
    {
        var start = new ProcessStartInfo(command) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        await process.WaitForExitAsync();
        return process.ExitCode;
    }
}
