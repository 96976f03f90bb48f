namespace GrpcBench.Load.Results;

/// <summary>
/// The path from Kestrel's defaults toward Grpc.Core, one decided change at a time, and what bounds it: each change
/// the screen found helping tried on top of the steps before it (interleaved saturated runs of the path so far with and
/// without it), taken where it still helps; the capacity of each step on the story's mix; Grpc.Core's and the floors'
/// (Kestrel's raw HTTP/2 POST of the same bytes, a bare TCP socket) beside it; the story's own load on the ends.
/// </summary>
/// <param name="Steps">Step 0 is grpc-dotnet on Kestrel with every default; each later one adds one change.</param>
/// <param name="Trials">Every change tried, in order, taken or not.</param>
/// <param name="EndSearches">The path's end's capacity searches on the story's mix: its step's, then the headline's.</param>
/// <param name="Bounds">Grpc.Core and the floors, each searched on the same mix and SLO and compared with the path's end.</param>
/// <param name="Story">The story's load (the story preset's ramp) on Grpc.Core, the defaults and the path's end.</param>
/// <param name="Ending">Where the path ends, in words: Grpc.Core's capacity reached, or how far from the floor, and why no step can close the rest.</param>
public sealed record MigrationPath(IReadOnlyList<PathStep> Steps, IReadOnlyList<PathTrial> Trials, IReadOnlyList<SearchedCapacity> EndSearches, IReadOnlyList<PathBound> Bounds,
    IReadOnlyList<StoryRow> Story, string Ending)
{
    /// <summary>The story's ramp peak as run: 50/s, or Grpc.Core's capacity where that was lower (null in files written before it was kept: 50/s).</summary>
    public double? StoryPeakPerSecond { get; init; }

    /// <summary>
    /// The headline's second capacity, beside the story's mix SLO (<see cref="EndSearches"/>, <see cref="Bounds"/>): the
    /// path's end's and Grpc.Core's uploads within the uploads' own SLO, getInt beside them at its rate, its p99 shown and
    /// not bound. Empty in files written before it was searched (2026-12-04) and on a team's service.
    /// </summary>
    public IReadOnlyList<UploadSloCapacity> WithinUploadSlo { get; init; } = [];
}

/// <summary>The path so far, measured on the runs that confirmed its last change.</summary>
/// <param name="Change">The change this step adds; null for step 0.</param>
/// <param name="VersusBefore">Saturated throughput over the step before's, interleaved runs, with its 95 % interval.</param>
/// <param name="Decision">"helps" (the interval above 1); null for step 0.</param>
/// <param name="Capacity">The step's SLO capacity on the story's mix, searched once.</param>
/// <param name="HostCpuMsPerUpload">The host's CPU per upload in the saturated runs (getInt's calls beside included).</param>
/// <param name="GetIntP99Ms">getInt's p99 beside the saturated uploads.</param>
public sealed record PathStep(int Number, KnobChoice? Change, string Label, Spread? PerSecond, Spread? VersusBefore, string? Decision, SearchedCapacity? Capacity,
    Spread? HostCpuMsPerUpload, Spread? GetIntP99Ms, Spread? HostPeakRssMiB)
{
    /// <summary>The host's minor page faults per upload in the same runs; null where not counted (before 2026-12-03).</summary>
    public Spread? HostFaultsPerUpload { get; init; }
}

/// <summary>A change tried on top of step <paramref name="OnStep"/>, with the screen's ratio it was picked by.</summary>
/// <param name="Verdict">"helps", "no effect found", "hurts" or "could not tell" on top of the path; taken only where it helps.</param>
public sealed record PathTrial(int OnStep, KnobChoice Change, Spread? Screened, Spread? VersusBefore, string Verdict, bool Taken);

/// <summary>One capacity search: the highest rate held within the SLO and the lowest missed above it (the capacity lies between).</summary>
/// <param name="Reason">Why it held nothing; null where it held a rate.</param>
public sealed record SearchedCapacity(double? Held, double? Missed, string? Reason)
{
    /// <summary>What ended the search (<see cref="CapacityResult.Limit"/>); null in files written before it was kept.</summary>
    public string? Limit { get; init; }

    /// <summary>How busy the host's CPUs were at the rate held (0-1 of its CPUs).</summary>
    public double? HostBusy { get; init; }

    /// <summary>How busy the load worker's CPUs were there.</summary>
    public double? WorkerBusy { get; init; }

    /// <summary>The <see cref="PhysicsCheck"/> at the rate held: that rate x the host's CPU per call there, over its CPUs.</summary>
    public double? Physics { get; init; }

