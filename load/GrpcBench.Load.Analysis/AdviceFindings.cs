using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>What one search gives the advisor: its capacity and, at the screening rate, the host's CPU per call, the searched scenario's p99 and the client's CPU per call; the host's peak RSS.</summary>
public sealed record SearchFigures(double? Capacity, double? ServerCpuMsPerCall, double? P99Ms, double? ClientCpuMsPerCall, double? ServerRssMiB)
{
    public static SearchFigures Of(ConfigurationResult search, double? screeningPerSecond)
    {
        var probe = screeningPerSecond is { } rate ? search.Capacity?.Probes.FirstOrDefault(p => p.OfferedPerSecond == rate && p.Held) : null;
        return new(search.Status == ConfigurationStatus.Ok ? search.Capacity?.CallsPerSecond : null, probe?.ServerCpuMsPerCall,
            probe?.Scenario(search.Capacity!.Scenario)?.Latency.P99, probe?.ClientCpuMsPerCall, search.ServerPeakRssMiB);
    }
}

/// <summary>
/// The advisor's judgement of a knob value against the default, from searches of the same run: capacity and the host's
/// CPU per call each decided with <see cref="Statistics.Compare"/> at the threshold once both sides have two searches;
/// a value searched once is "no effect found" only when both figures sit well inside the threshold, otherwise it needs
/// more searches ("could not tell").
/// </summary>
public static class AdviceFindings
{
    public const string Helps = "helps", Hurts = "hurts", NoEffect = "no effect found", CouldNotTell = "could not tell", NotOnRuntime = "not on this runtime",
        NotApplicable = "not applicable on this host";

    private static readonly string[] RankOrder = [Helps, CouldNotTell, NoEffect, Hurts, NotApplicable, NotOnRuntime];

    public static KnobFinding Judge(KnobChoice choice, string meaning, IReadOnlyList<SearchFigures> defaults, IReadOnlyList<SearchFigures> trials,
        double threshold, string? reported)
    {
        var capacity = Ratio(defaults, trials, f => f.Capacity);
        var cpu = Ratio(defaults, trials, f => f.ServerCpuMsPerCall);
        var capacityDecision = Decide(defaults, trials, f => f.Capacity, threshold, higherIsBetter: true);
        var cpuDecision = Decide(defaults, trials, f => f.ServerCpuMsPerCall, threshold, higherIsBetter: false);
        string verdict;
        if (trials.All(t => t.Capacity is null)) verdict = trials.Count == 0 ? CouldNotTell : Hurts;
        else if (capacityDecision is null)
            verdict = Within(capacity, threshold / 2) && (cpu is null || Within(cpu, threshold / 2)) ? NoEffect : CouldNotTell;
        else verdict = (capacityDecision, cpuDecision) switch
        {
            (Decision.Faster, _) => Helps,
            (Decision.Slower, _) => Hurts,
            (_, Decision.Faster) => Helps,
            (_, Decision.Slower) => Hurts,
            (Decision.Same, _) => NoEffect,
            _ => CouldNotTell,
        };
        return new KnobFinding(choice, meaning, trials.Count, capacity, Word(capacityDecision, higher: "higher", lower: "lower"), cpu,
            Word(cpuDecision, higher: "lower", lower: "higher"), Ratio(defaults, trials, f => f.P99Ms), Ratio(defaults, trials, f => f.ClientCpuMsPerCall),
            Ratio(defaults, trials, f => f.ServerRssMiB), verdict, capacity is null ? null : Math.Max(capacity.Upper - 1, 1 - capacity.Lower), reported);
    }

    public static KnobFinding NotAvailable(KnobChoice choice, string meaning, int minRuntimeMajor) =>
        new(choice, $"{meaning} (from .NET {minRuntimeMajor})", 0, null, null, null, null, null, null, null, NotOnRuntime, null, null);

    /// <summary>
    /// A value the host reads back as it reads back the default (server GC or a heap count on one CPU, a runtime's own
    /// default): nothing changed, so nothing to screen.
    /// </summary>
    public static KnobFinding NotApplied(KnobChoice choice, string meaning, string readBack) =>
        new(choice, $"{meaning} (the host reads back {readBack} with it, as with the default)", 0, null, null, null, null, null, null, null, NotApplicable, null, readBack);

