using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Analysis;

public class PathEndingTests
{
    private static PathStep Step(int number) => new(number, null, $"step {number}", null, null, null, null, null, null, null);

    private static IReadOnlyList<SearchedCapacity> Searched(params double[] held) => Ended("sendLargeData p99", held);

    private static IReadOnlyList<SearchedCapacity> Ended(string limit, params double[] held) => [.. held.Select(h => new SearchedCapacity(h, h * 1.05, null) { Limit = limit })];

    private static PathBound Bound(string name, IReadOnlyList<SearchedCapacity> end, double[] held, Spread? throughputOver = null, double? busy = null, string limit = "sendLargeData p99") =>
        new(name, name, Ended(limit, held), SearchedCapacity.Ratio(end, Ended(limit, held)), null, throughputOver, busy);

    [Fact]
    public void A_path_whose_every_search_passes_grpc_cores_reaches_it()
    {
        var end = Searched(34, 36);
        var ending = PathEnding.Of([Step(0), Step(1)], end, [Bound(PathEnding.GrpcCore, end, [31, 33]), Bound(PathEnding.RawHttp2, end, [30, 30])], everyChangeTried: true, endClientBound: false);

        Assert.StartsWith("The path takes 1 change; its end holds 35/s (median of 2 capacity searches), x1.09 (range of 4: 1.03-1.16) of Grpc.Core's 32/s: Grpc.Core's capacity reached", ending);
    }

    [Fact]
    public void Above_grpc_cores_capacity_on_another_limit_is_not_reaching_it_and_says_which_limit_held_each_back()
    {
        var end = Searched(34, 36);
        var ending = PathEnding.Of([Step(0), Step(1)], end, [Bound(PathEnding.GrpcCore, end, [31, 33], limit: "getInt p99"), Bound(PathEnding.RawHttp2, end, [30, 30])], true, false);

        Assert.Contains("(different limits: the end's searches ended on sendLargeData p99, Grpc.Core's on getInt p99, so the ratio compares two bounds, not one), above Grpc.Core's on another limit", ending);
        Assert.DoesNotContain("reached", ending);
    }

    [Fact]
    public void Searches_either_side_of_grpc_core_do_not_reach_it()
    {
        var end = Searched(30, 36);
        var ending = PathEnding.Of([Step(0), Step(1)], end, [Bound(PathEnding.GrpcCore, end, [31, 33]), Bound(PathEnding.RawHttp2, end, [40, 42])], true, false);

        Assert.Contains("about Grpc.Core's (the searches' range reaches below it)", ending);
        Assert.DoesNotContain("reached", ending);
    }

    [Fact]
    public void Near_a_floor_below_grpc_core_the_rest_of_the_gap_is_kestrels()
    {
        var end = Searched(27, 28);
        var ending = PathEnding.Of([Step(0), Step(1), Step(2)], end, [Bound(PathEnding.GrpcCore, end, [33, 34]), Bound(PathEnding.RawHttp2, end, [28, 29])], true, false);

        Assert.Contains("of Kestrel's raw HTTP/2 floor with the same Kestrel and runtime settings (28.5/s), which is itself x0.85 (range of 4: 0.82-0.88) of Grpc.Core's", ending);
        Assert.Contains("96 % (range of 4: 93-100)", ending);
        Assert.Contains("in Kestrel's own HTTP/2 request path", ending);
    }

    [Fact]
    public void Far_below_the_floor_or_with_the_floor_above_grpc_core_nothing_is_blamed_on_kestrel()
    {
        var end = Searched(21);
        Assert.Contains("leaves room the path has not taken", PathEnding.Of([Step(0)], end, [Bound(PathEnding.GrpcCore, end, [33]), Bound(PathEnding.RawHttp2, end, [30])], false, false));
        Assert.Contains("does not bound the gap", PathEnding.Of([Step(0)], end, [Bound(PathEnding.GrpcCore, end, [33]), Bound(PathEnding.RawHttp2, end, [40])], true, false));
        Assert.StartsWith("No change helped on top of the defaults, so the path stays at them; its end holds 21/s (one capacity search)",
            PathEnding.Of([Step(0)], end, [Bound(PathEnding.GrpcCore, end, [33])], true, false));
    }

    [Fact]
    public void The_saturated_runs_are_quoted_with_what_limited_them()
    {
        var end = Searched(40, 41);
        var ending = PathEnding.Of([Step(0), Step(1)], end,
            [Bound(PathEnding.GrpcCore, end, [60, 62], new Spread(1.19, 0.76, 1.48, 3, "95 % CI"), busy: 0.65), Bound(PathEnding.RawHttp2, end, [45, 47], new Spread(1.05, 0.98, 1.1, 3, "95 % CI"))],
            true, endClientBound: true);

        Assert.Contains("its throughput is x1.05 [0.98, 1.10] of Kestrel's raw HTTP/2 floor's and x1.19 [0.76, 1.48] of Grpc.Core's", ending);
        Assert.Contains("Grpc.Core's host was only 65 % busy there", ending);
        Assert.Contains("the end's runs were client-bound", ending);
    }
}
