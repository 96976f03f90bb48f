using System.Text.Json;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

public class StatsJsonTests
{
    [Fact]
    public void A_result_survives_a_JSON_round_trip_with_its_fail_codes()
    {
        var stats = new ScenarioStats("getInt", 97, 3, new Dictionary<string, long> { ["DeadlineExceeded"] = 2, ["Unavailable"] = 1 },
            10, 10, 9.98, 1.5, 0.7, 1000, 2000, LatencyStats.Of([1, 2, 3, 4]), LatencyStats.Of([]));
        var result = new LoadResult(DateTimeOffset.Parse("2026-11-22T10:00:00Z"), DateTimeOffset.Parse("2026-11-22T10:00:11Z"), false, [stats]);

        var json = JsonSerializer.Serialize(result);
        var back = JsonSerializer.Deserialize<LoadResult>(json)!;

        Assert.Contains("\"FailsByCode\":{\"DeadlineExceeded\":2,\"Unavailable\":1}", json);
        Assert.Contains("\"Requests\":100", json);
        Assert.Equal(stats.FailsByCode, back.Scenarios.Single().FailsByCode);
        Assert.Equal(stats.Latency, back.Scenarios.Single().Latency);
        Assert.Equal(json, JsonSerializer.Serialize(back));
    }
}