    /// <summary>Helps first (largest throughput or capacity effect first), then the undecided, then no effect, then hurts; unavailable last.</summary>
    public static IReadOnlyList<KnobFinding> Ranked(IEnumerable<KnobFinding> findings) =>
        [.. findings.OrderBy(f => Array.IndexOf(RankOrder, f.Verdict))
            .ThenByDescending(f => (f.Throughput ?? f.Capacity)?.Median ?? 0).ThenBy(f => f.ServerCpu?.Median ?? double.MaxValue)];

    /// <summary>The value of each knob that helps most: the candidates to combine, best first.</summary>
    public static IReadOnlyList<KnobFinding> Winners(IEnumerable<KnobFinding> findings) =>
        [.. Ranked(findings.Where(f => f.Verdict == Helps)).GroupBy(f => f.Choice.Knob).Select(g => g.First())];

    /// <summary>
    /// The confirming run's rows: each configuration's capacity over its repeats, as a ratio to the default's and to
    /// Grpc.Core's, decided against the default; latency, cost and memory at the screening rate.
    /// </summary>
    public static IReadOnlyList<ConfirmedRow> Confirm(IReadOnlyList<(string Name, IReadOnlyList<ConfigurationResult> Runs)> rows, double? screeningPerSecond, double threshold)
    {
        var figures = rows.Select(r => (r.Name, r.Runs, Figures: r.Runs.Select(run => SearchFigures.Of(run, screeningPerSecond)).ToList())).ToList();
        var baseline = figures.FirstOrDefault(r => r.Name == "default").Figures ?? [];
        var grpcCore = figures.FirstOrDefault(r => r.Name == "Grpc.Core").Figures ?? [];
        return [.. figures.Select(r => new ConfirmedRow(r.Name, r.Runs.Count > 0 ? r.Runs[0].Configuration.Label : "", Spread(r.Figures.Select(f => f.Capacity)),
            r.Name == "default" ? null : Ratio(baseline, r.Figures, f => f.Capacity),
            r.Name == "Grpc.Core" ? null : Ratio(grpcCore, r.Figures, f => f.Capacity),
            r.Name == "default" ? null : Word(Decide(baseline, r.Figures, f => f.Capacity, threshold, higherIsBetter: true), higher: "higher", lower: "lower") ?? "unknown",
            Spread(r.Figures.Select(f => f.P99Ms)), Spread(r.Figures.Select(f => f.ServerCpuMsPerCall)), Spread(r.Figures.Select(f => f.ServerRssMiB))))];
    }

    private static bool Within(Spread? ratio, double reach) => ratio is not null && Math.Abs(ratio.Median - 1) < reach;

    private static Decision? Decide(IReadOnlyList<SearchFigures> defaults, IReadOnlyList<SearchFigures> trials, Func<SearchFigures, double?> figure, double threshold, bool higherIsBetter)
    {
        var (b, d) = (Positive(defaults, figure), Positive(trials, figure));
        return b.Count < 2 || d.Count < 2 ? null : Statistics.Compare(b, d, threshold, higherIsBetter).Decision;
    }

    private static string? Word(Decision? decision, string higher, string lower) => decision switch
    {
        Decision.Faster => higher,
        Decision.Slower => lower,
        Decision.Same => "same",
        Decision.Unknown => "unknown",
        _ => null,
    };

    private static Spread? Ratio(IReadOnlyList<SearchFigures> defaults, IReadOnlyList<SearchFigures> trials, Func<SearchFigures, double?> figure)
    {
        var (b, d) = (Positive(defaults, figure), Positive(trials, figure));
        return b.Count == 0 || d.Count == 0 ? null : Of(Statistics.RatioInterval(b, d));
    }

    private static Spread? Spread(IEnumerable<double?> values)
    {
        var list = values.OfType<double>().Where(v => v > 0).ToList();
        return list.Count == 0 ? null : Of(Statistics.MedianInterval(list));
    }

    private static List<double> Positive(IEnumerable<SearchFigures> figures, Func<SearchFigures, double?> figure) =>
        [.. figures.Select(figure).OfType<double>().Where(v => v > 0)];

    private static Spread Of(Interval interval) => new(interval.Median, interval.Lower, interval.Upper, interval.Count, interval.Kind);
}
