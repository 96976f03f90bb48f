using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace GrpcBench.Load.Analysis;

/// <summary>One run of a screen: each factor's level (-1 default, +1 the value screened), when it ran, and what it measured (&gt; 0).</summary>
/// <param name="Block">The design it belongs to when several are fitted together: each block after the first gets a level of its own in the model.</param>
/// <param name="MachineMs">The machine's speed probe before the run (a fixed work's CPU time; higher, slower), null where not timed.</param>
public sealed record ScreenRun(IReadOnlyList<int> Levels, int Order, double Value, int Block = 0, double? MachineMs = null);

/// <summary>
/// A factor's effect as a ratio: the response with the factor at its high level over the response at its low level,
/// the other factors as they were, with its interval and the verdict at the threshold.
/// </summary>
/// <param name="Ratio">exp of the effect on the log of the response.</param>
/// <param name="Lower">The 95 % interval's ends.</param>
/// <param name="Verdict">
/// <see cref="EffectVerdict.NoEffect"/> when the 90 % interval lies within [1/(1+threshold), 1+threshold] (two one-sided
/// tests at 5 %); else <see cref="EffectVerdict.Helps"/> or <see cref="EffectVerdict.Hurts"/> when the 95 % interval
/// excludes 1; else <see cref="EffectVerdict.CouldNotTell"/>.
/// </param>
public sealed record Effect(double Ratio, double Lower, double Upper, EffectVerdict Verdict)
{
    /// <summary>The narrowest threshold at which this effect would be <see cref="EffectVerdict.NoEffect"/>: its 90 % interval's farther reach from 1.</summary>
    public double NoEffectWithin { get; init; }

    /// <summary>
    /// The effect <paramref name="logEffect"/> on the log of a response, with its standard error on
    /// <paramref name="degreesOfFreedom"/>, as a ratio and a verdict at <paramref name="threshold"/>.
    /// </summary>
    public static Effect Of(double logEffect, double standardError, int degreesOfFreedom, double threshold)
    {
        var student = new StudentDistribution(degreesOfFreedom);
        double t95 = student.Quantile(0.975), t90 = student.Quantile(0.95), bound = Math.Log(1 + threshold);
        var verdict = Math.Abs(logEffect) + t90 * standardError < bound ? EffectVerdict.NoEffect
            : logEffect - t95 * standardError > 0 ? EffectVerdict.Helps
            : logEffect + t95 * standardError < 0 ? EffectVerdict.Hurts
            : EffectVerdict.CouldNotTell;
        return new Effect(Math.Exp(logEffect), Math.Exp(logEffect - t95 * standardError), Math.Exp(logEffect + t95 * standardError), verdict)
        {
            NoEffectWithin = Math.Exp(Math.Abs(logEffect) + t90 * standardError) - 1,
        };
    }
}

public enum EffectVerdict { Helps, NoEffect, Hurts, CouldNotTell }

/// <summary>The fit of a screen: every factor's effect, how much a run spreads around the model, and what the fit stood on.</summary>
/// <param name="RunSpread">The residual standard deviation of log response: about the coefficient of variation of one run.</param>
/// <param name="DriftPerRun">The response's change from one run to the next, as a ratio (run order is in the model so that a drift of the machine does not bias an effect).</param>
/// <param name="DegreesOfFreedom">Runs minus the model's terms: what the residual spread is estimated with.</param>
/// <param name="MachineElasticity">
/// How the response follows the machine's speed probe, response ~ probe^elasticity (about -1: throughput falls as the
/// machine slows; +1 for a CPU time per call); null where the runs were not all timed or the probe never moved.
/// </param>
/// <param name="MachineSpread">The probe's own spread over the runs (standard deviation of its log), null where not timed.</param>
/// <param name="SetAside">Runs left out of the fit as outliers (<see cref="FactorialAnalysis.Outliers"/>): each one's order and its response over what the model fitted without it.</param>
public sealed record ScreenFit(IReadOnlyList<Effect> Effects, double RunSpread, double DriftPerRun, int DegreesOfFreedom, int Runs,
    double? MachineElasticity = null, double? MachineSpread = null)
{
    public IReadOnlyList<(int Order, double Ratio)> SetAside { get; init; } = [];

    /// <summary>The model's log response for a run (levels, order, block and probe as the fitted runs had them).</summary>
    internal Func<ScreenRun, double> Predict { get; init; } = _ => double.NaN;
}

