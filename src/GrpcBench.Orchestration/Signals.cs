using System.Runtime.InteropServices;

namespace GrpcBench.Orchestration;

/// <summary>POSIX signals to a process by id; .NET has no API for any but SIGKILL.</summary>
public static class Signals
{
    public const int Interrupt = 2, Kill = 9, Terminate = 15, Continue = 18;

    /// <summary>True if the signal was delivered.</summary>
    public static bool Send(int pid, int signal) => SendSignal(pid, signal) == 0;

    [DllImport("libc", EntryPoint = "kill", SetLastError = true)]
    private static extern int SendSignal(int pid, int signal);
}
