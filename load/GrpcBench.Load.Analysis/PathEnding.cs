using System.Globalization;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// Where the path ends, in words: its end's capacity against Grpc.Core's and Kestrel's raw HTTP/2 floor's (the medians
/// of their searches, with the range of every pair's ratio), what that means for the rest of the gap, and what the
/// interleaved saturated runs add.
/// </summary>
public static class PathEnding
{
    public const string GrpcCore = "Grpc.Core", RawHttp2 = "raw HTTP/2", RawTcp = "raw TCP";

    /// <summary>Grpc.Core's host with glibc's malloc tuned to reuse memory (<see cref="GrpcCoreMemoryTuning"/>): what the old stack gets from the same kind of setting.</summary>
    public const string GrpcCoreMemoryTuned = "Grpc.Core, memory tuned";

    /// <summary>
    /// glibc's malloc keeps blocks up to 32 MiB in its heap instead of mapping each fresh (mmap_threshold), and holds up
    /// to 256 MiB freed before it hands memory back (trim_threshold), so that the 20 MiB message buffers Grpc.Core's C
    /// core allocates are reused rather than faulted in page by page. Measured with h2load on the 2-core reference VM:
    /// about 6,100 minor faults per 20 MiB upload became about 3,000, and 109-123 ms of host CPU 51-56 ms.
    /// </summary>
    public static readonly (string Variable, string Value) GrpcCoreMemoryTuning =
        ("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456");

    /// <summary>Below this share of its CPUs busy, a host's saturated run was bounded by the one caller's latency, not by the host.</summary>
    public const double SaturatedHost = 0.85;

    /// <param name="withFloors">False on a team's service, which has no floors (they post the story's upload bytes) and runs many callers.</param>
    public static string Of(IReadOnlyList<PathStep> steps, IReadOnlyList<SearchedCapacity> endSearches, IReadOnlyList<PathBound> bounds, bool everyChangeTried, bool endClientBound,
        bool withFloors = true)
    {
        var taken = Math.Max(0, steps.Count - 1);
        var walked = taken == 0 ? "No change helped on top of the defaults, so the path stays at them" : $"The path takes {taken} change{(taken == 1 ? "" : "s")}";
        var changes = withFloors ? "every change the screen found helping, and each message-path alternative that could act," : "every change the screen found helping";
        var tried = everyChangeTried ? $"{changes} was tried" : $"the budget ended before {changes} was tried";
        if (SearchedCapacity.MedianHeld(endSearches) is not { } end) return $"{walked}; its end held no rate within the SLO, so where it ends cannot be told ({tried}).";
        var (grpcCore, floor) = (bounds.FirstOrDefault(b => b.Name == GrpcCore), bounds.FirstOrDefault(b => b.Name == RawHttp2));
        var text = Invariant($"{walked}; its end holds {end:0.#}/s ({Searches(endSearches.Count)})");
        if (grpcCore?.EndOver is { } versusCore)
        {
            text += Invariant($", x{versusCore.Describe()} of Grpc.Core's {grpcCore.Held:0.#}/s");
            var (endLimit, coreLimit) = (SearchedCapacity.CommonestLimit(endSearches), SearchedCapacity.CommonestLimit(grpcCore.Searches));
            var sameLimit = endLimit is null || coreLimit is null || endLimit == coreLimit;
            if (!sameLimit) text += $" (different limits: the end's searches ended on {endLimit}, Grpc.Core's on {coreLimit}, so the ratio compares two bounds, not one)";
            if (versusCore.Lower >= 1 && sameLimit) return text + $": Grpc.Core's capacity reached ({tried})." + Throughput(grpcCore, floor, endClientBound, withFloors);
            if (versusCore.Lower >= 1) text += ", above Grpc.Core's on another limit";
            else if (versusCore.Median >= 1) text += ", about Grpc.Core's (the searches' range reaches below it)";
        }
        if (!withFloors) return text + $" ({tried}; no floors on your own methods)." + Throughput(grpcCore, null, endClientBound, withFloors);
        if (floor?.EndOver is not { } versusFloor || floor.Held is not { } http2)
            return text + $"; Kestrel's raw HTTP/2 floor held nothing or was not measured, so what bounds the rest cannot be told ({tried})." + Throughput(grpcCore, floor, endClientBound, withFloors);
        text += Invariant($"; {versusFloor.Median * 100:0} % {(versusFloor with { Median = versusFloor.Median * 100, Lower = versusFloor.Lower * 100, Upper = versusFloor.Upper * 100 }).Bounds("0")} of Kestrel's raw HTTP/2 floor with the same Kestrel and runtime settings ({http2:0.#}/s)");
        var floorVersusCore = grpcCore is null ? null : SearchedCapacity.Ratio(floor.Searches, grpcCore.Searches);
        if (floorVersusCore is { } f) text += Invariant($", which is itself x{f.Describe()} of Grpc.Core's");
        var reading = floorVersusCore is not { Median: < 1 }
            ? ": the floor is not below Grpc.Core's capacity, so Kestrel's request path does not bound the gap; changes the screen did not try could still close it"
            : versusFloor.Lower >= 0.9
                ? ": the rest of the gap to Grpc.Core is in Kestrel's own HTTP/2 request path (the floor posts the same bytes without gRPC), not in anything a setting or the service's code can change"
                : versusFloor.Median >= 0.9
                    ? ": most of the rest of the gap is in Kestrel's own HTTP/2 request path, though the searches' range reaches below 90 % of the floor"
                    : ": the floor leaves room the path has not taken; changes the screen did not try could still close it";
        return text + reading + $" ({tried})." + Throughput(grpcCore, floor, endClientBound, withFloors);
    }

