using System.Globalization;

namespace GrpcBench;

/// <summary>
/// Page faults a process took over a span, from /proc/PID/stat: minor (a page mapped from memory, e.g. a fresh page
/// zeroed) and major (read from disk). What a fresh page costs is the machine's (<see cref="MemoryCost"/>), so the
/// count is the figure that carries to another machine.
/// </summary>
public sealed record PageFaults(long Minor, long Major)
{
    public static PageFaults operator -(PageFaults after, PageFaults before) => new(after.Minor - before.Minor, after.Major - before.Major);

    /// <summary>Minor faults a call, e.g. "1,234 minor (0 major) a call"; empty without calls.</summary>
    public string PerCall(long calls) => calls <= 0 ? "" : string.Create(CultureInfo.InvariantCulture,
        $"{Minor / (double)calls:#,0.#} minor ({Major / (double)calls:#,0.##} major) a call");

    /// <summary>The CPU ms a call its minor faults come to at <paramref name="freshPageUs"/> a fault.</summary>
    public double MsPerCall(long calls, double freshPageUs) => calls <= 0 ? 0 : Minor * freshPageUs / 1000 / calls;
}
