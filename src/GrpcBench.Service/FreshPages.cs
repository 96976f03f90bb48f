using System.Runtime.InteropServices;

namespace GrpcBench.Service;

/// <summary>A known number of page faults: pages mapped fresh, each written once, then unmapped (Linux; nothing elsewhere).</summary>
public static class FreshPages
{
    private const int Page = 4096, ProtReadWrite = 3, MapPrivateAnonymous = 0x22, MadvNoHugePage = 15;

    public static void Touch(int pages)
    {
        if (!OperatingSystem.IsLinux() || pages <= 0) return;
        var length = (nuint)pages * Page;
        var region = Mmap(0, length, ProtReadWrite, MapPrivateAnonymous, -1, 0);
        if (region == -1) throw new InvalidOperationException($"mmap of {pages} pages failed");
        try
        {
            // 4 KiB pages, a fault each, whatever the kernel's transparent huge-page mode.
            Madvise(region, length, MadvNoHugePage);
            for (var page = 0L; page < pages; page++) Marshal.WriteByte(region + (nint)(page * Page), 1);
        }
        finally
        {
            Munmap(region, length);
        }
    }

    [DllImport("libc", EntryPoint = "mmap")]
    private static extern nint Mmap(nint address, nuint length, int protection, int flags, int fd, nint offset);

    [DllImport("libc", EntryPoint = "madvise")]
    private static extern int Madvise(nint address, nuint length, int advice);

    [DllImport("libc", EntryPoint = "munmap")]
    private static extern int Munmap(nint address, nuint length);
}
