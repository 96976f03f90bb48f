using System.Globalization;
using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;
using Perfolizer.Mathematics.QuantileEstimators;
using Perfolizer.Mathematics.SignificanceTesting;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Metrology;
using Probability = Pragmastat.Probability;
using Sample = Pragmastat.Sample;

namespace GrpcBench.Load.Analysis;

/// <summary>Median and an interval of a handful of repeats.</summary>
/// <param name="Count">The values behind the interval: runs for a median, run pairs (base × diff) for a ratio.</param>
public sealed record Interval(double Median, double Lower, double Upper, int Count)
{
    /// <summary>What [Lower, Upper] is, for the column header: "95 % CI" only where the coverage is at least 95 %,
    /// otherwise "range of N runs" (or "1 run").</summary>
    public string Kind { get; init; } = Statistics.MedianIntervalKind(Count);

    /// <summary>"41.2 [38, 44.9]"; "41.2 (1 run, no interval)". The kind is left to the column header.</summary>
    public string Describe(string format = "0.#") =>
        Count == 1 ? $"{Format(Median, format)} (1 run, no interval)"
        : $"{Format(Median, format)} [{Format(Lower, format)}, {Format(Upper, format)}]";

    private static string Format(double value, string format) => value.ToString(format, CultureInfo.InvariantCulture);
}

/// <summary>Unknown: too few samples, or too noisy to tell at this threshold.</summary>
public enum Decision { Faster, Slower, Same, Unknown }

/// <summary>Diff against base.</summary>
/// <param name="Ratio">median(diff) / median(base).</param>
/// <param name="PValue">Of the test behind the decision; for Unknown, the smallest of the three (beyond above, beyond
/// below, equivalent); null where no test ran or none could (no spread at all).</param>
/// <param name="Test">"Welch TOST", "Mann-Whitney TOST", or "none (why)".</param>
public sealed record Comparison(Decision Decision, double Ratio, double? PValue, string Test);

/// <summary>Medians, intervals and base/diff decisions over the repeats of a configuration, in the manner of
/// dotnet/performance's ResultsComparer (an equivalence test at a relative threshold), at α = 0.05.</summary>
public static class Statistics
{
    private const double Alpha = 0.05;
    private const double Confidence = 0.95;

    /// <summary>From this many values a side, Mann-Whitney; below, Welch's t-test on the logarithms.</summary>
    private const int MannWhitneyMinimumSize = 20;

    private const int MinimumRunsForRatioCi = 6;

    /// <summary>
    /// The sample median, and the distribution-free order-statistic interval [x(k), x(n+1-k)] with the largest k whose
    /// coverage, 1 - 2·P(Binomial(n, ½) &lt; k), is still at least 95 %. No such interval exists below 6 values: there
    /// the interval is the range of the repeats, [min, max], whose coverage is only 1 - 2/2^n (75 % for 3 runs, 94 %
    /// for 5), and <see cref="Interval.Kind"/> says "range of N runs".
    /// </summary>
    public static Interval MedianInterval(IReadOnlyList<double> samples)
    {
        var sorted = Sorted(samples, nameof(samples));
        int n = sorted.Length;
        int k = OrderStatisticIndex(n) ?? 0;
        return new Interval(Median(sorted), sorted[k], sorted[n - 1 - k], n);
    }

