using System.Globalization;

namespace GrpcBench;

/// <summary>
/// What memory costs on the machine, measured on the host's CPU before a run's first configuration. A stack that lands
/// each 20 MiB message in fresh memory pays a fault a 4 KiB page: on the VM the reference runs were measured on that cost
/// about 12 µs (62 ms for a fresh 20 MiB, where rewriting mapped memory took 0.4 ms), on bare metal typically well under
/// 1 µs. So a figure of uploads moves with it between machines, and with how each stack reuses memory.
/// </summary>
/// <param name="FreshPageUs">Writing a 4 KiB page of newly mapped anonymous memory the first time (the fault, zeroing the page, and on a VM the hypervisor's share), median of the tries.</param>
/// <param name="WarmPageUs">Writing the same pages again, mapped now: what the fresh page's cost is beyond.</param>
/// <param name="FaultsPerMiB">Minor faults a fresh MiB took: 256 with 4 KiB pages, fewer where huge pages back it.</param>
/// <param name="CopyGiBPerSecond">Copying between two buffers already touched, beyond the CPU's caches: warm memory bandwidth.</param>
/// <param name="TransparentHugePages">The kernel's transparent huge-page mode (always, madvise or never), or "unknown".</param>
/// <param name="Cpu">The CPU it was measured on (the host's), or null where the thread could not be pinned.</param>
public sealed record MemoryCost(double FreshPageUs, double WarmPageUs, double FaultsPerMiB, double CopyGiBPerSecond, string TransparentHugePages, int? Cpu)
{
    /// <summary>A fresh page's cost on the machine of the reference runs under docs/ (a 2-core Debian VM), measured there on 2026-12-03.</summary>
    public const double ReferenceFreshPageUs = 12;

    /// <summary>A fresh page's cost the reports price faults at beside this machine's: bare metal's, typically (well under 1 µs).</summary>
    public const double TypicalBareMetalPageUs = 0.5;

    /// <summary>How many times the reference machine's fault cost this machine's is (below 1: cheaper).</summary>
    public double VersusReference() => FreshPageUs / ReferenceFreshPageUs;

    /// <summary>Whether this machine's fault cost is more than twice or less than half the reference machine's: its upload figures will not compare.</summary>
    public bool FarFromReference() => VersusReference() is > 2 or < 0.5;

    /// <summary>"a fresh 4 KiB page 11.8 µs (rewritten 0.02 µs, 256 faults a MiB), copies 6.1 GiB/s, huge pages madvise, on CPU 1".</summary>
    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"a fresh 4 KiB page {FreshPageUs:0.##} µs (rewritten {WarmPageUs:0.###} µs, {FaultsPerMiB:0} faults a MiB), copies {CopyGiBPerSecond:0.#} GiB/s, transparent huge pages {TransparentHugePages}{(Cpu is { } cpu ? $", on CPU {cpu}" : "")}");

    /// <summary>Where the fault cost is far from the reference machine's, one sentence that says so; else null.</summary>
    public string? Caution() => FarFromReference()
        ? string.Create(CultureInfo.InvariantCulture, $"a fresh page costs x{VersusReference():0.##} of the reference runs' machine ({FreshPageUs:0.##} against {ReferenceFreshPageUs:0} µs): figures of large messages, and which stack reuses memory better, will not compare with the reference runs")
        : null;
}
