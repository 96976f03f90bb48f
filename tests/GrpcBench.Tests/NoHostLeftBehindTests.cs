using System.Diagnostics;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>Whatever happens to the tool that started them (Ctrl+C, a crash), its hosts go with it.</summary>
public class NoHostLeftBehindTests
{
    [Theory]
    [InlineData(Signals.Interrupt)]
    [InlineData(Signals.Kill)]
    public async Task Hosts_stop_when_the_probe_is_interrupted_or_killed_mid_run(int signal)
    {
        var probe = new ProcessStartInfo(Path.Combine(DotnetRoots.SystemRoot, "dotnet"))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in new[]
                 {
                     Hosts.ProbeAssembly,
                     "--profiles", "default", "net6-windows", "--size-mib", "1", "--requests", "1000",
                     "--out", Path.Combine(Path.GetTempPath(), "grpcbench-interrupted-" + Guid.NewGuid()),
                 })
        {
            probe.ArgumentList.Add(argument);
        }
        using var process = Process.Start(probe)!;
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        var hosts = await WaitForAsync(() => HostsOf(process.Id), found => found.Count == 2, TimeSpan.FromSeconds(60));
        Assert.Equal(2, hosts.Count);
        await Task.Delay(500);

        Assert.True(Signals.Send(process.Id, signal));
        using (var exit = new CancellationTokenSource(TimeSpan.FromSeconds(15))) await process.WaitForExitAsync(exit.Token);

        var left = await WaitForAsync(() => hosts.Where(Hosts.IsRunning).ToList(), alive => alive.Count == 0, TimeSpan.FromSeconds(10));
        Assert.Empty(left);
    }

    /// <summary>Hosts started by a launcher carry --parentPid with its process id.</summary>
    private static List<int> HostsOf(int parentPid) =>
        Directory.EnumerateDirectories("/proc")
            .Select(d => int.TryParse(Path.GetFileName(d), out var pid) ? pid : 0)
            .Where(pid => pid > 0 && Hosts.CommandLine(pid) is var args && args.Contains("GrpcBench.KestrelHost.dll") && args.Contains($"--parentPid\0{parentPid}\0"))
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
