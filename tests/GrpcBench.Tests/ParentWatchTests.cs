using System.Diagnostics;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// A host stops once its launcher is dead, also when the launcher is a zombie (dead, not reaped: a signal still reaches
/// it, so asking whether its id exists says yes) or its id has gone to a newer process.
/// </summary>
public class ParentWatchTests
{
    [Fact]
    public async Task A_zombie_is_not_running_though_a_signal_still_reaches_it()
    {
        using var zombie = await ZombieAsync();

        Assert.Equal('Z', State(zombie.Pid));
        Assert.True(Signals.Send(zombie.Pid, 0));
        Assert.False(ParentWatch.IsRunning(zombie.Pid, null));
    }

    [Fact]
    public void A_process_id_that_now_names_a_newer_process_is_not_the_launcher()
    {
        var self = Environment.ProcessId;
        var started = ParentWatch.StartTime(self);

        Assert.NotNull(started);
        Assert.True(ParentWatch.IsRunning(self, started));
        Assert.False(ParentWatch.IsRunning(self, (long.Parse(started) - 1).ToString()));
    }

    [Fact]
    public async Task A_host_whose_launcher_became_a_zombie_stops_within_its_grace()
    {
        using var zombie = await ZombieAsync(becomesOneAfter: TimeSpan.FromSeconds(4));
        var assembly = new HostLaunch(Hosts.Kestrel, "net10.0", []).AssemblyPath;
        var start = DotnetRoots.StartInfo("net10.0", assembly, ["--parentPid", zombie.Pid.ToString()]);
        start.RedirectStandardOutput = true;
        using var host = Process.Start(start)!;
        try
        {
            Assert.Contains("\"event\":\"ready\"", await host.StandardOutput.ReadLineAsync());
            var limit = zombie.Remaining + ParentWatch.GraceAfterParent * 2 + TimeSpan.FromSeconds(5);
            await Task.WhenAny(host.WaitForExitAsync(), Task.Delay(limit));

            Assert.True(host.HasExited, $"the host still ran {limit.TotalSeconds:0} s after it started, its launcher a zombie");

            Assert.Equal('Z', State(zombie.Pid));
        }
        finally
        {
            if (!host.HasExited) host.Kill();
        }
    }

    /// <summary>
    /// A child of sh that exits while sh has become `sleep` (exec), which never reaps it: a zombie until the sleep ends.
    /// </summary>
    private static async Task<Zombie> ZombieAsync(TimeSpan? becomesOneAfter = null)
    {
        var after = becomesOneAfter ?? TimeSpan.FromMilliseconds(100);
        var start = new ProcessStartInfo("/bin/sh") { RedirectStandardOutput = true };
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add($"sleep {after.TotalSeconds:0.###} & echo $!; exec sleep 60");
        var keeper = Process.Start(start)!;
        var pid = int.Parse((await keeper.StandardOutput.ReadLineAsync())!);
        var clock = Stopwatch.StartNew();
        if (becomesOneAfter is null)
            while (State(pid) != 'Z' && clock.Elapsed < TimeSpan.FromSeconds(10)) await Task.Delay(20);
        return new Zombie(keeper, pid, after);
    }

    private static char? State(int pid) =>
        File.Exists($"/proc/{pid}/stat") && File.ReadAllText($"/proc/{pid}/stat") is var stat ? stat[stat.LastIndexOf(')') + 2] : null;

    private sealed record Zombie(Process Keeper, int Pid, TimeSpan Remaining) : IDisposable
    {
        public void Dispose()
        {
            if (!Keeper.HasExited) Keeper.Kill();
            Keeper.Dispose();
        }
    }
}
