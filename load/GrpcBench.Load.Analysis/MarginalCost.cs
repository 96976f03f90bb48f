using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// What one more call costs a side: the slope of its CPU time per second over the searched calls per second, fitted
/// by least squares across the held probes of a search (two rates at least), and the intercept, the CPU a second it
/// spends whatever the rate (the mix's other scenarios at their fixed rates, timers, idle spinning). Unlike the CPU
/// per call at one rate, the slope is not inflated by the fixed part, so capacity x slope can be checked against the
/// CPUs the side has. Idle thread-pool workers' spinning is not quite fixed: it shrinks as calls take its CPU, so on a
/// spinning host the slope reads somewhat low (8.4 ms for calls of a known 10 ms was seen), never high.
/// </summary>
public sealed record MarginalCost(double MsPerCall, double FixedMsPerSecond, int Rates)
{
    /// <summary>The bounds of capacity x marginal cost over the host's CPUs for a server-bound search: outside them, a figure is wrong.</summary>
    public const double PhysicsLower = 0.7, PhysicsUpper = 1.1;

    /// <summary>
    /// The host's marginal cost over <paramref name="search"/>'s held probes, in the order they ran, leaving out the first
    /// where the others still span two rates: the first probe follows the host's start, and its CPU still carries the
    /// JIT's and tiering's warm-up (14 ms a call of a known 10 ms was seen there, 10.2-11.3 ms beyond), which tilts the
    /// slope low because the first probe is also the slowest rate. Given the host's CPUs, probes that kept them
    /// <see cref="SaturatedShare"/> busy or more are left out too: there the CPU cannot rise with the rate, and a held
    /// probe's calls outrun what the host finishes (a known 10 ms host, its one CPU full from 84.9/s offered, read
    /// 10.4 ms a call at 101/s, flattening the slope to 7.2 ms). Null with fewer than two rates at least 1.5x apart, and
    /// where the host's CPU did not grow with the rate (a slope of zero or less, as on getInt's hosts, whose thread pool
    /// spins the same 800-970 ms a second at any rate): no call costs nothing or less, and such a slope is no cost.
    /// </summary>
    public static MarginalCost? OfHost(CapacityResult search, int? hostCpus = null)
    {
        var points = search.Probes.Where(p => p.Held && p.Seconds > 0 && p.ServerCpuSeconds is not null)
            .Select(p => ((p.SearchedCalls ?? p.Scenario(search.Scenario)?.Invocations ?? 0) / p.Seconds, 1000 * p.ServerCpuSeconds!.Value / p.Seconds))
            .Where(p => hostCpus is not { } cpus || p.Item2 < SaturatedShare * 1000 * cpus)
            .ToList();
        return Of(points.Skip(1)) ?? Of(points);
    }

    /// <summary>The share of its CPUs a side's busy time reaches where the marginal cost no longer reads off its CPU.</summary>
    public const double SaturatedShare = 0.9;

    public static MarginalCost? Of(IEnumerable<(double CallsPerSecond, double CpuMsPerSecond)> points)
    {
        var list = points.Where(p => p.CallsPerSecond > 0).ToList();
        if (list.Count < 2 || list.Max(p => p.CallsPerSecond) < 1.5 * list.Min(p => p.CallsPerSecond)) return null;
        var (x, y) = (list.Average(p => p.CallsPerSecond), list.Average(p => p.CpuMsPerSecond));
        var slope = list.Sum(p => (p.CallsPerSecond - x) * (p.CpuMsPerSecond - y)) / list.Sum(p => (p.CallsPerSecond - x) * (p.CallsPerSecond - x));
        if (slope <= 0) return null;
        return new MarginalCost(slope, y - slope * x, list.Select(p => p.CallsPerSecond).Distinct().Count());
    }
}
