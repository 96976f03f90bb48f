using System.Globalization;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// A process started as a background job of a non-interactive shell (`bash .ci/run &`) ignores SIGINT, and so does
/// everything it starts: .NET keeps an inherited "ignore" for SIGINT, so a Ctrl+C test could only time out.
/// </summary>
public static class InterruptibleChildren
{
    public static void Require()
    {
        var ignored = File.ReadLines("/proc/self/status").First(l => l.StartsWith("SigIgn:", StringComparison.Ordinal));
        var mask = ulong.Parse(ignored["SigIgn:".Length..].Trim(), NumberStyles.HexNumber);
        Assert.False((mask & (1UL << (Signals.Interrupt - 1))) != 0,
            "SIGINT is ignored in this test process (it runs as a background job of a non-interactive shell), so the load tool it starts cannot be interrupted: run the tests in the foreground");
    }
}
