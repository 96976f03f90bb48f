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
/// missed, each probe a fresh steady phase. Rates are kept to three significant digits. Every search of a mix doubles
/// from the same start, so all share those rates; a repeat starts from where the first search ended instead.
/// </summary>
public static class CapacitySearch
{
    public const string ByResolution = "resolution";
    public const string ByBudget = "budget";
    public const string ByProbeCount = "probe count";
    public const string LowestMissed = "lowest rate missed";
    public const string HighestHeld = "highest rate held";
    public const string Cancelled = "cancelled";

    /// <summary>A miss at or below this fraction of the guess is probed again before it counts.</summary>
    public const double SuspectBelow = 0.8;

    /// <param name="guess">
    /// Where an earlier search of the same configuration ended: the search starts there and steps by the resolution,
    /// doubling the step each time (5 %, 10 %, 20 % ...), instead of doubling from the start rate.
    /// </param>
    /// <param name="first">A rate probed before anything else, and counted like any other (the rate all configurations are compared at).</param>
    public static async Task<SearchOutcome> RunAsync(SearchLimits limits, Func<double, Task<CapacityProbe>> probe, CancellationToken cancellationToken,
        double? guess = null, double? first = null)
    {
        var probes = new List<CapacityProbe>();
        var clock = Stopwatch.StartNew();
        // From a guess the bracket is found by stepping from it, the first probe (the common rate) aside: bisecting down
        // to a rate far below would take more probes than stepping.
        double? held = null, missed = null, heldStepping = null;
        var step = 0;
        // Rates probed, a rate probed again counting once.
        var tried = 0;
        double Step() => guess is null ? 2 : 1 + limits.Resolution * Math.Pow(2, step++);
        var rate = Round(first ?? guess ?? limits.StartPerSecond);
        while (true)
        {
            if (cancellationToken.IsCancellationRequested) return new(held, Cancelled, probes);
            if (probes.Count >= limits.MaxProbes) return new(held, ByProbeCount, probes);
            if (probes.Count > 0 && clock.Elapsed + limits.ProbeTime > limits.Budget) return new(held, ByBudget, probes);

            var result = await probe(rate);
            tried++;
            if (!result.Held && guess is { } earlier && rate <= SuspectBelow * earlier && probes.Count + 1 < limits.MaxProbes)
            {
                // Far below what an earlier search held: one slow call (a GC pause, a late timer) would otherwise end the
                // search there. The rate is probed once more, and the second probe decides.
                probes.Add(result);
                result = await probe(rate);
            }
            probes.Add(result);
            if (result.Held)
            {
                held = Math.Max(held ?? 0, rate);
                if (first is null || tried > 1) heldStepping = Math.Max(heldStepping ?? 0, rate);
            }
            else missed = Math.Min(missed ?? double.MaxValue, rate);
            var low = guess is null ? held : heldStepping;

            double next;
            if (first is not null && tried == 1 && Round(guess ?? limits.StartPerSecond) is var start && start != rate
                && (held is null ? start < rate : start > rate))
            {
                next = start;
            }
            else if (missed is null)
            {
                if (rate >= limits.MaxPerSecond) return new(held, HighestHeld, probes);
                next = Math.Min(limits.MaxPerSecond, rate * Step());
            }
            else if (low is null)
            {
                if (rate <= limits.MinPerSecond) return new(held, LowestMissed, probes);
                next = Math.Max(limits.MinPerSecond, rate / Step());
            }
            else
            {
                if (missed.Value <= low.Value * (1 + limits.Resolution)) return new(held, ByResolution, probes);
                next = Math.Sqrt(low.Value * missed.Value);
            }
            rate = Round(next);
            if (low is not null && missed is not null && (rate <= low.Value || rate >= missed.Value)) return new(held, ByResolution, probes);
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
