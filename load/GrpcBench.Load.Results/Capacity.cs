using System.Globalization;

namespace GrpcBench.Load.Results;

/// <summary>
/// What a probe must hold for its offered rate to count as sustained: no failed call, at least
/// <see cref="MinAchieved"/> of the offered calls completed, each scenario's p99 within its bound, and its latency not
/// rising through the probe by more than <see cref="MaxLatencyGrowth"/> (see <see cref="LatencyGrowth"/>). Latency counts
/// from each call's scheduled start, so a sender that starts calls late misses the bound too (a rate comparison would
/// not do: over a 2 s probe the schedule's whole-call rounding alone is several per cent). Under 100 calls a p99 is no
/// more than the slowest call, so then the slowest call must be within it.
/// </summary>
/// <param name="UploadP99Ms">Bound of sendLargeData's (and every other non-getInt scenario's) p99, ms.</param>
/// <param name="GetIntP99Ms">Bound of getInt's p99, ms, alone or at its own rate beside uploads.</param>
/// <param name="MaxLatencyGrowth">
/// How fast latency may rise through a probe, in seconds a second (<see cref="LatencyGrowthBound"/>); null in files
/// written before the rule (commit 1f53960 and earlier), whose probes were not held to it.
/// </param>
public sealed record CapacitySlo(double UploadP99Ms = 1000, double GetIntP99Ms = 50, double MinAchieved = 0.99, double? MaxLatencyGrowth = null)
{
    public static readonly CapacitySlo Default = new(MaxLatencyGrowth: LatencyGrowthBound);

    /// <summary>Each scenario's own bound (a team's methods, from their scenario file), ms; null for the story's two bounds.</summary>
    public IReadOnlyDictionary<string, double>? Bounds { get; init; }

    /// <summary>Scenarios whose p99 is measured and shown but bounds nothing (getInt beside the uploads where only the uploads' SLO is searched); null: none.</summary>
    public IReadOnlyList<string>? Unbounded { get; init; }

    public double P99MsOf(string scenario) => Unbounded?.Contains(scenario) == true ? double.PositiveInfinity
        : Bounds is not null && Bounds.TryGetValue(scenario, out var bound) ? bound : scenario == ScenarioNames.GetInt ? GetIntP99Ms : UploadP99Ms;

