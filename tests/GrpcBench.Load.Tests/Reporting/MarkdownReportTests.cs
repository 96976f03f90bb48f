using GrpcBench.Load.Reporting;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class MarkdownReportTests
{
    private const string Reason = "the host exited during the run (exit code 137): out of memory";

    private static readonly string Report = MarkdownReport.Render(Summary(
        Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2), Failed(Kestrel(profile: "large-windows"), Reason), Ok(RawTcp(), 50, 1, uploadP50: 20)));

    [Fact]
    public void A_failed_configuration_shows_its_reason_in_the_comparison_table_and_in_its_section()
    {
        var lines = Report.Split('\n');

        Assert.Contains(lines, l => l.StartsWith($"| kestrel/grpc-net net8.0 large-windows h2c | failed: {Reason} |"));
        Assert.Contains($"- status: failed: {Reason}", lines);
        Assert.Contains("No measurements: the configuration ended before any call.", Report);
    }

    [Fact]
    public void The_comparison_row_has_the_percentiles_and_the_ratios_to_the_baseline()
    {
        var row = Report.Split('\n').First(l => l.StartsWith("| kestrel/grpc-net net8.0 default h2c | ok |"));

        Assert.Equal(
            "| kestrel/grpc-net net8.0 default h2c | ok | 2,194 | 3,948 | 4,387 | 1.6 | 2.88 | 3.2 | 0 | 12.5 | 250.4 | 8.4 | 96.5 | x7.3 | x0.4 | x110 |",
            row.TrimEnd());
    }

    [Fact]
    public void A_run_whose_configurations_name_their_links_says_so_in_its_machine_line()
    {
        var report = MarkdownReport.Render(Summary(Ok(GrpcCore() with { Link = "20mbit" }, 601, 8), Ok(Kestrel() with { Link = "100mbit" }, 700, 3)));

        Assert.Contains("; link: loopback, unshaped, except where a configuration names its link (20mbit, 100mbit: loopback in a namespace of its own, shaped with tc tbf)", report);
    }

    [Fact]
    public void The_report_says_what_ran_on_what_and_links_the_charts()
    {
        Assert.StartsWith("# gRPC load run: preset seed, failed", Report);
        Assert.Contains("- command line: `--preset seed --out results/sample`", Report);
        Assert.Contains("- machine: 2 cores, 7.8 GiB, Sample CPU @ 2.00GHz, Debian GNU/Linux 12; link: loopback, unshaped", Report);
        Assert.Contains("- components (over every configuration): Grpc.Core 2.46.5, Grpc.Core.Api 2.85.0", Report);
        Assert.Contains("| sendLargeData | ramping inject to 50 per 1 s over 15 s, then ramping inject to 20 per 1 s over 15 s | 3 s at the first phase's rate, not counted | 20 MiB | 30 s |", Report);
        Assert.Contains("## Verdicts", Report);
        Assert.Contains("| getInt | 600 | 0 |  | 20.0 | 20.0 / 20.0 | 0.6 / 0.0 |", Report);
        Assert.EndsWith("![getInt latency over time](timeline-getInt.png)" + Environment.NewLine, Report);
        Assert.Contains("![sendLargeData latency](latency-sendLargeData.png)", Report);
        Assert.Contains("![p99 ratio to Grpc.Core](ratio.png)", Report);
    }

    [Fact]
    public void A_reason_with_a_pipe_or_a_line_break_stays_in_its_table_cell()
    {
        var report = MarkdownReport.Render(Summary(Failed(Kestrel(), "exit code 1: first line | second\nthird")));

        Assert.Contains("| kestrel/grpc-net net8.0 default h2c | failed: exit code 1: first line \\| second third |", report);
    }
}