    /// <summary>What the confirming runs add: the end's saturated throughput over the floor's and Grpc.Core's, and what limits those runs.</summary>
    private static string Throughput(PathBound? grpcCore, PathBound? floor, bool endClientBound, bool oneCaller)
    {
        var parts = new[] { (Name: "Kestrel's raw HTTP/2 floor's", Bound: floor), (Name: "Grpc.Core's", Bound: grpcCore) }
            .Where(p => p.Bound?.EndThroughputOver is not null)
            .Select(p => $"x{p.Bound!.EndThroughputOver!.Describe()} of {p.Name}").ToList();
        if (parts.Count == 0) return "";
        var text = $" On interleaved saturated runs ({(oneCaller ? "one upload caller" : "the methods' callers in a closed loop")}) its throughput is {string.Join(" and ", parts)}";
        if (grpcCore?.HostBusy is < SaturatedHost and var busy)
            text += Invariant($"; Grpc.Core's host was only {busy * 100:0} % busy there (the {(oneCaller ? "one caller's" : "callers'")} latency, not the host, set its pace), so its capacity is the comparison that counts");
        if (endClientBound) text += "; the end's runs were client-bound (the load worker set their pace), so its throughput ratios understate the server's";
        return text + ".";
    }

    /// <summary>
    /// The headline's second capacity in words: the path's end's and Grpc.Core's uploads within the uploads' own SLO
    /// (getInt beside them, its p99 shown, not bound), each with the limit that ended it and getInt's p99 there; "reached"
    /// only where both ended on the same limit. Empty where either was not searched.
    /// </summary>
    public static string WithinUploadSlo(IReadOnlyList<UploadSloCapacity> capacities, string uploadBound)
    {
        if (capacities.FirstOrDefault(c => c.Name == "path's end") is not { Held: { } end } endRow
            || capacities.FirstOrDefault(c => c.Name == GrpcCore) is not { Held: { } core } coreRow) return "";
        static string Row(string name, UploadSloCapacity c) => Invariant($"{name} {c.Held:0.#}/s (ended on {SearchedCapacity.CommonestLimit(c.Searches) ?? "-"}")
            + (c.GetIntP99Ms is { } p99 ? Invariant($"; getInt p99 {p99:0.#} ms there") : "") + ")";
        var ratio = SearchedCapacity.Ratio(endRow.Searches, coreRow.Searches)!;
        var (endLimit, coreLimit) = (SearchedCapacity.CommonestLimit(endRow.Searches), SearchedCapacity.CommonestLimit(coreRow.Searches));
        var verdict = endLimit != coreLimit ? $": they ended on different limits ({endLimit}, {coreLimit}), so the ratio compares two bounds, not one"
            : ratio.Lower >= 1 ? ": Grpc.Core's capacity reached on the same limit"
            : ratio.Upper < 1 ? Invariant($": {(1 - ratio.Median) * 100:0} % short of Grpc.Core's on the same limit") : ": about Grpc.Core's (the searches' range spans it)";
        return Invariant($"Within the uploads' own SLO ({uploadBound}; getInt at its rate beside them, its p99 shown, not bound): ")
               + $"{Row("the path's end", endRow)}, {Row("Grpc.Core", coreRow)}, x{ratio.Describe()}{verdict}.";
    }

    private static string Searches(int count) => count == 1 ? "one capacity search" : $"median of {count} capacity searches";

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