/// <summary>
/// Least squares on the log of the response: an intercept, one term per factor, run order as a covariate, a level per
/// block after the first (designs fitted together: a factor of one design sits at its default in the others) and, where
/// every run was timed, the log of the machine's speed probe (a slow spell of the machine is then not read as the
/// effect of the values that happened to be on in it); the residual variance pooled over every run. The effect of
/// factor i on the log response is twice its coefficient.
/// </summary>
public static class FactorialAnalysis
{
    /// <summary>
    /// The fit, with a run set aside where it lies so far off the model that one run of the noise cannot be there (the
    /// machine stalled through it): beyond <see cref="Outliers"/>'s bound, at most a tenth of the runs, each named in
    /// <see cref="ScreenFit.SetAside"/>; the verdicts and the spread are then the other runs'.
    /// </summary>
    public static ScreenFit Fit(IReadOnlyList<ScreenRun> runs, int factors, double threshold)
    {
        var (fit, residuals) = FitAll(runs, factors, threshold);
        var outliers = Outliers(residuals, fit.DegreesOfFreedom);
        if (outliers.Count == 0) return fit;
        ScreenFit refit;
        try
        {
            (refit, _) = FitAll([.. runs.Where((_, n) => !outliers.Contains(n))], factors, threshold);
        }
        catch (ArgumentException)
        {
            return fit; // without them the runs no longer separate every factor: they stay in
        }
        // A run's ratio to the model fitted without it: how far off it was.
        return refit with { SetAside = [.. outliers.Order().Select(n => (runs[n].Order, Math.Exp(Math.Log(runs[n].Value) - refit.Predict(runs[n]))))] };
    }

    /// <summary>
    /// The runs (indices) whose residual is beyond both 4 and the Bonferroni bound (a normal's two-sided 5 % over all
    /// runs) in robust standard deviations (1.4826 x the residuals' median absolute value, which a few stalled runs do not
    /// inflate as they do the variance). None where the fit has fewer than 10 degrees of freedom (too few to tell an
    /// outlier from the spread), or where more than a tenth of the runs are beyond it (a spread that wide is the
    /// machine's for the whole screen, not a few stalls).
    /// </summary>
    public static IReadOnlyList<int> Outliers(IReadOnlyList<double> residuals, int degreesOfFreedom)
    {
        if (degreesOfFreedom < 10 || residuals.Count == 0) return [];
        var absolute = residuals.Select(Math.Abs).Order().ToList();
        var median = absolute.Count % 2 == 1 ? absolute[absolute.Count / 2] : (absolute[absolute.Count / 2 - 1] + absolute[absolute.Count / 2]) / 2;
        var scale = 1.4826 * median;
        if (scale <= 0) return [];
        var bound = Math.Max(4, NormalDistribution.Standard.Quantile(1 - 0.025 / residuals.Count)) * scale;
        var beyond = Enumerable.Range(0, residuals.Count).Where(n => Math.Abs(residuals[n]) > bound).ToList();
        return beyond.Count <= residuals.Count / 10 ? beyond : [];
    }

