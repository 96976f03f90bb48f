using System.Globalization;

namespace GrpcBench.Load.Results;

/// <summary>
/// The physics of a capacity: the rate held times the host's CPU per call at it, over the host's CPUs, is the share of
/// them the capacity keeps busy. A search the host ended lands near 1; under <see cref="Lower"/> something else held it
/// back (the client, the sender, one caller's latency), and over <see cref="Upper"/> the host spent more CPU than it
/// has, so a CPU time, a call count or the span they share is wrong. Either way the row is flagged, never compared silently.
/// </summary>
public static class PhysicsCheck
{
    public const double Lower = 0.5, Upper = 1.1;

    /// <summary><paramref name="perSecond"/> x <paramref name="hostCpuMsPerCall"/>, over <paramref name="hostCpus"/>; null where any is unknown.</summary>
    public static double? Of(double? perSecond, double? hostCpuMsPerCall, int? hostCpus) =>
        perSecond is { } rate && hostCpuMsPerCall is { } ms && hostCpus is > 0 and var cpus ? rate * ms / 1000 / cpus : null;

    public static bool Fails(double? share) => share is < Lower or > Upper;

    /// <summary>Null where <paramref name="share"/> is within 0.5-1.1 (or unknown); else what it means, in words.</summary>
    public static string? Flag(double? share) => share is not { } s || !Fails(s) ? null
        : string.Create(CultureInfo.InvariantCulture, $"physics: capacity x host CPU per call is {s:0.00} of the host's CPUs, outside {Lower:0.0}-{Upper:0.0}: ")
          + (s < Lower
              ? "the host was not what ended the search (the client, the sender or latency held it back), so this capacity is not the server's"
              : "more CPU than the host has, so a CPU time, a call count or the span they share is wrong; do not compare this row");
}