    /// <summary>The limit most of <paramref name="searches"/> ended on; null where none is known.</summary>
    public static string? CommonestLimit(IReadOnlyList<SearchedCapacity> searches) =>
        searches.Select(s => s.Limit).OfType<string>().GroupBy(l => l).OrderByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal).FirstOrDefault()?.Key;

    /// <summary>This capacity over <paramref name="other"/>'s, with the range the two searches' brackets allow; null where either held nothing.</summary>
    public Spread? Over(SearchedCapacity other) => Held is { } held && other.Held is { } otherHeld
        ? new Spread(held / otherHeld, held / (other.Missed ?? otherHeld), (Missed ?? held) / otherHeld, 1, "search brackets")
        : null;

    /// <summary>The median of the rates held; null where no search held one.</summary>
    public static double? MedianHeld(IReadOnlyList<SearchedCapacity> searches)
    {
        var held = searches.Select(s => s.Held).OfType<double>().OrderBy(h => h).ToList();
        return held.Count == 0 ? null : held.Count % 2 == 1 ? held[held.Count / 2] : (held[held.Count / 2 - 1] + held[held.Count / 2]) / 2;
    }

    /// <summary>
    /// The capacity of <paramref name="searches"/> over <paramref name="of"/>'s: the medians' ratio, with the range of every
    /// pair's ratio (one search each: the brackets' range); null where either held nothing.
    /// </summary>
    public static Spread? Ratio(IReadOnlyList<SearchedCapacity> searches, IReadOnlyList<SearchedCapacity> of)
    {
        if (searches.Count == 1 && of.Count == 1) return searches[0].Over(of[0]);
        var (top, bottom) = (searches.Select(s => s.Held).OfType<double>().ToList(), of.Select(s => s.Held).OfType<double>().ToList());
        if (top.Count == 0 || bottom.Count == 0) return null;
        var pairs = top.Count * bottom.Count;
        return new Spread(MedianHeld(searches)!.Value / MedianHeld(of)!.Value, top.Min() / bottom.Max(), top.Max() / bottom.Min(), pairs, $"range of {pairs} search ratios");
    }
}

/// <summary>A configuration the path's end is measured against: Grpc.Core, or a floor no gRPC-level change can pass.</summary>
/// <param name="Name">"Grpc.Core", "raw HTTP/2" or "raw TCP".</param>
/// <param name="Searches">Its capacity searches on the same mix and SLO, interleaved with the path's end's.</param>
/// <param name="EndOver">The path's end's capacity over this one (<see cref="SearchedCapacity.Ratio"/>).</param>
/// <param name="PerSecond">Its saturated throughput in the confirming runs, interleaved with the path's end's; null where it had none.</param>
/// <param name="EndThroughputOver">The path's end's saturated throughput over this one in those runs, with its interval.</param>
/// <param name="HostBusy">How busy its host was in those runs (median, 0-1 of its CPUs): well below 1, one caller did not saturate it and only its capacity compares.</param>
public sealed record PathBound(string Name, string Label, IReadOnlyList<SearchedCapacity> Searches, Spread? EndOver, Spread? PerSecond, Spread? EndThroughputOver, double? HostBusy)
{
    public double? Held => SearchedCapacity.MedianHeld(Searches);
}

/// <summary>The story's own load on one configuration: what a team saw before and sees after.</summary>
/// <param name="Name">"Grpc.Core", "default" or "path's end".</param>
public sealed record StoryRow(string Name, string Label, ConfigurationStatus Status, long Uploads, long UploadsFailed, double? UploadP99Ms, long GetInts, long GetIntsFailed, double? GetIntP99Ms);

/// <summary>One configuration's capacity within the uploads' own SLO (<see cref="MigrationPath.WithinUploadSlo"/>).</summary>
/// <param name="Name">"path's end" or "Grpc.Core".</param>
/// <param name="Searches">
/// Its searches on the story's mix themselves where none of their probes missed on getInt's p99 (every probe would have
/// decided alike without that bound: <paramref name="SameAsMixSearches"/>); else one search with getInt's p99 unbound.
/// </param>
/// <param name="GetIntP99Ms">getInt's p99 at the rate held (the median over its searches): what the small calls beside the uploads got there.</param>
public sealed record UploadSloCapacity(string Name, IReadOnlyList<SearchedCapacity> Searches, bool SameAsMixSearches, double? GetIntP99Ms)
{
    public double? Held => SearchedCapacity.MedianHeld(Searches);
}
