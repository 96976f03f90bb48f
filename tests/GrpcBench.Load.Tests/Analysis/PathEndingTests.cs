using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Analysis;

public class PathEndingTests
{
    private static PathStep Step(int number, double? held) => new(number, null, $"step {number}", null, null, null, new SearchedCapacity(held, held * 1.05, null), null, null, null);

    private static PathBound Bound(string name, double held) => new(name, name, new SearchedCapacity(held, held * 1.05, null));

    [Fact]
    public void A_path_past_grpc_core_reaches_it()
    {
        var ending = PathEnding.Of([Step(0, 21), Step(1, 34)], [Bound(PathEnding.GrpcCore, 33), Bound(PathEnding.RawHttp2, 30)], everyChangeTried: true);

        Assert.StartsWith("The path takes 1 change; its end reaches Grpc.Core's capacity: 34/s against 33/s (x1.03)", ending);
    }

    [Fact]
    public void Near_a_floor_below_grpc_core_the_rest_of_the_gap_is_kestrels()
    {
        var ending = PathEnding.Of([Step(0, 21), Step(1, 25), Step(2, 27.5)], [Bound(PathEnding.GrpcCore, 33), Bound(PathEnding.RawHttp2, 28)], true);

        Assert.Contains("its end holds 27.5/s, 98 % of Kestrel's raw HTTP/2 floor (28/s), which is itself x0.85 of Grpc.Core's 33/s", ending);
        Assert.Contains("in Kestrel's own HTTP/2 request path", ending);
    }

    [Fact]
    public void Far_below_the_floor_or_with_the_floor_above_grpc_core_nothing_is_blamed_on_kestrel()
    {
        Assert.Contains("leaves room the path has not taken", PathEnding.Of([Step(0, 21)], [Bound(PathEnding.GrpcCore, 33), Bound(PathEnding.RawHttp2, 30)], false));
        Assert.Contains("does not bound the gap", PathEnding.Of([Step(0, 21)], [Bound(PathEnding.GrpcCore, 33), Bound(PathEnding.RawHttp2, 40)], true));
        Assert.StartsWith("No change helped on top of the defaults, so the path stays at them; its end holds 21/s", PathEnding.Of([Step(0, 21)], [Bound(PathEnding.GrpcCore, 33)], true));
    }
}
