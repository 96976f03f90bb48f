using System.Globalization;

namespace GrpcBench.Load.Results;

/// <summary>The soak preset's load: uploads and getInt at steady rates for a long time.</summary>
/// <param name="RateSource">Where the upload rate came from, in words: the default for the payload, or --rate.</param>
public sealed record SoakOptions(double UploadsPerSecond, int GetIntPerSecond, int Seconds, int PayloadBytes, string RateSource)
{
    /// <summary>Per configuration label, its own upload rate (50 % of its capacity, --capacity-from); null: <see cref="UploadsPerSecond"/> for all.</summary>
    public IReadOnlyDictionary<string, double>? Rates { get; init; }

    public double RateFor(string configuration) => Rates?.GetValueOrDefault(configuration) ?? UploadsPerSecond;

    /// <summary>A team's methods (<c>--scenarios FILE</c>) instead of the story's: <see cref="UploadsPerSecond"/> is then the rate they share; null for the story.</summary>
    public ServiceLoad? Service { get; init; }

    /// <summary>The rate a team's methods share by default: a steady load well below what small calls saturate, so that a soak measures time, not overload.</summary>
    public const double DefaultServicePerSecond = 50;

    public const int SampleSeconds = 5;

    /// <summary>RSS may grow by less than this over the last two thirds of the run, on each side.</summary>
    public const double MaxRssGrowth = 0.10;

    /// <summary>
    /// The default upload rate moves 120 MiB/s whatever the payload: 6/s of 20 MiB, below half of the lowest rate Kestrel held
    /// beside getInt at 50/s in the capacity reference runs (14.6/s on 2 cores; Grpc.Core 25.7/s), so that a soak measures
    /// time, not overload.
    /// </summary>
    public static double DefaultUploadsPerSecond(int payloadBytes) => Math.Round(Math.Min(100, 120.0 * 1024 * 1024 / payloadBytes), 1);

    public static SoakOptions Default(bool quick, int payloadBytes = 20 * 1024 * 1024) =>
        new(DefaultUploadsPerSecond(payloadBytes), 50, quick ? 120 : 1800, payloadBytes,
            $"default for {Sizes.Describe(payloadBytes)} uploads (120 MiB/s; not 50 % of each capacity, which would take a capacity search first)");

