using System.Diagnostics;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <param name="StartPerSecond">The first rate: every search of a mix starts here and doubles, so that all share these rungs.</param>
/// <param name="Resolution">Stop once the lowest rate missed is within this fraction above the highest held.</param>
/// <param name="Budget">Stop before a probe that would end beyond it (each probe taking about <paramref name="ProbeTime"/>).</param>
public sealed record SearchLimits(double StartPerSecond, double MinPerSecond, double MaxPerSecond, double Resolution, int MaxProbes, TimeSpan Budget, TimeSpan ProbeTime);

/// <summary>The outcome of a search: the highest rate held (null if none), why it stopped there, and its probes in the order run.</summary>
public sealed record SearchOutcome(double? CallsPerSecond, string Bound, IReadOnlyList<CapacityProbe> Probes);

/// <summary>
/// Finds the highest steady rate a configuration holds: doubles from the start rate until a rate misses (halves
/// until one holds, if the start misses), then bisects, geometrically, between the highest rate held and the lowest
/// missed, each probe a fresh steady phase. Rates are kept to three significant digits.
/// </summary>
public static class CapacitySearch
{
    public const string ByResolution = "resolution";
    public const string ByBudget = "budget";
    public const string ByProbeCount = "probe count";
    public const string LowestMissed = "lowest rate missed";
    public const string HighestHeld = "highest rate held";
    public const string Cancelled = "cancelled";

    public static async Task<SearchOutcome> RunAsync(SearchLimits limits, Func<double, Task<CapacityProbe>> probe, CancellationToken cancellationToken)
    {
        var probes = new List<CapacityProbe>();
        var clock = Stopwatch.StartNew();
        double? held = null, missed = null;
        var rate = Round(limits.StartPerSecond);
        while (true)
        {
            if (cancellationToken.IsCancellationRequested) return new(held, Cancelled, probes);
            if (probes.Count >= limits.MaxProbes) return new(held, ByProbeCount, probes);
            if (probes.Count > 0 && clock.Elapsed + limits.ProbeTime > limits.Budget) return new(held, ByBudget, probes);

            var result = await probe(rate);
            probes.Add(result);
            if (result.Held) held = Math.Max(held ?? 0, rate);
            else missed = Math.Min(missed ?? double.MaxValue, rate);

            double next;
            if (missed is null)
            {
                if (rate >= limits.MaxPerSecond) return new(held, HighestHeld, probes);
                next = Math.Min(limits.MaxPerSecond, rate * 2);
            }
            else if (held is null)
            {
                if (rate <= limits.MinPerSecond) return new(null, LowestMissed, probes);
                next = Math.Max(limits.MinPerSecond, rate / 2);
            }
            else
            {
                if (missed.Value <= held.Value * (1 + limits.Resolution)) return new(held, ByResolution, probes);
                next = Round(Math.Sqrt(held.Value * missed.Value));
                if (next <= held.Value || next >= missed.Value) return new(held, ByResolution, probes);
            }
            rate = Round(next);
        }
    }

    /// <summary>Three significant digits, and no finer than 0.01/s (what an inject phase can offer).</summary>
    public static double Round(double perSecond)
    {
        if (perSecond <= 0) return 0;
        var digits = Math.Max(0, 2 - (int)Math.Floor(Math.Log10(perSecond)));
        return Math.Round(perSecond, Math.Min(digits, 2), MidpointRounding.AwayFromZero);
    }
}