    public string Describe(IEnumerable<string> scenarios) =>
        string.Join(", ", scenarios.Select(s => Unbounded?.Contains(s) == true ? $"{s} p99 shown, not bound"
            : $"{s} p99 <= {P99MsOf(s).ToString("#,##0.#", CultureInfo.InvariantCulture)} ms"))
        + $" (from each call's scheduled start), no failed call, >= {MinAchieved * 100:0.#} % of the offered calls completed"
        + (MaxLatencyGrowth is { } growth ? $", latency not rising through the probe by more than {growth * 1000:0} ms a second" : "");

    /// <summary>
    /// How fast latency may rise through a probe, in seconds a second, before its rate counts as more than the host
    /// finishes. Calls offered a fraction f faster than the host completes them queue, and each waits about f seconds
    /// longer for every second of the probe, so a short probe holds a p99 bound well past the rate the host sustains:
    /// 20 MiB uploads under a 1 s bound held over a 2 s probe at rates that needed 1.15-1.33 of the host's one CPU
    /// (reference run capacity/run-6). 0.1 is the physics check's upper bound (capacity x cost up to 1.1 of the CPUs).
    /// </summary>
    public const double LatencyGrowthBound = 0.1;

    /// <summary>
    /// Null if the scenario's latency held level through the probe; else how it rose: the median latency of the last
    /// third of its successful calls (in start order) over the first third's, per second between the two thirds'
    /// mean starts. Medians, so that one pause (a GC, a late timer) near the end does not count as a queue. Without
    /// the per-call points, or with fewer than 9 calls, null.
    /// </summary>
    public static string? LatencyGrowth(ScenarioStats scenario, double maxGrowth = LatencyGrowthBound)
    {
        // The points are in start order already (ScenarioStats.Calls).
        var ok = scenario.Calls?.Where(c => c.Ok).ToList();
        if (ok is null || ok.Count < 9) return null;
        var third = ok.Count / 3;
        var (first, last) = (ok.Take(third).ToList(), ok.Skip(ok.Count - third).ToList());
        var seconds = last.Average(c => c.StartSeconds) - first.Average(c => c.StartSeconds);
        if (seconds <= 0) return null;
        var (before, after) = (Median(first.Select(c => c.LatencyMs)), Median(last.Select(c => c.LatencyMs)));
        var growth = (after - before) / 1000 / seconds;
        return growth <= maxGrowth ? null : string.Create(CultureInfo.InvariantCulture,
            $"{scenario.Name}: latency rose {growth * 1000:#,##0} ms a second through the probe (median {before:#,##0} ms in its first third, "
            + $"{after:#,##0} ms in its last): calls arrive faster than the host finishes them");
    }

    private static double Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
    }

    /// <summary>Null if the probe held; else the first way it missed, in words ("3 failed (DeadlineExceeded 3)", "p99 1,234 ms > 1,000 ms").</summary>
    /// <param name="searched">The scenario whose rate is offered; the others run at their own fixed rates.</param>
    /// <param name="countAchieved">False for a probe stopped early: fewer calls completed than offered is then what stopping did, not the cause.</param>
    public string? Missed(string searched, IReadOnlyList<ScenarioStats> scenarios, bool countAchieved = true)
    {
        foreach (var s in scenarios)
        {
            if (s.Failed > 0) return $"{s.Name}: {s.Failed} failed ({string.Join(", ", s.FailsByCode.Select(f => $"{f.Key} {f.Value}"))})";
        }
        foreach (var s in scenarios)
        {
            var offered = s.AskedInjectionRate * s.DurationSeconds;
            if (countAchieved && offered > 0 && s.Ok < MinAchieved * Math.Round(offered))
                return $"{s.Name}: {s.Ok} of {Math.Round(offered):0} offered calls completed";
            var bound = P99MsOf(s.Name);
            var (figure, what) = s.Latency.Count >= 100 ? (s.Latency.P99, "p99") : (s.Latency.Max, $"slowest of {s.Latency.Count}");
            if (s.Latency.Count == 0) return $"{s.Name}: no call completed";
            if (figure > bound) return string.Create(CultureInfo.InvariantCulture, $"{s.Name}: {what} {figure:#,##0} ms > {bound:#,##0} ms");
        }
        if (MaxLatencyGrowth is { } max && scenarios.Select(s => LatencyGrowth(s, max)).FirstOrDefault(g => g is not null) is { } growth) return growth;
        // A team's mix searches the rate its methods share (none of them named as the mix is).
        return scenarios.Any(s => s.Name == searched) || (Bounds is not null && scenarios.Count > 0) ? null : $"{searched}: not measured";
    }
}

/// <summary>One steady phase of a capacity search, after its own warm-up, on a host started for the search.</summary>
/// <param name="OfferedPerSecond">The searched scenario's rate.</param>
/// <param name="Missed">Null if it held the SLO; else how it missed.</param>
/// <param name="Scenarios">The measured figures (without the per-call points).</param>
/// <param name="ServerCpuSeconds">The host's CPU time over the probe's measured span (schema 2 and before: warm-up included); null for a floor without a host process.</param>
/// <param name="ClientCpuSeconds">The load worker's, over the same span.</param>
/// <param name="Calls">The calls over that span (schema 2 and before: every call started, warm-up included): what the CPU times are divided by.</param>
/// <param name="UploadedMiB">Payload bytes those calls carried, in MiB: what CPU per MiB is over.</param>
/// <param name="Seconds">The span the CPU times are over: from the end of the worker's warm-up (schema 2 and before: its beginning) to its last call's end.</param>
/// <param name="SearchedCalls">The searched scenario's calls over that span; null in files written before it was kept (its invocations stand in).</param>
public sealed record CapacityProbe(double OfferedPerSecond, string? Missed, IReadOnlyList<ScenarioStats> Scenarios, double? ServerCpuSeconds,
    double? ClientCpuSeconds, long Calls, double UploadedMiB, double Seconds = 0, long? SearchedCalls = null)
{
    public bool Held => Missed is null;

    /// <summary>The host's page faults over the same span as <see cref="ServerCpuSeconds"/>; null where not counted (before 2026-12-03).</summary>
    public PageFaults? ServerFaults { get; init; }

    /// <summary>The load worker's, over the span of <see cref="ClientCpuSeconds"/>.</summary>
    public PageFaults? ClientFaults { get; init; }

    /// <summary>The host's minor faults per call of the mix (every scenario's calls, as <see cref="ServerCpuMsPerCall"/>).</summary>
    public double? ServerFaultsPerCall => Calls > 0 && ServerFaults is { } faults ? faults.Minor / (double)Calls : null;

    public double? ServerCpuMsPerCall => Calls > 0 ? ServerCpuSeconds * 1000 / Calls : null;

    public double? ClientCpuMsPerCall => Calls > 0 ? ClientCpuSeconds * 1000 / Calls : null;

    public ScenarioStats? Scenario(string name) => Scenarios.FirstOrDefault(s => s.Name == name);
}

/// <summary>
/// The highest steady rate of <see cref="Scenario"/> a configuration held within the SLO, and every probe that found it.
/// </summary>
/// <param name="CallsPerSecond">The highest rate held; null if even the lowest rate tried missed.</param>
/// <param name="Resolution">The search stopped once the rate missed within this fraction above the one held.</param>
/// <param name="Bound">Why the search ended where it did: "resolution", "budget", "lowest rate missed", "highest rate held".</param>
/// <param name="Mix">The capacity preset's mix this search belongs to: "uploads", "getInt", "mixed".</param>
/// <param name="ServerUtilization">
/// How busy the host's CPUs were at the capacity (its CPU time over the probe's span, over its CPUs): near 1 when the
/// server was the limit; well under it, the client or the sender was.
/// </param>
/// <param name="ClientUtilization">The same of the load worker.</param>
public sealed record CapacityResult(string Scenario, double? CallsPerSecond, CapacitySlo Slo, Arrivals Arrivals, double Resolution, string Bound,
    IReadOnlyList<CapacityProbe> Probes, double? ServerUtilization = null, double? ClientUtilization = null, string? Mix = null)
{
    /// <summary>The probe at the capacity.</summary>
    public CapacityProbe? AtCapacity => Probes.Where(p => p.Held).MaxBy(p => p.OfferedPerSecond);

    /// <summary>The host's CPU ms per searched call at the capacity: all of its CPU over the probe's span, over the searched scenario's calls.</summary>
    public double? HostCpuMsPerCallAtCapacity => AtCapacity is { ServerCpuSeconds: { } cpu } probe && (probe.SearchedCalls ?? probe.Scenario(Scenario)?.Invocations) is > 0 and var calls
        ? cpu * 1000 / calls : null;

    /// <summary>The probe that ended the search: the lowest rate missed above the capacity; null where none missed.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public CapacityProbe? FirstMissed => Probes.Where(p => !p.Held && (CallsPerSecond is null || p.OfferedPerSecond > CallsPerSecond)).MinBy(p => p.OfferedPerSecond);

    /// <summary>
    /// The SLO term that ended the search (<see cref="CapacityLimit"/>: "getInt p99", "keep-pace", ...); where no rate
    /// above the capacity missed, the <see cref="Bound"/> that stopped it ("budget", "highest rate held").
    /// </summary>
    public string Limit => FirstMissed?.Missed is { } missed ? CapacityLimit.Of(missed) : Bound;
}

/// <summary>What a call costs each side, measured at a steady rate every configuration of the mix held.</summary>
/// <param name="AtPerSecond">The rate it was measured at.</param>
public sealed record CallCost(double AtPerSecond, double? ServerCpuMsPerCall, double? ClientCpuMsPerCall, double? ServerCpuMsPerMiB, double? ClientCpuMsPerMiB,
    double? ServerPeakRssMiB, double? ClientPeakRssMiB);
