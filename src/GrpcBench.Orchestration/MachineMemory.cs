using System.Runtime.InteropServices;

namespace GrpcBench.Orchestration;

/// <summary>
/// What memory costs on this machine (<see cref="MemoryCost"/>), measured in well under a second on the CPU the host
/// will run on: 16 MiB of newly mapped anonymous memory written a byte a page, seven times, the median of each's CPU time
/// a page (the faults are the thread's own, in its system time), the same pages written again, and copies between two
/// warm 64 MiB buffers.
/// </summary>
public static class MachineMemory
{
    private const int RegionBytes = 16 * 1024 * 1024, Page = 4096, Tries = 7, CopyBytes = 64 * 1024 * 1024;

    /// <summary>The cost measured on <paramref name="cpu"/> (unpinned where null or where the thread cannot be pinned); null off Linux.</summary>
    public static MemoryCost? Measure(int? cpu)
    {
        if (!OperatingSystem.IsLinux()) return null;
        MemoryCost? cost = null;
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                var pinned = cpu is { } c && ThisThread.PinTo(c);
                var tries = Enumerable.Range(0, Tries).Select(_ => TouchFresh()).ToList();
                double Median(Func<(double Fresh, double Warm, double Faults), double> of) => tries.Select(of).Order().ElementAt(Tries / 2);
                cost = new MemoryCost(Math.Round(Median(t => t.Fresh), 3), Math.Round(Median(t => t.Warm), 4), Math.Round(Median(t => t.Faults), 1),
                    Math.Round(CopyGiBPerSecond(), 2), TransparentHugePages(), pinned ? cpu : null);
            }
            catch (Exception e) when (e is InvalidOperationException or DllNotFoundException or EntryPointNotFoundException)
            {
                failure = e;
            }
        }) { IsBackground = true, Name = "machine memory" };
        thread.Start();
        thread.Join();
        return failure is null ? cost : null;
    }

    /// <summary>Microseconds a page written fresh and written again, and the minor faults a MiB took.</summary>
    private static (double Fresh, double Warm, double Faults) TouchFresh()
    {
        var region = Mmap(0, RegionBytes, ProtReadWrite, MapPrivateAnonymous, -1, 0);
        if (region == MapFailed) throw new InvalidOperationException("mmap failed");
        try
        {
            var faults = ThisThread.MinorFaults();
            var fresh = TimedNs(() => WriteEveryPage(region));
            faults = ThisThread.MinorFaults() - faults;
            var warm = TimedNs(() => WriteEveryPage(region));
            const double pages = RegionBytes / Page;
            return (fresh / pages / 1000, warm / pages / 1000, faults / (RegionBytes / (1024.0 * 1024)));
        }
        finally
        {
            Munmap(region, RegionBytes);
        }
    }

    private static void WriteEveryPage(nint region)
    {
        for (var offset = 0; offset < RegionBytes; offset += Page) Marshal.WriteByte(region, offset, 1);
    }

    private static double CopyGiBPerSecond()
    {
        var source = new byte[CopyBytes];
        var target = new byte[CopyBytes];
        source.AsSpan().Fill(1);
        target.AsSpan().Fill(2);
        var best = Enumerable.Range(0, 3).Min(_ => TimedNs(() => source.AsSpan().CopyTo(target)));
        return CopyBytes / (1024.0 * 1024 * 1024) / (best / 1e9);
    }

    private static long TimedNs(Action work)
    {
        var start = ThisThread.CpuNs();
        work();
        return ThisThread.CpuNs() - start;
    }

    /// <summary>The bracketed mode of /sys/kernel/mm/transparent_hugepage/enabled, e.g. "madvise" of "always [madvise] never".</summary>
    public static string TransparentHugePages(string path = "/sys/kernel/mm/transparent_hugepage/enabled")
    {
        try
        {
            var text = File.ReadAllText(path);
            var open = text.IndexOf('[');
            var close = text.IndexOf(']', open + 1);
            return open >= 0 && close > open ? text[(open + 1)..close] : "unknown";
        }
        catch (IOException)
        {
            return "unknown";
        }
        catch (UnauthorizedAccessException)
        {
            return "unknown";
        }
    }

    private const int ProtReadWrite = 3, MapPrivateAnonymous = 0x22;
    private static readonly nint MapFailed = -1;

    [DllImport("libc", EntryPoint = "mmap", SetLastError = true)]
    private static extern nint Mmap(nint address, nuint length, int protection, int flags, int fd, nint offset);

    [DllImport("libc", EntryPoint = "munmap", SetLastError = true)]
    private static extern int Munmap(nint address, nuint length);
}
