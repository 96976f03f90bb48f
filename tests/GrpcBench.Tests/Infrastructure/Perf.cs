using System.ComponentModel;
using System.Diagnostics;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>Whether perf can sample here: installed, and allowed to (root, or a low perf_event_paranoid). CI runners may have neither.</summary>
public static class Perf
{
    public static bool CanRecord()
    {
        var data = Path.GetTempFileName();
        try
        {
            using var perf = Process.Start(new ProcessStartInfo("perf", ["record", "-q", "-e", "cpu-clock", "-o", data, "--", "true"]) { RedirectStandardOutput = true, RedirectStandardError = true })!;
            return perf.WaitForExit(30_000) && perf.ExitCode == 0;
        }
        catch (Win32Exception)
        {
            return false;
        }
        finally
        {
            File.Delete(data);
        }
    }
}
