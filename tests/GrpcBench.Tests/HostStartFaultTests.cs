using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The fault table, a host's start-up: a host that never gets ready, a port already in use, Ctrl+C while a host
/// starts. Each fault gives one line naming what failed, keeps what was measured, and leaves no host or worker
/// behind.
/// </summary>
[FullSuite]
[Collection(FaultTableCollection.Name)]
public class HostStartFaultTests
{
    private const int Stop = 19; // SIGSTOP: a host hung in its start-up, before its ready line

    [Fact]
    public async Task Fault_a_host_that_never_prints_its_ready_line_times_out_naming_the_host_and_fails_its_configuration()
    {
        // On a busy machine the stop can land after the host listened, maybe after its ready line: that try is no fault
        // of the start-up, so it is ended and made again.
        for (var attempt = 1; ; attempt++)
        {
            var folder = NewFolder("never-ready");
            using var tool = Hosts.StartLoadTool(OneKestrel(folder));
            var output = tool.StandardOutput.ReadToEndAsync();
            var error = tool.StandardError.ReadToEndAsync();
            var host = await StopHostInStartUpAsync(tool);
            try
            {
                if (Hosts.IsListening(host) && attempt < 3)
                {
                    KillAll(Hosts.ChildrenOf(tool.Id).Append(host).Append(tool.Id));
                    await tool.WaitForExitAsync();
                    continue;
                }
                using (var exit = new CancellationTokenSource(TimeSpan.FromMinutes(2))) await tool.WaitForExitAsync(exit.Token);
                var text = await output + await error;

                Assert.True(tool.ExitCode == 1, $"exit code {tool.ExitCode}:\n{text}");
                Assert.True(text.Split('\n').Any(line => line.StartsWith("[1/2] kestrel/grpc-net")
                    && line.EndsWith("failed: GrpcBench.KestrelHost printed no ready line within 30 s")), $"no line naming the host's timeout in:\n{text}");
                Assert.DoesNotContain("Unhandled exception", text);
                using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
                var first = summary.RootElement.GetProperty("configurations")[0];
                Assert.Equal("failed", first.GetProperty("status").GetString());
                Assert.Contains("printed no ready line", first.GetProperty("reason").GetString());
                // The run goes on with the next configuration, the raw-tcp floor, and keeps its figures.
                Assert.Equal("ok", summary.RootElement.GetProperty("configurations")[1].GetProperty("status").GetString());
                Assert.False(Hosts.IsRunning(host), $"the stalled host {host} is still there");
                return;
            }
            finally
            {
                KillAll(Hosts.ChildrenOf(tool.Id).Append(host));
            }
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
}
