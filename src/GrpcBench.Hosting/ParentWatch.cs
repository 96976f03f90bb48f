using System.Diagnostics;

namespace GrpcBench.Hosting;

/// <summary>
/// Stops a host whose launcher has died, even by SIGKILL, when no handler of the launcher could run:
/// the bench must never leave a host behind.
/// </summary>
public static class ParentWatch
{
    /// <summary>How long a process whose launcher died may take to stop gracefully before it exits anyway.</summary>
    public static readonly TimeSpan GraceAfterParent = TimeSpan.FromSeconds(5);

    /// <summary>The exit code of a process that did not stop within <see cref="GraceAfterParent"/> of its launcher's death.</summary>
    public const int ExitParentGone = 3;

    public static void StopWhenGone(int? parentPid, Action stop)
    {
        if (parentPid is not { } pid) return;
        var parent = StartTime(pid);
        _ = Task.Run(async () =>
        {
            while (IsRunning(pid, parent)) await Task.Delay(TimeSpan.FromMilliseconds(500));
            stop();
            // No one is left to read what a graceful stop would write: one that hangs (calls in flight, a loaded machine) is cut short.
            await Task.Delay(GraceAfterParent);
            // Exit runs the exit handlers, and one that blocks (a native library's shutdown) would keep the process: a kill backs it.
            new Thread(() => { Thread.Sleep(GraceAfterParent); Process.GetCurrentProcess().Kill(); }) { IsBackground = true }.Start();
            Environment.Exit(ExitParentGone);
        });
    }

    /// <summary>
    /// Whether the process that had <paramref name="startTime"/> still runs: not when it is gone, a zombie (dead, not yet
    /// reaped: a signal still reaches it) or its id now names a newer process. Where there is no /proc, whether the id exists.
    /// </summary>
    public static bool IsRunning(int pid, string? startTime)
    {
        if (!Directory.Exists("/proc/self")) return ExistsById(pid);
        return Stat(pid) is { } stat && stat.State is not ('Z' or 'X') && (startTime is null || stat.StartTime == startTime);
    }

    /// <summary>When the process started, in clock ticks since boot (/proc/PID/stat), or null when it is not there.</summary>
    public static string? StartTime(int pid) => Stat(pid)?.StartTime;

    private static (char State, string StartTime)? Stat(int pid)
    {
        try
        {
            // The command name, in parentheses, may hold spaces: fields are counted after its closing one (proc(5)).
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
            return (fields[0][0], fields[19]);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static bool ExistsById(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }
}
