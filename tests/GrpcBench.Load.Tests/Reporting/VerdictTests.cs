using GrpcBench.Load.Results;
using GrpcBench.Load.Reporting;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class VerdictTests
{
    [Fact]
    public void The_headline_gives_grpc_dotnet_against_Grpc_Core_with_both_numbers()
    {
        var summary = Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2));

        var headline = Verdicts.For(summary).Single(v => v.StartsWith("grpc-dotnet (kestrel, default) on .NET 8, h2c:"));

        Assert.Contains("20 MiB upload p99 x7.3 of Grpc.Core (4,387 ms vs 601 ms)", headline);
        Assert.Contains("getInt p99 x0.4 (3.2 ms vs 8.0 ms)", headline);
    }

    [Fact]
    public void The_setting_with_the_lowest_upload_p99_is_named_with_its_ratio()
    {
        var summary = Summary(Ok(GrpcCore(), 600, 8), Ok(Kestrel(), 4387, 3.2), Ok(Kestrel(profile: "net6-windows"), 2000, 3),
            Ok(Kestrel(profile: "large-windows"), 540, 4));

        var best = Verdicts.For(summary).Single(v => v.StartsWith("On .NET 8, h2c:"));

        Assert.Contains("large-windows brings the grpc-dotnet 20 MiB upload p99 to x0.9 of Grpc.Core (540 ms vs 600 ms), from x7.3 with the default; getInt p99 x0.5", best);
    }

    [Fact]
    public void Without_a_Grpc_Core_baseline_no_ratio_is_given()
    {
        var summary = Summary(Ok(GrpcCore("net10.0"), 300, 4), Ok(Kestrel("net8.0"), 4387, 3.2));

        var verdicts = Verdicts.For(summary);

        Assert.Contains(verdicts, v => v.StartsWith("grpc-dotnet (kestrel, default) on .NET 8, h2c:") && v.Contains("no Grpc.Core baseline in this run"));
        Assert.DoesNotContain(verdicts, v => v.Contains(" x"));
    }

    [Fact]
    public void A_failed_configuration_gets_its_own_line_with_its_reason_and_no_ratio()
    {
        var summary = Summary(Ok(GrpcCore(), 601, 8), Failed(Kestrel(), "the host exited during the run (exit code 137): out of memory"));

        var verdicts = Verdicts.For(summary);

        Assert.Equal(["kestrel/grpc-net net8.0 default h2c failed: the host exited during the run (exit code 137): out of memory.", Verdicts.CapacityPointer, Verdicts.AdvisePointer], verdicts);
    }

    [Fact]
    public void Failed_calls_beside_a_ratio_are_said_to_be_outside_the_percentiles()
    {
        var summary = Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2, getIntFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 12 }));

        var headline = Verdicts.For(summary).Single(v => v.StartsWith("grpc-dotnet"));

        Assert.Contains("Failed calls, left out of the percentiles: grpc-dotnet (kestrel, default) 12 (DeadlineExceeded 12).", headline);
    }

    [Fact]
    public void Under_overload_the_headline_says_first_how_many_uploads_made_their_deadline()
    {
        var summary = Summary(Ok(GrpcCore(), 173, 137), Ok(Kestrel(), 14_980, 9_695, uploadFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 432 }));

        var headline = Verdicts.For(summary).Single(v => v.StartsWith("grpc-dotnet"));

        Assert.Contains("h2c: 600 of 1,032 20 MiB uploads completed (Grpc.Core: 600 of 600); of those, 20 MiB upload p99 x86.6", headline);
    }

    [Fact]
    public void The_setting_that_completes_the_most_uploads_wins_over_a_lower_p99_of_fewer()
    {
        var deadlines = (long n) => new Dictionary<string, long> { ["DeadlineExceeded"] = n };
        var summary = Summary(Ok(GrpcCore(), 173, 137), Ok(Kestrel(), 14_980, 9_695, uploadFails: deadlines(432)),
            Ok(Kestrel(profile: "net6-windows"), 9_000, 9_000, uploadFails: deadlines(500)), Ok(Kestrel(profile: "large-windows"), 13_958, 9_419, uploadFails: deadlines(10)));

        var best = Verdicts.For(summary).Single(v => v.StartsWith("On .NET 8, h2c:"));

        Assert.Contains("large-windows completes the most 20 MiB uploads, 600 of 610 (default: 600), and brings", best);
    }

    [Fact]
    public void Under_100_successful_uploads_somewhere_the_settings_are_ranked_by_uploads_completed_alone()
    {
        static ConfigurationResult Completing(LoadConfiguration configuration, int ok)
        {
            var result = Ok(configuration, 9_000, 900);
            var upload = result.Scenario(ScenarioNames.SendLargeData)! with
            {
                Ok = ok, Failed = 600 - ok, FailsByCode = new Dictionary<string, long> { ["DeadlineExceeded"] = 600 - ok },
                Latency = new LatencyStats(ok, 100, 5_000, 14_000, 10, 5_000, 6_000, 9_000, 14_000, 14_000),
            };
            return result with { Scenarios = [upload, result.Scenario(ScenarioNames.GetInt)!] };
        }
        var summary = Summary(Ok(GrpcCore(), 173, 137), Completing(Kestrel(), 111), Completing(Kestrel(profile: "net6-windows"), 91),
            Completing(Kestrel(profile: "large-windows"), 151));

        var ranking = Verdicts.For(summary).Single(v => v.StartsWith("On .NET 8, h2c:"));

        Assert.Equal("On .NET 8, h2c: ranked by 20 MiB uploads completed of 600: large-windows 151, default 111, net6-windows 91; "
                     + "fewer than 100 successful 20 MiB uploads in a configuration is too few for a p99, so latency ranks nothing here.", ranking);
    }

    private static ClosedModelRow Closed(string server, string client, string transport, long payload, double tps, double p99, double? cpu, long fails = 0) =>
        new($"{server}/{client} net10.0 {transport}", transport, server, client, "net10.0", ScenarioNames.SendLargeData, payload, 100_000, fails,
            1, 1, p99, 0.1, p99, p99, tps, cpu, ConfigurationStatus.Ok);

    [Fact]
    public void Under_the_closed_model_grpc_dotnet_is_given_against_Grpc_Core_per_transport_and_message()
    {
        const long MiB = 1024 * 1024;
        var summary = Summary() with
        {
            ClosedModelTable =
            [
                Closed("grpc-core", "grpc-core", "h2c", MiB, 1231, 148, 0.79), Closed("kestrel", "grpc-net", "h2c", MiB, 306, 453, 3.22),
                Closed("grpc-core", "grpc-core", "uds", MiB, 1077, 175, 0.91), Closed("kestrel", "grpc-net", "uds", 1024, 14_579, 22.4, 0.04),
                Closed("kestrel", "grpc-core", "h2c", MiB, 200, 600, 4.0),
            ],
        };

        var verdicts = Verdicts.For(summary);

        // One line: over UDS the two pairs ran different messages, and a cross pair is not the migration.
        Assert.Equal(["h2c, protobuf, sendLargeData 1 MiB, net10.0: kestrel/grpc-net made x0.2 of grpc-core/grpc-core's calls per second (306.0 vs 1,231.0), "
                      + "p99 x3.1 (453 ms vs 148 ms), host CPU per call x4.1 (3.22 ms vs 0.79 ms)."], verdicts);
    }

    [Fact]
    public void Under_the_closed_model_a_pair_whose_every_call_failed_is_no_baseline()
    {
        var summary = Summary() with
        {
            ClosedModelTable = [Closed("grpc-core", "grpc-core", "h2c", 1024, 0, 0, null, fails: 100_000), Closed("kestrel", "grpc-net", "h2c", 1024, 13_000, 20, 0.04)],
        };

        Assert.DoesNotContain(Verdicts.For(summary), v => v.Contains("kestrel/grpc-net made"));
    }
}
