using System.Diagnostics;
using System.Runtime.InteropServices;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

/// <summary>Whatever happens to the tool that started them (Ctrl+C, a crash), its hosts go with it.</summary>
public class NoHostLeftBehindTests
{
    private const int Sigint = 2, Sigkill = 9;

    [Theory]
    [InlineData(Sigint)]
    [InlineData(Sigkill)]
    public async Task Hosts_stop_when_the_probe_is_interrupted_or_killed_mid_run(int signal)
    {
        var probe = new ProcessStartInfo(Path.Combine(DotnetRoots.SystemRoot, "dotnet"))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in new[]
                 {
                     Path.Combine(DotnetRoots.RepositoryRoot, "src", "GrpcBench.TransportProbe", "bin", BuildConfiguration.Current, "net10.0", "GrpcBench.TransportProbe.dll"),
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

        Assert.Equal(0, Kill(process.Id, signal));
        using (var exit = new CancellationTokenSource(TimeSpan.FromSeconds(15))) await process.WaitForExitAsync(exit.Token);

        var left = await WaitForAsync(() => hosts.Where(IsRunning).ToList(), alive => alive.Count == 0, TimeSpan.FromSeconds(10));
        Assert.Empty(left);
    }

    /// <summary>Hosts started by a launcher carry --parentPid with its process id.</summary>
    private static List<int> HostsOf(int parentPid) =>
        Directory.EnumerateDirectories("/proc")
            .Select(d => int.TryParse(Path.GetFileName(d), out var pid) ? pid : 0)
            .Where(pid => pid > 0 && CommandLine(pid) is var args && args.Contains("GrpcBench.KestrelHost.dll") && args.Contains($"--parentPid\0{parentPid}\0"))
            .ToList();

    private static bool IsRunning(int pid) => CommandLine(pid).Length > 0;

    private static string CommandLine(int pid)
    {
        try { return File.ReadAllText($"/proc/{pid}/cmdline"); }
        catch (IOException) { return ""; }
        catch (UnauthorizedAccessException) { return ""; }
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

    [DllImport("libc", EntryPoint = "kill", SetLastError = true)]
    private static extern int Kill(int pid, int signal);
}
