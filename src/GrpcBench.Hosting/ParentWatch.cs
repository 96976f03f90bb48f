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
        _ = Task.Run(async () =>
        {
            while (IsAlive(pid)) await Task.Delay(TimeSpan.FromMilliseconds(500));
            stop();
            // No one is left to read what a graceful stop would write: one that hangs (calls in flight, a loaded machine) is cut short.
            await Task.Delay(GraceAfterParent);
            Environment.Exit(ExitParentGone);
        });
    }

    private static bool IsAlive(int pid)
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
