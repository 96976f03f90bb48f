using System.Globalization;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>Where the path ends, in words, from its last step's capacity, Grpc.Core's and Kestrel's raw HTTP/2 floor's.</summary>
public static class PathEnding
{
    public const string GrpcCore = "Grpc.Core", RawHttp2 = "raw HTTP/2", RawTcp = "raw TCP";

    public static string Of(IReadOnlyList<PathStep> steps, IReadOnlyList<PathBound> bounds, bool everyChangeTried)
    {
        static double? Held(PathBound? bound) => bound?.Capacity?.Held;
        var end = steps.Count > 0 ? steps[^1].Capacity?.Held : null;
        var (grpcCore, floor) = (Held(bounds.FirstOrDefault(b => b.Name == GrpcCore)), Held(bounds.FirstOrDefault(b => b.Name == RawHttp2)));
        var taken = steps.Count - 1;
        var walked = taken == 0 ? "No change helped on top of the defaults, so the path stays at them" : $"The path takes {taken} change{(taken == 1 ? "" : "s")}";
        var tried = everyChangeTried ? "every change the screen found helping was tried" : "the budget ended before every change the screen found helping was tried";
        if (end is not { } reached) return $"{walked}; its last step held no rate within the SLO, so where it ends cannot be told ({tried}).";
        if (grpcCore is { } core && reached >= core)
            return Invariant($"{walked}; its end reaches Grpc.Core's capacity: {reached:0.#}/s against {core:0.#}/s (x{reached / core:0.00}); {tried}.");
        if (floor is not { } http2)
            return Invariant($"{walked}; its end holds {reached:0.#}/s") + (grpcCore is { } c ? Invariant($", x{reached / c:0.00} of Grpc.Core's {c:0.#}/s") : "")
                   + $"; Kestrel's raw HTTP/2 floor was not measured, so what bounds the rest cannot be told ({tried}).";
        var versusCore = grpcCore is { } gc ? Invariant($", which is itself x{http2 / gc:0.00} of Grpc.Core's {gc:0.#}/s") : "";
        var reading = grpcCore is { } g && http2 < g
            ? reached >= 0.9 * http2
                ? ": the rest of the gap to Grpc.Core is in Kestrel's own HTTP/2 request path (the floor posts the same bytes without gRPC), not in anything a setting or the service's code can change"
                : ": the floor leaves room the path has not taken; changes the screen did not try could still close it"
            : ": the floor is above Grpc.Core's capacity, so Kestrel's request path does not bound the gap; changes the screen did not try could still close it";
        return Invariant($"{walked}; its end holds {reached:0.#}/s, {reached / http2 * 100:0} % of Kestrel's raw HTTP/2 floor ({http2:0.#}/s){versusCore}") + reading + $" ({tried}).";
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
