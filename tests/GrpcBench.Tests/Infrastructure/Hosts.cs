using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

public static class Hosts
{
    public const string Kestrel = "GrpcBench.KestrelHost";

    public static Task<HostProcess> StartKestrelAsync(params string[] arguments) =>
        HostProcess.StartAsync(new HostLaunch(Kestrel, "net10.0", arguments));

    public static bool IsRunning(int pid) => Directory.Exists($"/proc/{pid}") && !IsZombie(pid);

    private static bool IsZombie(int pid)
    {
        try
        {
            // Field 3 of /proc/<pid>/stat is the state; Z is a process that exited but was not reaped.
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            return stat[(stat.LastIndexOf(')') + 2)..].StartsWith('Z');
        }
        catch (IOException)
        {
            return false;
        }
    }
}
