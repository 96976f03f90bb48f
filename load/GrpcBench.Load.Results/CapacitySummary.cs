namespace GrpcBench.Load.Results;

/// <summary>The capacity preset's table: per mix, each configuration over its repeats.</summary>
public sealed record CapacitySummary(IReadOnlyList<CapacityMixSummary> Mixes, double Threshold);

public static class CapacitySection
{
    public const string Key = "capacity";

    extension(LoadRunSummary summary)
    {
        /// <summary>With the capacity preset: the table over the repeats.</summary>
        public CapacitySummary? Capacity => summary.Section<CapacitySummary>(Key);

        public LoadRunSummary WithCapacity(CapacitySummary? table) => summary.WithSection(Key, table);
    }
}

/// <param name="Workload">The mix in words: what is searched, what runs beside it at a fixed rate.</param>
/// <param name="CommonPerSecond">
/// The highest rate of the search's ladder (the start rate doubled) that every gRPC configuration held in every
/// repeat: where latency and cost are compared below saturation; null if there is none.
/// </param>
public sealed record CapacityMixSummary(string Mix, string Searched, string Workload, CapacitySlo Slo, Arrivals Arrivals, double? CommonPerSecond,
    IReadOnlyList<CapacityRow> Rows)
{
    /// <summary>The scenarios the mix runs at once.</summary>
    public IReadOnlyList<string> Scenarios { get; init; } = [Searched];
}

/// <summary>A median over the repeats and its interval; <see cref="Kind"/> says what the interval is ("95 % CI", "range of 3 runs").</summary>
public sealed record Spread(double Median, double Lower, double Upper, int Count, string Kind)
{
    /// <summary>
    /// Whether Lower-Upper is a 95 % confidence interval. Otherwise it is the range of a few values (the repeats, every
    /// pair of a few searches) or one search's bracket, whose coverage is not known, and it is never printed like one.
    /// </summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool IsInterval => Kind.StartsWith("95 %", StringComparison.Ordinal) || Kind == PathTrialKind;

    /// <summary>The path's trials: an effect's 95 % interval from interleaved runs with the screen's pooled spread.</summary>
    public const string PathTrialKind = "interleaved runs, screen's spread";

    /// <summary>"[0.91, 1.20]" where it is a 95 % interval; "(range of 4: 0.91-1.20)" where it is not; "" for one value.</summary>
    public string Bounds(string format = "0.00") =>
        Lower == Upper ? ""
        : IsInterval ? $"[{Format(Lower, format)}, {Format(Upper, format)}]"
        : $"({RangeName}: {Format(Lower, format)}-{Format(Upper, format)})";

    /// <summary>"range of 4" of "range of 4 search ratios"; other kinds ("search brackets") as they are.</summary>
    private string RangeName => Kind.StartsWith("range of ", StringComparison.Ordinal) ? string.Join(' ', Kind.Split(' ').Take(3)) : Kind;

    /// <summary>"1.28 [1.13, 1.44]", "1.28 (range of 3: 1.10-1.50)", or the median alone where there is one value.</summary>
    public string Describe(string format = "0.00") => $"{Format(Median, format)} {Bounds(format)}".TrimEnd();

    private static string Format(double value, string format) => value.ToString(format, System.Globalization.CultureInfo.InvariantCulture);
}

/// <summary>One configuration of a mix over its repeats.</summary>
/// <param name="Runs">Searches that ended ok; <paramref name="Failed"/> those that did not (their reasons in the configurations).</param>
/// <param name="Capacity">Calls per second of the searched scenario.</param>
/// <param name="VersusGrpcCore">Capacity over Grpc.Core's on the same runtime, with its interval; null for Grpc.Core itself.</param>
/// <param name="Decision">Against Grpc.Core: "faster", "slower", "same" or "unknown" (too few or too noisy at the threshold), with the test and its p.</param>
/// <param name="Latency">Per scenario, p50 and p99 at <see cref="CapacityMixSummary.CommonPerSecond"/>.</param>
/// <param name="ServerUtilization">How busy the host's CPUs were at the capacity: near 1, the server was the limit.</param>
public sealed record CapacityRow(LoadConfiguration Configuration, int Runs, int Failed, Spread? Capacity, Spread? VersusGrpcCore, string? Decision, double? PValue,
    string? Test, Spread? ServerCpuMsPerCall, Spread? ClientCpuMsPerCall, Spread? ServerCpuMsPerMiB, Spread? ClientCpuMsPerMiB, double? ServerPeakRssMiB,
    double? ClientPeakRssMiB, IReadOnlyList<LatencyAtRate> Latency, Spread? ServerUtilization, Spread? ClientUtilization, IReadOnlyList<string> Reasons)
{
    /// <summary>The cross-check: capacity x the host's CPU per call measured at the common rate, over its CPUs; about 1 when the server was the limit.</summary>
    public Spread? CapacityTimesCost { get; init; }

    /// <summary>The host's marginal CPU ms per searched call: the slope of its CPU over the rate across each search's held probes.</summary>
    public Spread? ServerMarginalMsPerCall { get; init; }

    /// <summary>The host's CPU ms a second whatever the searched rate: the intercept of that fit (the mix's other scenarios, timers, spinning).</summary>
    public Spread? ServerFixedMsPerSecond { get; init; }

    /// <summary>The physics check: capacity x marginal host CPU per call, over the host's CPUs; 0.7-1.1 for a server-bound search.</summary>
    public Spread? CapacityTimesMarginal { get; init; }

    /// <summary>The physics check at the capacity (<see cref="PhysicsCheck"/>): capacity x the host's CPU per searched call at it, over the host's CPUs.</summary>
    public Spread? PhysicsAtCapacity { get; init; }

    /// <summary>The host's minor page faults per call at the common rate (every scenario's calls); null where not counted.</summary>
    public Spread? ServerFaultsPerCall { get; init; }

    /// <summary>What ended each search that found a capacity (<see cref="CapacityResult.Limit"/>), in repeat order.</summary>
    public IReadOnlyList<string> Limits { get; init; } = [];
}

/// <param name="Calls">Successful calls behind the percentiles, over all repeats.</param>
/// <param name="Failed">Failed calls at that rate, over all repeats: reported before any percentile.</param>
public sealed record LatencyAtRate(string Scenario, Spread P50Ms, Spread P99Ms, long Calls, long Failed);
