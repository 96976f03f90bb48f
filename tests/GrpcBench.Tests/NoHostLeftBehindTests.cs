using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>Whatever happens to the load tool (Ctrl+C, a kill), its hosts and load workers go with it.</summary>
public class NoHostLeftBehindTests
{
    [Theory]
    [InlineData(Signals.Interrupt)]
    [InlineData(Signals.Kill)]
    public async Task Hosts_and_workers_stop_when_the_load_tool_is_interrupted_or_killed_mid_run(int signal)
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-interrupted-" + Guid.NewGuid().ToString("N"));
        using var tool = StartTool("--quick", "--phases", "=5x60", "--out", folder);
        var children = await WaitForAsync(() => ChildrenOf(tool.Id), found => found.Count == 2, TimeSpan.FromSeconds(60));
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

    private static Process StartTool(params string[] arguments)
    {
        var start = new ProcessStartInfo(Path.Combine(DotnetRoots.SystemRoot, "dotnet")) { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(Hosts.LoadToolAssembly);
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        var process = Process.Start(start)!;
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return process;
    }

    /// <summary>Hosts carry --parentPid, load workers --parent-pid, with the id of the process that started them.</summary>
    private static List<int> ChildrenOf(int parentPid) =>
        Directory.EnumerateDirectories("/proc")
            .Select(d => int.TryParse(Path.GetFileName(d), out var pid) ? pid : 0)
            .Where(pid => pid > 0 && Hosts.CommandLine(pid) is var args
                && (args.Contains($"--parentPid\0{parentPid}\0") || args.Contains($"--parent-pid\0{parentPid}\0")))
            .ToList();

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
