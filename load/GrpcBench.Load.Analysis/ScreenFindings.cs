using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>A screen's effects as the advice's findings: every figure a ratio to the default with its 95 % interval, the verdict from saturated throughput.</summary>
public static class ScreenFindings
{
    /// <summary>How an effect's interval was had: the screen's fit; runs before the alternatives joined the design judged them in ABBA blocks.</summary>
    public const string FitKind = "95 % CI, least squares", PairedKind = "95 % CI, ABBA blocks";

    /// <summary>Factor <paramref name="factor"/> of a screen's fit; "could not tell" where the screen could not fit.</summary>
    /// <param name="runsWith">The runs that had the value.</param>
    public static KnobFinding Of(KnobChoice choice, string meaning, ScreenFigures fit, int factor, int runsWith, string? reported)
    {
        Spread? Ratio(ScreenFit? figure) => figure is null ? null : Spread(figure.Effects[factor], runsWith, FitKind);
        var throughput = fit.Throughput?.Effects[factor];
        return new KnobFinding(choice, meaning, runsWith, null, null, Ratio(fit.HostCpuPerCall), null, Ratio(fit.OtherP99), Ratio(fit.ClientCpuPerCall), Ratio(fit.HostPeakRss),
            Verdict(throughput?.Verdict), Reach(throughput), reported, Ratio(fit.Throughput))
        {
            NeedsThreshold = throughput is { Verdict: EffectVerdict.CouldNotTell } ? throughput.NoEffectWithin : null,
            HostFaults = Ratio(fit.HostFaultsPerCall),
        };
    }

    /// <summary>A value under which no run measured anything, beside runs that did: it broke the calls, so it hurts, whatever a ratio would say.</summary>
    public static KnobFinding Broken(KnobChoice choice, string meaning, IReadOnlyList<ConfigurationResult> runs)
    {
        var why = runs.Select(r => r.Reason).FirstOrDefault(r => r is not null);
        return new KnobFinding(choice, why is null ? meaning : $"{meaning} (every run failed: {why})", runs.Count, null, null, null, null, null, null, null,
            AdviceFindings.Hurts, null, null);
    }

    /// <summary>
    /// The confirming runs: each configuration's saturated throughput over its repeats, as a ratio to the default's and to
    /// Grpc.Core's, decided against the default at the threshold (<see cref="Statistics.Compare"/>); host CPU per call,
    /// the other scenario's p99 and the host's peak RSS beside it.
    /// </summary>
    public static IReadOnlyList<ConfirmedThroughput> Confirm(IReadOnlyList<(string Name, IReadOnlyList<ConfigurationResult> Runs)> rows, double threshold)
    {
        List<double> Values(IReadOnlyList<ConfigurationResult> runs, Func<ThroughputResult, double?> figure) =>
            [.. Throughputs(runs).Select(figure).OfType<double>().Where(v => v > 0)];
        var baseline = Values(rows.FirstOrDefault(r => r.Name == "default").Runs ?? [], t => t.PerSecond);
        var grpcCore = Values(rows.FirstOrDefault(r => r.Name == "Grpc.Core").Runs ?? [], t => t.PerSecond);
        return [.. rows.Select(r =>
        {
            var perSecond = Values(r.Runs, t => t.PerSecond);
            Spread? Median(List<double> values) => values.Count == 0 ? null : Of(Statistics.MedianInterval(values));
            Spread? Versus(List<double> of) => Over(perSecond, of);
            var decision = r.Name == "default" ? null : baseline.Count < 2 || perSecond.Count < 2 ? "unknown"
                : Statistics.Compare(baseline, perSecond, threshold, higherIsBetter: true).Decision switch
                {
                    Decision.Faster => "higher",
                    Decision.Slower => "lower",
                    Decision.Same => "same",
                    _ => "unknown",
                };
            return new ConfirmedThroughput(r.Name, r.Runs.Count > 0 ? r.Runs[0].Configuration.Label : "", Median(perSecond),
                r.Name == "default" ? null : Versus(baseline), r.Name == "Grpc.Core" ? null : Versus(grpcCore), decision,
                Median(Values(r.Runs, t => t.HostCpuMsPerCall)), Median(Values(r.Runs, t => t.OtherP99Ms.Values.FirstOrDefault())),
                Median([.. r.Runs.Where(run => run.Status == ConfigurationStatus.Ok).Select(run => run.ServerPeakRssMiB).OfType<double>()]))
            {
                HostFaultsPerCall = Median([.. r.Runs.Where(run => run.Status == ConfigurationStatus.Ok && run.Throughput is { Calls: > 0 } && run.ServerFaults is not null)
                    .Select(run => run.ServerFaults!.Minor / (double)run.Throughput!.Calls)]),
            };
        })];
    }

    /// <summary>The saturated throughput of <paramref name="runs"/> over <paramref name="of"/>'s, with its interval; null where either has none.</summary>
    public static Spread? ThroughputOver(IReadOnlyList<ConfigurationResult> runs, IReadOnlyList<ConfigurationResult> of) =>
        Over([.. Throughputs(runs).Select(t => t.PerSecond)], [.. Throughputs(of).Select(t => t.PerSecond)]);

    /// <summary>The median share of its CPUs the host was busy in <paramref name="runs"/>; null where none measured it.</summary>
    public static double? HostBusy(IReadOnlyList<ConfigurationResult> runs) =>
        Throughputs(runs).Select(t => t.HostUtilization).OfType<double>().ToList() is { Count: > 0 } busy ? Statistics.MedianInterval(busy).Median : null;

    private static Spread? Over(List<double> values, List<double> of) => of.Count == 0 || values.Count == 0 ? null : Of(Statistics.RatioInterval(of, values));

    private static List<ThroughputResult> Throughputs(IEnumerable<ConfigurationResult> runs) =>
        [.. runs.Where(r => r.Status == ConfigurationStatus.Ok && r.Throughput is { Calls: > 0 }).Select(r => r.Throughput!)];

    private static string Verdict(EffectVerdict? verdict) => verdict switch
    {
        EffectVerdict.Helps => AdviceFindings.Helps,
        EffectVerdict.Hurts => AdviceFindings.Hurts,
        EffectVerdict.NoEffect => AdviceFindings.NoEffect,
        _ => AdviceFindings.CouldNotTell,
    };

    private static double? Reach(Effect? effect) => effect is null ? null : Math.Max(effect.Upper - 1, 1 - effect.Lower);

    private static Spread Spread(Effect effect, int runs, string kind) => new(effect.Ratio, effect.Lower, effect.Upper, runs, kind);

    private static Spread Of(Interval interval) => new(interval.Median, interval.Lower, interval.Upper, interval.Count, interval.Kind);
}