    /// <param name="threshold">Relative, e.g. 0.1: "Same" is within ±10 %, "Faster"/"Slower" beyond it.</param>
    /// <param name="higherIsBetter">True for capacity (diff higher = Faster); false for latency and cost (diff lower = Faster).</param>
    /// <remarks>
    /// Two one-sided tests against each bound, base·(1 - threshold) and base·(1 + threshold): diff significantly above
    /// the upper bound or below the lower one is Faster/Slower; significantly above the lower AND below the upper
    /// (TOST) is Same; anything else (an interval that takes in a bound) is Unknown. Values must be positive (ratios
    /// are what matter); a non-positive one makes the comparison Unknown.
    /// </remarks>
    public static Comparison Compare(IReadOnlyList<double> baseline, IReadOnlyList<double> diff, double threshold, bool higherIsBetter)
    {
        if (!(threshold > 0 && threshold < 1))
            throw new ArgumentOutOfRangeException(nameof(threshold), threshold, "A relative threshold, between 0 and 1.");
        var b = Sorted(baseline, nameof(baseline));
        var d = Sorted(diff, nameof(diff));
        double ratio = Median(d) / Median(b);
        if (b.Length < 2 || d.Length < 2)
            return new Comparison(Decision.Unknown, ratio, null, "none (fewer than 2 runs a side)");
        if (b[0] <= 0 || d[0] <= 0)
            return new Comparison(Decision.Unknown, ratio, null, "none (a value is not positive)");

        // Under 20 a side (repeats, a short run's windows): Welch on logarithms, as Mann-Whitney cannot reach p < 0.05 at 3 vs 3; 20+: Mann-Whitney.
        bool manyValues = Math.Min(b.Length, d.Length) >= MannWhitneyMinimumSize;
        Func<double[], double[], double> greater = manyValues ? MannWhitneyGreater : WelchGreater;
        string test = manyValues ? "Mann-Whitney TOST" : "Welch TOST";

        double[] logDiff = Logs(d, 0), lowerBound = Logs(b, Math.Log(1 - threshold)), upperBound = Logs(b, Math.Log(1 + threshold));
        double pAbove = greater(logDiff, upperBound);
        double pBelow = greater(lowerBound, logDiff);
        double pSame = Math.Max(greater(logDiff, lowerBound), greater(upperBound, logDiff));

        if (pAbove < Alpha)
            return new Comparison(higherIsBetter ? Decision.Faster : Decision.Slower, ratio, pAbove, test);
        if (pBelow < Alpha)
            return new Comparison(higherIsBetter ? Decision.Slower : Decision.Faster, ratio, pBelow, test);
        if (pSame < Alpha)
            return new Comparison(Decision.Same, ratio, pSame, test);
        double closest = new[] { pAbove, pBelow, pSame }.Where(p => !double.IsNaN(p)).DefaultIfEmpty(double.NaN).Min();
        return new Comparison(Decision.Unknown, ratio, double.IsNaN(closest) ? null : closest, test);
    }

    /// <summary>
    /// median(diff) / median(base). With 6+ runs a side, a 95 % interval around it in logarithms: ± t(0.975, n - 1) ·
    /// √(se_base² + se_diff²), each se the Maritz-Jarrett standard error of the median of the logarithms (Perfolizer's
    /// Harrell-Davis estimator), n the smaller side. Asymptotic, no bootstrap; the Student quantile keeps small n on the
    /// safe side (96-99 % coverage in simulation at 6-15 runs on log-normal, exponential, uniform and bimodal data).
    /// With fewer runs, the range of all diff_i / base_j, whose coverage is not known: Kind says "range of N ratios".
    /// Values must be positive.
    /// </summary>
    public static Interval RatioInterval(IReadOnlyList<double> baseline, IReadOnlyList<double> diff)
    {
        var b = Sorted(baseline, nameof(baseline));
        var d = Sorted(diff, nameof(diff));
        if (b[0] <= 0 || d[0] <= 0)
            throw new ArgumentOutOfRangeException(b[0] <= 0 ? nameof(baseline) : nameof(diff), "Ratios need positive values.");
        double ratio = Median(d) / Median(b);
        int pairs = (int)Math.Min((long)b.Length * d.Length, int.MaxValue);

        if (Math.Min(b.Length, d.Length) < MinimumRunsForRatioCi)
            return new Interval(ratio, d[0] / b[^1], d[^1] / b[0], pairs) { Kind = pairs == 1 ? "1 run" : $"range of {pairs} ratios" };
        double standardError = Math.Sqrt(Math.Pow(LogMedianStandardError(b), 2) + Math.Pow(LogMedianStandardError(d), 2));
        var logInterval = new ConfidenceIntervalEstimator(Math.Min(b.Length, d.Length), Math.Log(ratio), standardError)
            .ConfidenceInterval(ConfidenceLevel.L95);
        return new Interval(ratio, Math.Exp(logInterval.Lower), Math.Exp(logInterval.Upper), pairs) { Kind = "95 % CI" };
    }

