using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>A mix as the capacity preset ran it, for its table.</summary>
/// <param name="CommonPerSecond">The rate every search of the mix probed (repeats after the first probe it first); null to find it in the probes.</param>
public sealed record MixRan(string Name, string Searched, IReadOnlyList<string> Scenarios, string Workload, CapacitySlo Slo, Arrivals Arrivals,
    double? CommonPerSecond = null);

/// <summary>
/// The capacity preset's table: each configuration of each mix over its repeats (median and interval), its capacity
/// against Grpc.Core's on the same runtime with a statistical decision, and cost and latency at a rate all held.
/// </summary>
public static class CapacityTable
{
    public static CapacitySummary Build(IReadOnlyList<ConfigurationResult> results, IReadOnlyList<MixRan> mixes, double threshold)
    {
        var summaries = new List<CapacityMixSummary>();
        foreach (var mix in mixes)
        {
            var ofMix = results.Where(r => r.Capacity?.Mix == mix.Name).ToList();
            var common = mix.CommonPerSecond ?? CommonRate(ofMix);
            var groups = ofMix.GroupBy(r => r.Configuration.Label).Select(g => g.ToList()).ToList();
            var rows = groups.Select(g => Row(g, common, null, threshold)).ToList();
            // Against Grpc.Core on the same runtime and transport, once every row has its own figures.
            rows = rows.Select((row, i) =>
            {
                var baseline = groups.FirstOrDefault(g => g[0].Configuration.IsBaselineFor(row.Configuration) && !ReferenceEquals(g, groups[i]));
                return baseline is null ? row : Row(groups[i], common, baseline, threshold);
            }).ToList();
            summaries.Add(new CapacityMixSummary(mix.Name, mix.Searched, mix.Workload, mix.Slo, mix.Arrivals, common, rows) { Scenarios = mix.Scenarios });
        }
        return new CapacitySummary(summaries, threshold);
    }

    /// <summary>
    /// The rate to compare latency and cost at: of the rates every gRPC search of the mix held (the ladder's rungs are
    /// offered by all), the highest at most <paramref name="belowCapacity"/> of the lowest capacity, so that it is
    /// below saturation for all; the highest held by all if none is that low; null if no rate was held by all.
    /// </summary>
    public static double? CommonRate(IReadOnlyList<ConfigurationResult> ofMix, double belowCapacity = 0.6)
    {
        var searches = ofMix.Where(r => r.Status == ConfigurationStatus.Ok && r.Configuration.Kind == ConfigurationKind.Grpc && r.Capacity?.CallsPerSecond is not null).ToList();
        if (searches.Count == 0) return null;
        var held = searches.Select(r => r.Capacity!.Probes.Where(p => p.Held).Select(p => p.OfferedPerSecond).ToHashSet()).ToList();
        var all = held.Skip(1).Aggregate(held[0], (common, next) => [.. common.Intersect(next)]);
        if (all.Count == 0) return null;
        var lowest = searches.Min(r => r.Capacity!.CallsPerSecond!.Value);
        var below = all.Where(rate => rate <= belowCapacity * lowest).ToList();
        return below.Count > 0 ? below.Max() : all.Max();
    }