    public string Describe() => Service is { } service ? string.Create(CultureInfo.InvariantCulture,
        $"your methods at {(Rates is null ? $"{UploadsPerSecond:0.##}/s" : "each configuration's own rate")} ({RateSource}) shared as the scenario file says "
        + $"({string.Join(", ", service.Methods.Select(m => m.Share is { } share ? $"{m.Name} {share:0.###}" : $"{m.Name} {m.PerSecond:0.##}/s beside"))}) for {Seconds / 60.0:0.#} min")
        : string.Create(CultureInfo.InvariantCulture,
        $"sendLargeData {(Rates is null ? $"{UploadsPerSecond:0.##}/s" : "at each configuration's own rate")} of {Sizes.Describe(PayloadBytes)} ({RateSource}) and getInt {GetIntPerSecond}/s at once for {Seconds / 60.0:0.#} min");
}

/// <summary>Both processes as read every <see cref="SoakOptions.SampleSeconds"/> s; null where a side could not be read.</summary>
/// <param name="Seconds">Since the worker's load began (warm-up included).</param>
/// <param name="WorkerGc">The worker's GC counts, generations 0, 1 and 2, from its last progress line.</param>
public sealed record SoakSample(double Seconds, double? HostRssMiB, double? HostCpuSeconds, double? WorkerRssMiB, double? WorkerCpuSeconds,
    IReadOnlyList<int>? WorkerGc, long Ok, long Failed)
{
    /// <summary>The host's GC counts, generations 0, 1 and 2, counted from outside since the host was up (<see cref="SoakSummary.HostGcCounted"/>).</summary>
    public IReadOnlyList<int>? HostGc { get; init; }
}

/// <summary>p99 of the calls that started in one window of the run.</summary>
public sealed record SoakWindow(string Scenario, double FromSeconds, double P99Ms, int Calls);

/// <summary>One configuration's soak: its samples, p99 over time, and its verdict.</summary>
/// <param name="Verdict">"pass", "fail", "incomplete" (a side not measured, the run cut short) or "cancelled".</param>
/// <param name="HostRssGrowth">RSS growth over the last two thirds, as a fraction; null where not measured.</param>
public sealed record SoakRun(string Configuration, string Verdict, IReadOnlyList<string> Reasons, long FailedCalls, double? HostRssGrowth, double? WorkerRssGrowth,
    IReadOnlyList<SoakSample> Samples, IReadOnlyList<SoakWindow> P99)
{
    /// <summary>The upload rate it ran at.</summary>
    public double? UploadsPerSecond { get; init; }

    /// <summary>Why the host's GC counts are missing from the samples; null when they were counted.</summary>
    public string? HostGcNotMeasured { get; init; }

    /// <summary>
    /// The pass rule: no failed call, and on each side RSS grew by less than 10 % over the last two thirds of the run, floor
    /// to floor (<see cref="Growth"/>).
    /// </summary>
    public static SoakRun Judge(string configuration, SoakOptions options, IReadOnlyList<SoakSample> samples, IReadOnlyList<ScenarioStats> scenarios,
        string? failure, bool cancelled, int warmUpSeconds)
    {
        var failed = scenarios.Sum(s => s.Failed);
        var hostGrowth = Growth(samples, s => s.HostRssMiB, options.Seconds, warmUpSeconds);
        var workerGrowth = Growth(samples, s => s.WorkerRssMiB, options.Seconds, warmUpSeconds);
        var reasons = new List<string>();
        if (failure is not null) reasons.Add(failure);
        if (failed > 0) reasons.Add($"{failed} failed calls");
        foreach (var (side, growth) in new[] { ("host", hostGrowth), ("worker", workerGrowth) })
        {
            if (growth is null) reasons.Add($"{side} RSS growth not measured (too few samples over the last two thirds)");
            else if (growth >= MaxRssGrowthAllowed) reasons.Add(string.Create(CultureInfo.InvariantCulture, $"{side} RSS grew {growth * 100:0.#} % over the last two thirds (limit 10 %)"));
        }
        var verdict = cancelled ? "cancelled"
            : failed > 0 || failure is not null || hostGrowth >= MaxRssGrowthAllowed || workerGrowth >= MaxRssGrowthAllowed ? "fail"
            : hostGrowth is null || workerGrowth is null ? "incomplete"
            : "pass";
        return new SoakRun(configuration, verdict, reasons, failed, hostGrowth, workerGrowth, samples, Windows(scenarios, warmUpSeconds));
    }

    private const double MaxRssGrowthAllowed = SoakOptions.MaxRssGrowth;

    /// <summary>
    /// The lowest sample of the last third of the span from one third of the measured run to its end, against the lowest of
    /// its first third; null with fewer than 6 samples there. Floors, not means: a .NET heap is a sawtooth (the grpc-dotnet
    /// client's went between 230 and 690 MiB with minutes between full collections in the 30-minute reference run), so
    /// a mean compares wherever the teeth happen to be; a floor is what the GC brings it back to, and a leak raises it.
    /// </summary>
    public static double? Growth(IReadOnlyList<SoakSample> samples, Func<SoakSample, double?> rss, int seconds, int warmUpSeconds)
    {
        var third = warmUpSeconds + seconds / 3.0;
        var tail = samples.Where(s => s.Seconds >= third).Select(rss).Where(v => v is not null).Select(v => v!.Value).ToList();
        if (tail.Count < 6) return null;
        var part = tail.Count / 3;
        var from = tail.Take(part).Min();
        return from <= 0 ? null : tail.TakeLast(part).Min() / from - 1;
    }

    /// <summary>p99 per scenario per 5 s window of the kept calls (all, or an even sample of 20,000), on the samples' clock.</summary>
    public static IReadOnlyList<SoakWindow> Windows(IReadOnlyList<ScenarioStats> scenarios, int warmUpSeconds) =>
        [.. from s in scenarios
            from window in (s.Calls ?? []).Where(c => c.Ok).GroupBy(c => Math.Floor(c.StartSeconds / SoakOptions.SampleSeconds))
            orderby s.Name, window.Key
            let sorted = window.Select(c => c.LatencyMs).Order().ToList()
            select new SoakWindow(s.Name, warmUpSeconds + window.Key * SoakOptions.SampleSeconds, sorted[Math.Max(0, (int)Math.Ceiling(sorted.Count * 0.99) - 1)], sorted.Count)];
}

public static class SoakSection
{
    public const string Key = "soak";

    extension(LoadRunSummary summary)
    {
        /// <summary>With the soak preset: each configuration's samples, p99 over time and verdict.</summary>
        public SoakSummary? Soak => summary.Section<SoakSummary>(Key);

        public LoadRunSummary WithSoak(SoakSummary? soak) => summary.WithSection(Key, soak);
    }
}

/// <summary>summary.json's soak section.</summary>
/// <param name="HostGc">How the host's GC counts were taken.</param>
public sealed record SoakSummary(SoakOptions Options, IReadOnlyList<SoakRun> Runs, string HostGc = SoakSummary.HostGcCounted)
{
    public const string HostGcCounted = "counted from outside, since the host was up (before the load): the runtime's GCStart events in an EventPipe session on the host";
}
