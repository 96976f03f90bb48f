using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>Whatever happens to the load tool (Ctrl+C, a kill), its hosts and load workers go with it.</summary>
[FullSuite]
public class NoHostLeftBehindTests
{
    [Theory]
    [InlineData(Signals.Interrupt)]
    [InlineData(Signals.Kill)]
    public async Task Hosts_and_workers_stop_when_the_load_tool_is_interrupted_or_killed_mid_run(int signal)
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-interrupted-" + Guid.NewGuid().ToString("N"));
        using var tool = Hosts.StartLoadTool("--quick", "--phases", "=5x60", "--out", folder);
        tool.BeginOutputReadLine();
        tool.BeginErrorReadLine();
        var children = await WaitForAsync(() => Hosts.ChildrenOf(tool.Id), found => found.Count == 2, TimeSpan.FromSeconds(60));
        Assert.Equal(2, children.Count);
        await Task.Delay(2000);

        Assert.True(Signals.Send(tool.Id, signal));
        using (var exit = new CancellationTokenSource(TimeSpan.FromSeconds(30))) await tool.WaitForExitAsync(exit.Token);

        var left = await WaitForAsync(() => children.Where(Hosts.IsRunning).ToList(), alive => alive.Count == 0, TimeSpan.FromSeconds(10));
        Assert.Empty(left);
        if (signal != Signals.Interrupt) return;
        // Ctrl+C: what ran is kept, and the run says it was cancelled.
        Assert.Equal(1, tool.ExitCode);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        Assert.Equal("cancelled", summary.RootElement.GetProperty("status").GetString());
        Assert.Equal("cancelled", summary.RootElement.GetProperty("configurations")[0].GetProperty("status").GetString());
    }

    private static async Task<T> WaitForAsync<T>(Func<T> read, Func<T, bool> done, TimeSpan limit)
    {
        var clock = Stopwatch.StartNew();
        var value = read();
        while (!done(value) && clock.Elapsed < limit)
        {
            await Task.Delay(100);
            value = read();
        }
        return value;
    }
}
