using GrpcBench.Load.Results;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// A screen's fits, one per figure, each effect a ratio: saturated throughput (which decides), the host's and the
/// client's CPU per call, the other scenario's p99 (getInt beside the uploads), the host's peak RSS and its page faults per call; null where too
/// few runs measured it. Runs that failed or measured nothing are left out.
/// </summary>
public sealed record ScreenFigures(ScreenFit? Throughput, ScreenFit? HostCpuPerCall, ScreenFit? ClientCpuPerCall, ScreenFit? OtherP99, ScreenFit? HostPeakRss)
{
    /// <summary>No fit at all: every effect "could not tell".</summary>
    public static readonly ScreenFigures None = new(null, null, null, null, null);

    /// <summary>The host's minor page faults per call, over the span of its CPU per call.</summary>
    public ScreenFit? HostFaultsPerCall { get; init; }

    /// <param name="runs">Each run's levels (-1 the default, +1 the value) and its result, in the order they ran.</param>
    /// <param name="blocks">Each run's design when several are fitted together; null for one design.</param>
    public static ScreenFigures Fit(int factors, IReadOnlyList<(IReadOnlyList<int> Levels, ConfigurationResult Result)> runs, double threshold, IReadOnlyList<int>? blocks = null)
    {
        ScreenFit? FitOf(Func<ConfigurationResult, double?> figure)
        {
            var measured = runs.Select((r, order) => (r.Levels, Order: order, Value: r.Result.Status == ConfigurationStatus.Ok ? figure(r.Result) : null, Block: blocks?[order] ?? 0))
                .Where(r => r.Value is > 0 && double.IsFinite(r.Value.Value)).Select(r => new ScreenRun(r.Levels, r.Order, r.Value!.Value, r.Block, runs[r.Order].Result.Throughput?.MachineMs)).ToList();
            try
            {
                return FactorialAnalysis.Fit(measured, factors, threshold);
            }
            catch (ArgumentException)
            {
                return null;
            }
        }
        return new ScreenFigures(
            FitOf(r => r.Throughput?.PerSecond),
            FitOf(r => r.Throughput?.HostCpuMsPerCall),
            FitOf(r => r.Throughput?.ClientCpuMsPerCall),
            FitOf(r => r.Throughput?.OtherP99Ms.Values.FirstOrDefault() is > 0 and var p99 ? p99 : null),
            FitOf(r => r.ServerPeakRssMiB))
        {
            HostFaultsPerCall = FitOf(r => r.ServerFaults is { } faults && r.Throughput is { Calls: > 0 } t ? faults.Minor / (double)t.Calls : null),
        };
    }
}

/// <summary>The spread of a handful of runs, and the threshold a screen of them can decide at.</summary>
public static class ScreenStatistics
{
    /// <summary>The standard deviation of the values' logarithms: about their coefficient of variation.</summary>
    public static double LogSpread(IReadOnlyList<double> values)
    {
        if (values.Count < 2) throw new ArgumentException("a spread needs two values", nameof(values));
        var logs = values.Select(v => Math.Log(v)).ToList();
        var mean = logs.Average();
        return Math.Sqrt(logs.Sum(l => (l - mean) * (l - mean)) / (logs.Count - 1));
    }

    /// <summary>
    /// The threshold a screen of <paramref name="runs"/> runs at <paramref name="spread"/> can call "no effect" at for a
    /// value that does nothing: an effect's standard error is 2 spread / sqrt(runs), and a null effect's estimate is
    /// about one standard error from 0, so the 90 % interval reaches about 2.7 standard errors. Never below
    /// <paramref name="asked"/>; rounded up to a whole per cent; at most <see cref="WidestThreshold"/>.
    /// </summary>
    public static double DecidableThreshold(double asked, double spread, int runs)
    {
        var reach = Math.Exp(2.7 * 2 * spread / Math.Sqrt(Math.Max(1, runs))) - 1;
        return Math.Min(WidestThreshold, Math.Max(asked, Math.Ceiling(reach * 100) / 100));
    }

    /// <summary>The share of the applicable values a screen is to decide (issue 40: 90 %).</summary>
    public const double DecidedShare = 0.9;

    /// <summary>
    /// The narrowest threshold at which the fit's 95 % intervals <paramref name="intervals"/> (ratios, on
    /// <paramref name="degreesOfFreedom"/>) give at least <paramref name="share"/> of the values a verdict whatever their
    /// effects: a value whose estimate lies within t95 standard errors of 0 has its 90 % interval within (t95 + t90)
    /// standard errors, so at exp((t95 + t90) SE) - 1 it is "no effect" where it is not "helps" or "hurts". It depends on
    /// the intervals' widths (the run spread and the runs each value had), not on where they lie, so widening to it does
    /// not pick a threshold to suit the effects. Never below <paramref name="asked"/>; rounded up to a whole per cent; at
    /// most <see cref="WidestThreshold"/>.
    /// </summary>
    public static double ThresholdDeciding(double asked, IReadOnlyList<(double Lower, double Upper)> intervals, int degreesOfFreedom, double share = DecidedShare)
    {
        if (intervals.Count == 0 || degreesOfFreedom < 1) return asked;
        var student = new StudentDistribution(degreesOfFreedom);
        double t95 = student.Quantile(0.975), t90 = student.Quantile(0.95);
        var needed = intervals.Select(i => Math.Exp((t95 + t90) * Math.Log(i.Upper / i.Lower) / (2 * t95)) - 1).Order().ToList();
        var guaranteed = needed[Math.Max(0, (int)Math.Ceiling(share * needed.Count) - 1)];
        return Math.Min(WidestThreshold, Math.Max(asked, Math.Ceiling(guaranteed * 100 - 1e-9) / 100));
    }

    /// <summary>
    /// ±99 %: runs that spread more (a machine busy with something else) decide nothing below a factor of two either way,
    /// and a relative threshold must stay below 1 (<see cref="Statistics.Compare"/>; 5.84 on a contended machine stopped an advise run).
    /// </summary>
    public const double WidestThreshold = 0.99;
}
