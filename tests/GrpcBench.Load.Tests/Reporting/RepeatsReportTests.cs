using System.Text.Json;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class RepeatsReportTests
{
    private const string KestrelLabel = "kestrel/grpc-net net8.0 default h2c";

    /// <summary>Grpc.Core and Kestrel, 3 repeats each, interleaved as a run writes them; Kestrel's repeat 2 has 5 failed uploads.</summary>
    private static LoadRunSummary ThreeRepeats() => Summary(
        Ok(GrpcCore(), 600, 8) with { Repeat = 1 },
        Ok(Kestrel(), 4000, 3) with { Repeat = 1 },
        Ok(GrpcCore(), 610, 9) with { Repeat = 2 },
        Ok(Kestrel(), 4400, 4, uploadFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 5 }) with { Repeat = 2 },
        Ok(GrpcCore(), 620, 10) with { Repeat = 3 },
        Ok(Kestrel(), 4200, 5) with { Repeat = 3 });

    private static string Row(string report, string label, string scenario) =>
        report.Split('\n').SkipWhile(l => l != "## Repeats").Single(l => l.StartsWith($"| {label} | {scenario} |")).TrimEnd();

    [Fact]
    public void The_repeats_section_gives_fails_per_repeat_before_the_medians_and_their_range()
    {
        var report = MarkdownReport.Render(ThreeRepeats());

        Assert.Contains("| configuration | scenario | fails per repeat | ok per repeat | p50 ms median [range of 3 runs] | p99 ms median [range of 3 runs] |", report);
        var upload = Row(report, KestrelLabel, ScenarioNames.SendLargeData);
        Assert.Contains("| 5 fails: 0 / 5 / 0 | 600 / 600 / 600 |", upload);
        Assert.True(upload.IndexOf("5 fails", StringComparison.Ordinal) < upload.IndexOf("4200 [4000, 4400]", StringComparison.Ordinal), upload);
        Assert.Contains("| 2100 [2000, 2200] | 4200 [4000, 4400] |", upload);
        // 4200 / 610, in the range of every repeat's ratio: 4000 / 620 to 4400 / 600.
        Assert.EndsWith("| x6.89 [6.45, 7.33] |", upload);
        Assert.Equal("| grpc-core/grpc-core net8.0 h2c | getInt | no fails | 600 / 600 / 600 | 4.5 [4, 5] | 9 [8, 10] | - |",
            Row(report, "grpc-core/grpc-core net8.0 h2c", ScenarioNames.GetInt));
    }

    [Fact]
    public void The_other_sections_read_repeat_1_and_show_each_configuration_once()
    {
        var report = MarkdownReport.Render(ThreeRepeats());

        Assert.Single(report.Split('\n'), l => l.StartsWith($"| {KestrelLabel} | ok |"));
        Assert.Contains($"| {KestrelLabel} | ok | 2,000 |", report);
    }

    [Fact]
    public void A_failed_repeat_says_so_in_its_row()
    {
        var summary = ThreeRepeats();
        summary = summary with { Configurations = [.. summary.Configurations.Take(5), Failed(Kestrel(), "the host exited (exit code 137)") with { Repeat = 3 }] };

        var row = Row(MarkdownReport.Render(summary), KestrelLabel, ScenarioNames.SendLargeData);

        Assert.Contains("| 5 fails: 0 / 5 / -; repeat 3: failed: the host exited (exit code 137) | 600 / 600 / - |", row);
        Assert.Contains("| 4200 [4000, 4400] |", row);
    }

    [Fact]
    public void Without_repeats_there_is_no_repeats_section()
    {
        Assert.DoesNotContain("## Repeats", MarkdownReport.Render(Summary(Ok(GrpcCore(), 600, 8), Ok(Kestrel(), 4000, 3))));
    }

    [Fact]
    public void Every_file_and_the_console_report_are_written_with_a_label_on_every_repeat()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-repeats-" + Guid.NewGuid().ToString("N"));
        var summary = ThreeRepeats();

        var files = ReportFiles.WriteAll(folder, summary);
        var output = new StringWriter();
        ConsoleReport.Write(ConsoleSetup.ForWriter(output), summary);

        Assert.All(files, f => Assert.True(new FileInfo(f).Length > 0, f));
        using var json = JsonDocument.Parse(File.ReadAllText(files[0]));
        var repeats = json.RootElement.GetProperty("configurations").EnumerateArray().Select(c => c.GetProperty("repeat").GetInt32()).ToList();
        Assert.Equal([1, 1, 2, 2, 3, 3], repeats);
        Assert.Contains($"- repeats: {KestrelLabel}, {ScenarioNames.SendLargeData}: 5 fails: 0 / 5 / 0; ok 600 / 600 / 600; p50 2100 [2000, 2200] ms; p99 4200 [4000, 4400] ms", output.ToString());
    }
}
