using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

/// <summary>The streaming, chunked and slow-link figures in the report: made-up numbers, checked by hand.</summary>
public class WorkloadReportTests
{
    private static ConfigurationResult Upload(string compression, string link, double p50, string level = "default") =>
        new()
        {
            Configuration = SampleRuns.Kestrel("net10.0") with { Compression = Terms.Parse<Compression>(compression), CompressionLevel = level, Link = link, Scenarios = [ScenarioNames.SendLargeData], PayloadBytes = 1_900_000 },
            Status = ConfigurationStatus.Ok, HostRuntimeReported = ".NET 10.0.0", ClientRuntimeReported = ".NET 10.0.0", ServerCpuSeconds = 1, ServerPeakRssMiB = 100, ClientCpuSeconds = 1,
            Scenarios = [SampleRuns.Stats(ScenarioNames.SendLargeData, p50, p50 * 2, new Dictionary<string, long>())], ClientPeakRssMiB = 90, WireBytes = link == "none" ? null : 4 * 1024 * 1024,
        };

    [Fact]
    public void The_crossover_names_the_fastest_link_from_which_compression_wins_on_every_slower_one()
    {
        var summary = SampleRuns.Summary(
            Upload("none", "1gbit", 20), Upload("none", "100mbit", 160), Upload("none", "20mbit", 800),
            Upload("gzip", "1gbit", 40), Upload("gzip", "100mbit", 80), Upload("gzip", "20mbit", 200),
            Upload("deflate", "1gbit", 40), Upload("deflate", "100mbit", 170), Upload("deflate", "20mbit", 790));

        var rows = WorkloadReport.CrossoverRows(summary);

        var gzip = rows.Single(r => r.Compression == "gzip");
        Assert.Equal("100mbit", gzip.WinsFrom);
        Assert.Equal(2.0, gzip.ByLink["1gbit"]);
        Assert.Equal(0.25, gzip.ByLink["20mbit"]);
        // Under 5 % faster is no win.
        Assert.Equal("never", rows.Single(r => r.Compression == "deflate").WinsFrom);
        Assert.Equal("sendLargeData 1.9MB", gzip.Message);
    }

    [Fact]
    public void The_report_of_a_workload_run_has_the_transfers_and_the_crossover_and_none_of_the_story_verdicts()
    {
        var summary = SampleRuns.Summary(Upload("none", "20mbit", 800), Upload("gzip", "20mbit", 200, "optimal"));

        var report = MarkdownReport.Render(summary);

        Assert.Contains("## Transfers", report);
        Assert.Contains("## Compression crossover", report);
        Assert.Contains("| gzip optimal | x0.3 | 20mbit (every link measured) |", report);
        // 4 MiB over the 600 measured calls (no warm-up in the sample): 6.8 KiB each.
        Assert.Contains("| 6.8 |", report);
        Assert.DoesNotContain("no Grpc.Core baseline", report);
    }

    [Fact]
    public void The_story_report_is_as_it_was()
    {
        var summary = SampleRuns.Summary(SampleRuns.Ok(SampleRuns.GrpcCore(), 600, 10), SampleRuns.Ok(SampleRuns.Kestrel(), 4_000, 50));

        var report = MarkdownReport.Render(summary);

        Assert.False(WorkloadReport.Applies(summary));
        Assert.DoesNotContain("## Transfers", report);
        Assert.Contains("x6.7 of Grpc.Core", report);
    }

    [Theory]
    [InlineData("100b", 100L)]
    [InlineData("64kib", 65_536L)]
    [InlineData("1.9mb", 1_900_000L)]
    [InlineData("20MiB", 20_971_520L)]
    [InlineData("1.5b", null)]
    [InlineData("20", null)]
    public void Sizes_read_as_written_and_are_written_back_alike(string text, long? bytes)
    {
        Assert.Equal(bytes, Sizes.Parse(text));
        if (bytes is { } b) Assert.Equal(text.ToLowerInvariant(), Sizes.Describe(b).ToLowerInvariant());
    }
}