    internal static string MedianIntervalKind(int count) =>
        count == 1 ? "1 run" : OrderStatisticIndex(count) is null ? $"range of {count} runs" : "95 % CI";

    /// <summary>
    /// The largest 0-based k with P(Binomial(n, ½) ≤ k) ≤ 2.5 %, so that [x(k), x(n-1-k)] (0-based, sorted) holds the
    /// median with at least 95 % confidence; null where even [min, max] does not (n &lt; 6).
    /// </summary>
    private static int? OrderStatisticIndex(int n)
    {
        double tail = (1 - Confidence) / 2;
        double logPmf = -n * Math.Log(2); // P(B = 0), in logarithms: 2^-n underflows from n ≈ 1,075
        double cdf = Math.Exp(logPmf);
        if (cdf > tail)
            return null;
        for (int k = 0; ; k++)
        {
            logPmf += Math.Log(n - k) - Math.Log(k + 1); // P(B = k + 1)
            if (cdf + Math.Exp(logPmf) > tail)
                return k;
            cdf += Math.Exp(logPmf);
        }
    }

    /// <summary>One-sided Welch t-test, p of "x is greater than y" (Perfolizer's; NaN where neither sample varies).</summary>
    private static double WelchGreater(double[] x, double[] y) =>
        WelchTest.Instance.Perform(new Sample(x), new Sample(y), AlternativeHypothesis.Greater, Threshold.Zero).PValue.Value;

    /// <summary>
    /// One-sided Mann-Whitney U test, p of "x is greater than y": normal approximation with tie and continuity corrections.
    /// By hand because Perfolizer 0.6.1's MannWhitneyTest goes wrong beyond a few hundred values a side (its
    /// approximations overflow: NaN at 1,500 vs 1,500, p = 0 for two samples of one distribution at 20,000).
    /// </summary>
    private static double MannWhitneyGreater(double[] x, double[] y)
    {
        double[] values = [.. x, .. y];
        bool[] fromX = [.. x.Select(_ => true), .. y.Select(_ => false)];
        Array.Sort(values, fromX);

        int n = x.Length, m = y.Length, total = n + m;
        double rankSumX = 0, ties = 0;
        for (int i = 0; i < total;)
        {
            int j = i;
            while (j + 1 < total && values[j + 1] == values[i])
                j++;
            double midRank = (i + j + 2) / 2.0;
            for (int k = i; k <= j; k++)
                if (fromX[k])
                    rankSumX += midRank;
            double run = j - i + 1;
            ties += run * run * run - run;
            i = j + 1;
        }

        double u = rankSumX - n * (n + 1.0) / 2;
        double variance = (double)n * m / 12 * (total + 1 - ties / ((double)total * (total - 1)));
        if (variance <= 0)
            return double.NaN;
        double z = (u - (double)n * m / 2 - 0.5) / Math.Sqrt(variance);
        return NormalDistribution.Standard.Cdf(-z);
    }

    private static double[] Sorted(IReadOnlyList<double> values, string name)
    {
        if (values.Count == 0)
            throw new ArgumentException("No values.", name);
        if (values.Any(v => !double.IsFinite(v)))
            throw new ArgumentException("A value is not a finite number.", name);
        double[] sorted = [.. values];
        Array.Sort(sorted);
        return sorted;
    }

    private static double LogMedianStandardError(double[] values) =>
        HarrellDavisQuantileEstimator.Instance.QuantileConfidenceIntervalEstimator(new Sample(Logs(values, 0)), Probability.Half).StandardError;

    public static double Median(IEnumerable<double> values) => SimpleQuantileEstimator.Instance.Median(new Sample([.. values])).NominalValue;

    /// <summary>ln(v) + shift: a relative bound on the values is a shift of their logarithms.</summary>
    private static double[] Logs(double[] values, double shift) => [.. values.Select(v => Math.Log(v) + shift)];
}
