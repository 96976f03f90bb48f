using GrpcBench.Load.Hazards;

namespace GrpcBench.Load.Tests;

public class HazardRowsTests
{
    private const string Ok = "grpc-status 0 OK";

    [Fact]
    public void Rows_put_the_cases_where_the_stacks_differ_first()
    {
        HazardResult Result(string id, string stack, string answer) => new(id, stack, answer, null, true, null, 1, 1, 0);
        var rows = HazardRows.From(HazardCatalogue.All.Take(3).ToList(),
            [Result("control", "grpc-core", Ok), Result("control", "kestrel", Ok),
             Result("message-at-limit", "grpc-core", Ok), Result("message-at-limit", "kestrel", "connection closed"),
             Result("message-over-limit", "grpc-core", Ok)],
            HazardProbe.Stacks);

        Assert.Equal(["message-at-limit", "message-over-limit", "control"], rows.Select(r => r.Case));
        Assert.Equal([true, true, false], rows.Select(r => r.Differ));
    }
}