    private static (ScreenFit Fit, double[] Residuals) FitAll(IReadOnlyList<ScreenRun> runs, int factors, double threshold)
    {
        var blocks = runs.Select(r => r.Block).Distinct().Order().ToList();
        var machine = runs.All(r => r.MachineMs is > 0) ? runs.Select(r => Math.Log(r.MachineMs!.Value)).ToList() : null;
        var machineSpread = machine is { Count: > 1 } ? Math.Sqrt(machine.Sum(m => (m - machine.Average()) * (m - machine.Average())) / (machine.Count - 1)) : (double?)null;
        // A probe that never moved (or moved less than its own resolution) carries nothing and would make the system singular.
        if (machineSpread is not > 1e-4) machine = null;
        var meanMachine = machine?.Average() ?? 0;
        var terms = factors + 2 + blocks.Count - 1 + (machine is null ? 0 : 1);
        if (runs.Count <= terms)
            throw new ArgumentException($"{runs.Count} runs cannot fit {factors} factors, an intercept and run order{(blocks.Count > 1 ? $" in {blocks.Count} blocks" : "")}: at least {terms + 1} needed", nameof(runs));
        if (runs.Any(r => r.Levels.Count != factors || r.Value <= 0 || !double.IsFinite(r.Value)))
            throw new ArgumentException("every run needs a level for each factor and a positive response", nameof(runs));
        var meanOrder = runs.Average(r => (double)r.Order);
        var x = runs.Select((r, n) => (double[])[1, .. r.Levels.Select(l => (double)l), .. blocks.Skip(1).Select(b => r.Block == b ? 1.0 : 0.0),
            .. machine is null ? Array.Empty<double>() : [machine[n] - meanMachine], r.Order - meanOrder]).ToArray();
        var y = runs.Select(r => Math.Log(r.Value)).ToArray();

        var xtx = new double[terms, terms];
        var xty = new double[terms];
        for (var n = 0; n < runs.Count; n++)
        for (var i = 0; i < terms; i++)
        {
            xty[i] += x[n][i] * y[n];
            for (var j = 0; j < terms; j++) xtx[i, j] += x[n][i] * x[n][j];
        }
        var inverse = Invert(xtx) ?? throw new ArgumentException("the runs do not separate every factor (a factor never changed, or two always changed together)", nameof(runs));
        var beta = new double[terms];
        for (var i = 0; i < terms; i++)
        for (var j = 0; j < terms; j++) beta[i] += inverse[i, j] * xty[j];

        var residuals = new double[runs.Count];
        for (var n = 0; n < runs.Count; n++)
        {
            var fitted = 0.0;
            for (var i = 0; i < terms; i++) fitted += x[n][i] * beta[i];
            residuals[n] = y[n] - fitted;
        }
        var df = runs.Count - terms;
        var variance = residuals.Sum(r => r * r) / df;
        var effects = Enumerable.Range(1, factors).Select(i => Effect.Of(2 * beta[i], 2 * Math.Sqrt(variance * inverse[i, i]), df, threshold)).ToList();
        var fit = new ScreenFit(effects, Math.Sqrt(variance), Math.Exp(beta[terms - 1]), df, runs.Count, machine is null ? null : beta[terms - 2], machineSpread)
        {
            Predict = run =>
            {
                double[] terms = [1, .. run.Levels.Select(l => (double)l), .. blocks.Skip(1).Select(b => run.Block == b ? 1.0 : 0.0),
                    .. machine is null ? Array.Empty<double>() : [Math.Log(run.MachineMs!.Value) - meanMachine], run.Order - meanOrder];
                return terms.Select((t, i) => t * beta[i]).Sum();
            },
        };
        return (fit, residuals);
    }

    /// <summary>Gauss-Jordan with partial pivoting; null for a singular matrix.</summary>
    private static double[,]? Invert(double[,] matrix)
    {
        var n = matrix.GetLength(0);
        var a = (double[,])matrix.Clone();
        var inverse = new double[n, n];
        for (var i = 0; i < n; i++) inverse[i, i] = 1;
        for (var column = 0; column < n; column++)
        {
            var pivot = Enumerable.Range(column, n - column).MaxBy(r => Math.Abs(a[r, column]));
            if (Math.Abs(a[pivot, column]) < 1e-9) return null;
            for (var j = 0; j < n; j++)
            {
                (a[column, j], a[pivot, j]) = (a[pivot, j], a[column, j]);
                (inverse[column, j], inverse[pivot, j]) = (inverse[pivot, j], inverse[column, j]);
            }
            var scale = a[column, column];
            for (var j = 0; j < n; j++)
            {
                a[column, j] /= scale;
                inverse[column, j] /= scale;
            }
            for (var r = 0; r < n; r++)
            {
                if (r == column || a[r, column] == 0) continue;
                var factor = a[r, column];
                for (var j = 0; j < n; j++)
                {
                    a[r, j] -= factor * a[column, j];
                    inverse[r, j] -= factor * inverse[column, j];
                }
            }
        }
        return inverse;
    }
}