    private static CapacityRow Row(IReadOnlyList<ConfigurationResult> runs, double? common, IReadOnlyList<ConfigurationResult>? baseline, double threshold)
    {
        var ok = runs.Where(r => r.Status == ConfigurationStatus.Ok && r.Capacity?.CallsPerSecond is not null).ToList();
        var capacities = ok.Select(r => r.Capacity!.CallsPerSecond!.Value).ToList();
        Spread? versus = null;
        string? decision = null, test = null;
        double? p = null;
        var baseCapacities = baseline?.Where(r => r.Status == ConfigurationStatus.Ok && r.Capacity?.CallsPerSecond is not null).Select(r => r.Capacity!.CallsPerSecond!.Value).ToList();
        if (baseCapacities is { Count: > 0 } && capacities.Count > 0)
        {
            versus = Of(Statistics.RatioInterval(baseCapacities, capacities));
            var comparison = Statistics.Compare(baseCapacities, capacities, threshold, higherIsBetter: true);
            (decision, p, test) = (comparison.Decision switch
            {
                Decision.Faster => "higher",
                Decision.Slower => "lower",
                Decision.Same => "same",
                _ => "unknown",
            }, comparison.PValue, comparison.Test);
        }

        // Held or not: a repeat that missed at the common rate shows its fails before its percentiles.
        var atCommon = common is { } rate ? ok.Select(r => r.Capacity!.Probes.LastOrDefault(pr => pr.OfferedPerSecond == rate)).OfType<CapacityProbe>().ToList() : [];
        var scenarios = atCommon.SelectMany(pr => pr.Scenarios.Select(s => s.Name)).Distinct();
        var latency = scenarios.Select(name =>
        {
            var stats = atCommon.Select(pr => pr.Scenario(name)).OfType<ScenarioStats>().ToList();
            return new LatencyAtRate(name, SpreadOf(stats.Select(s => s.Latency.P50))!, SpreadOf(stats.Select(s => s.Latency.P99))!,
                stats.Sum(s => s.Ok), stats.Sum(s => s.Failed));
        }).ToList();

        return new CapacityRow(runs[0].Configuration, ok.Count, runs.Count - ok.Count, SpreadOf(capacities), versus, decision, p, test,
            SpreadOf(atCommon.Select(pr => pr.ServerCpuMsPerCall)),
            SpreadOf(atCommon.Select(pr => pr.ClientCpuMsPerCall)),
            SpreadOf(atCommon.Select(pr => pr.UploadedMiB > 0 ? pr.ServerCpuSeconds * 1000 / pr.UploadedMiB : null)),
            SpreadOf(atCommon.Select(pr => pr.UploadedMiB > 0 ? pr.ClientCpuSeconds * 1000 / pr.UploadedMiB : null)),
            Median(runs.Select(r => r.ServerPeakRssMiB)), Median(runs.Select(r => r.ClientPeakRssMiB)), latency,
            SpreadOf(ok.Select(r => r.Capacity!.ServerUtilization)), SpreadOf(ok.Select(r => r.Capacity!.ClientUtilization)),
            [.. runs.Where(r => r.Status != ConfigurationStatus.Ok).Select(r => $"repeat {r.Repeat}: {r.Status.Text()}: {r.Reason}")])
        {
            CapacityTimesCost = SpreadOf(ok.Select(r => CapacityTimesCost(r, common))),
            ServerMarginalMsPerCall = SpreadOf(ok.Select(r => MarginalOf(r)?.MsPerCall)),
            ServerFixedMsPerSecond = SpreadOf(ok.Select(r => MarginalOf(r)?.FixedMsPerSecond)),
            CapacityTimesMarginal = SpreadOf(ok.Select(CapacityTimesMarginal)),
            Limits = [.. ok.Select(r => r.Capacity!.Limit)],
            PhysicsAtCapacity = SpreadOf(ok.Select(Physics)),
            ServerFaultsPerCall = SpreadOf(atCommon.Select(pr => pr.ServerFaultsPerCall)),
        };
    }

    /// <summary>Capacity x the host's CPU seconds per searched call at the common rate, over the host's CPUs: about 1 if the server was the limit.</summary>
    private static double? CapacityTimesCost(ConfigurationResult run, double? common)
    {
        if (run.Capacity is not { CallsPerSecond: { } capacity } c || common is null || HostCpuCount(run) is not { } cpus) return null;
        var probe = c.Probes.LastOrDefault(p => p.OfferedPerSecond == common);
        if (probe?.ServerCpuSeconds is not { } cpu) return null;
        var calls = probe.SearchedCalls ?? probe.Scenario(c.Scenario)?.Invocations ?? 0;
        return calls > 0 ? capacity * cpu / calls / cpus : null;
    }

    /// <summary>The search's <see cref="PhysicsCheck"/>: capacity x the host's CPU per searched call at it, over its CPUs.</summary>
    public static double? Physics(ConfigurationResult run) => PhysicsCheck.Of(run.Capacity?.CallsPerSecond, run.Capacity?.HostCpuMsPerCallAtCapacity, HostCpuCount(run));

    private static double? CapacityTimesMarginal(ConfigurationResult run) =>
        run.Capacity is { CallsPerSecond: { } capacity } && MarginalOf(run) is { } marginal && HostCpuCount(run) is { } cpus
            ? capacity * marginal.MsPerCall / 1000 / cpus : null;

    private static MarginalCost? MarginalOf(ConfigurationResult run) => MarginalCost.OfHost(run.Capacity!, HostCpuCount(run));

    private static int? HostCpuCount(ConfigurationResult run) => run.Cpus?.Host is { } host ? CpuList.Parse(host).Count : null;

    public static Spread? SpreadOf(IEnumerable<double?> values) => SpreadOf(values.OfType<double>());

    private static Spread? SpreadOf(IEnumerable<double> values)
    {
        var list = values.Where(v => !double.IsNaN(v)).ToList();
        return list.Count == 0 ? null : Of(Statistics.MedianInterval(list));
    }

    private static Spread Of(Interval interval) => new(interval.Median, interval.Lower, interval.Upper, interval.Count, interval.Kind);

    private static double? Median(IEnumerable<double?> values) => SpreadOf(values)?.Median;
}
