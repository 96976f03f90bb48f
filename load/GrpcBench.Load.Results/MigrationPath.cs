namespace GrpcBench.Load.Results;

/// <summary>
/// The path from Kestrel's defaults toward Grpc.Core, one decided change at a time, and what bounds it: each change
/// the screen found helping tried on top of the steps before it (interleaved saturated runs of the path so far with and
/// without it), taken where it still helps; the capacity of each step on the story's mix; Grpc.Core's and the floors'
/// (Kestrel's raw HTTP/2 POST of the same bytes, a bare TCP socket) beside it; the story's own load on the ends.
/// </summary>
/// <param name="Steps">Step 0 is grpc-dotnet on Kestrel with every default; each later one adds one change.</param>
/// <param name="Trials">Every change tried, in order, taken or not.</param>
/// <param name="Bounds">Grpc.Core's capacity and the floors', each searched once on the same mix and SLO.</param>
/// <param name="Story">The story's load (the seed preset's ramp) on Grpc.Core, the defaults and the path's end.</param>
/// <param name="Ending">Where the path ends, in words: Grpc.Core's capacity reached, or how far from the floor, and why no step can close the rest.</param>
public sealed record MigrationPath(IReadOnlyList<PathStep> Steps, IReadOnlyList<PathTrial> Trials, IReadOnlyList<PathBound> Bounds, IReadOnlyList<StoryRow> Story, string Ending);

/// <summary>The path so far, measured on the runs that confirmed its last change.</summary>
/// <param name="Change">The change this step adds; null for step 0.</param>
/// <param name="VersusBefore">Saturated throughput over the step before's, interleaved runs, with its 95 % interval.</param>
/// <param name="Decision">"helps" (the interval above 1); null for step 0.</param>
/// <param name="Capacity">The step's SLO capacity on the story's mix, searched once.</param>
/// <param name="HostCpuMsPerUpload">The host's CPU per upload in the saturated runs (getInt's calls beside included).</param>
/// <param name="GetIntP99Ms">getInt's p99 beside the saturated uploads.</param>
public sealed record PathStep(int Number, KnobChoice? Change, string Label, Spread? PerSecond, Spread? VersusBefore, string? Decision, SearchedCapacity? Capacity,
    Spread? HostCpuMsPerUpload, Spread? GetIntP99Ms, Spread? HostPeakRssMiB);

/// <summary>A change tried on top of step <paramref name="OnStep"/>, with the screen's ratio it was picked by.</summary>
/// <param name="Verdict">"helps", "no effect found", "hurts" or "could not tell" on top of the path; taken only where it helps.</param>
public sealed record PathTrial(int OnStep, KnobChoice Change, Spread? Screened, Spread? VersusBefore, string Verdict, bool Taken);

/// <summary>One capacity search: the highest rate held within the SLO and the lowest missed above it (the capacity lies between).</summary>
public sealed record SearchedCapacity(double? Held, double? Missed, string? Reason)
{
    /// <summary>This capacity over <paramref name="other"/>'s, with the range the two searches' brackets allow; null where either held nothing.</summary>
    public Spread? Over(SearchedCapacity other) => Held is { } held && other.Held is { } otherHeld
        ? new Spread(held / otherHeld, held / (other.Missed ?? otherHeld), (Missed ?? held) / otherHeld, 1, "search brackets")
        : null;
}

/// <summary>A configuration the path is measured against: Grpc.Core, or a floor no gRPC-level change can pass.</summary>
/// <param name="Name">"Grpc.Core", "raw HTTP/2" or "raw TCP".</param>
public sealed record PathBound(string Name, string Label, SearchedCapacity? Capacity);

/// <summary>The story's own load on one configuration: what a team saw before and sees after.</summary>
/// <param name="Name">"Grpc.Core", "default" or "path's end".</param>
public sealed record StoryRow(string Name, string Label, string Status, long Uploads, long UploadsFailed, double? UploadP99Ms, long GetInts, long GetIntsFailed, double? GetIntP99Ms);
