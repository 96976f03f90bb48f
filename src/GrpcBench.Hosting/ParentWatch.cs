using System.Diagnostics;

namespace GrpcBench.Hosting;

/// <summary>
/// Stops a host whose launcher has died, even by SIGKILL, when no handler of the launcher could run:
/// the bench must never leave a host behind.
/// </summary>
public static class ParentWatch
{
    public static void StopWhenGone(int? parentPid, Action stop)
    {
        if (parentPid is not { } pid) return;
        _ = Task.Run(async () =>
        {
            while (IsAlive(pid)) await Task.Delay(TimeSpan.FromMilliseconds(500));
            stop();
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
