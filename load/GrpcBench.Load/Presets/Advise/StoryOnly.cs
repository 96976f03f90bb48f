namespace GrpcBench.Load;

/// <summary>
/// The advice's parts that only the story's contract has: on a team's service (<c>--service-assembly</c>) the advise
/// preset leaves them out, and its advice says so, one line each.
/// </summary>
public static class StoryOnly
{
    /// <summary>Whether <paramref name="mix"/> is the story's (sendLargeData, getInt), for which every part runs.</summary>
    public static bool Runs(CapacityMix mix) => mix.Load.Service is null;

    /// <summary>What a team's service leaves out, and why: the notes of its advice.</summary>
    public static readonly IReadOnlyList<string> LeftOut =
    [
        "Design alternatives left out (upload chunk sizes, gzip, the upload's reader and writer): each is a code path of the story's own contract "
        + "(sendLargeData, uploadChunks); the bench has none for your methods, whose code is yours to change.",
        "The floors left out (Kestrel's raw HTTP/2 endpoint and a bare TCP socket): they post the story's upload bytes to the bench's own endpoints, "
        + "which have no counterpart of your methods.",
        "The story's ramp left out: it is the story's load on its own contract; your methods' load is the scenario file's mix, whose capacity the headline searches.",
        "Grpc.Core's memory settings (glibc's malloc tunables, the GC's memory knobs) not screened on its host: their question is whether each of the story's 20 MiB "
        + "messages is mapped fresh; Grpc.Core is confirmed at its defaults and memory tuned (glibc's mmap and trim thresholds) beside your methods' path.",
    ];
}
