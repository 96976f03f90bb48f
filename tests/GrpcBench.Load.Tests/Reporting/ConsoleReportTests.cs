using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class ConsoleReportTests
{
    private static string Written(LoadRunSummary summary)
    {
        var output = new StringWriter();
        ConsoleReport.Write(ConsoleSetup.ForWriter(output), summary);
        return output.ToString();
    }

    /// <summary>The text of one column over every line of the table row that starts with <paramref name="label"/>; a cell may wrap.</summary>
    private static string Cell(string output, string label, int column)
    {
        var lines = output.Split('\n').SkipWhile(l => !l.StartsWith("│ " + label)).ToList();
        var rowLines = lines.Take(1).Concat(lines.Skip(1).TakeWhile(l => l.StartsWith("│ ") && l.Split('│')[1].Trim() == ""));
        return string.Join(' ', rowLines.Select(l => l.Split('│')[column].Trim()));
    }

    [Fact]
    public void A_skipped_or_failed_configuration_shows_its_reason_in_the_table()
    {
        var output = Written(Summary(Ok(GrpcCore(), 601, 8), Failed(Kestrel(profile: "net6-windows"), "runtime net6.0 not installed", status: ConfigurationStatus.Skipped),
            Failed(Kestrel(), "the host exited (exit code 137)")));

        Assert.Equal("skipped: runtime net6.0 not installed", Cell(output, "kestrel/grpc-net net8.0 net6-windows h2c", 2));
        Assert.Equal("failed: the host exited (exit code 137)", Cell(output, "kestrel/grpc-net net8.0 default h2c", 2));
    }

    [Fact]
    public void A_long_sweep_label_is_not_wrapped_at_a_width_of_200_and_no_ANSI_code_is_written()
    {
        var sweep = Kestrel("net8.0", clientRuntime: "net10.0", profile: "custom") with
        {
            KestrelSettings = new Dictionary<string, string> { ["initialConnectionWindowSize"] = "33554432" },
        };
        var output = Written(Summary(Ok(GrpcCore(clientRuntime: "net10.0"), 601, 8), Ok(sweep, 4387, 3.2)));

        var lines = output.Split('\n');
        Assert.Equal(88, sweep.Label.Length);
        Assert.Contains(lines, l => l.Contains(sweep.Label) && l.Contains("2,194 / 3,948 / 4,387") && l.Contains("x7.3 / x0.4"));
        Assert.All(lines, l => Assert.True(l.TrimEnd('\r').Length <= ConsoleSetup.RedirectedWidth, $"{l.Length} columns: {l}"));
        Assert.DoesNotContain('\u001b', output);
    }

    [Fact]
    public void The_verdicts_follow_the_table_each_on_one_line()
    {
        var output = Written(Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2)));

        var headline = output.Split('\n').Single(l => l.StartsWith("- grpc-dotnet (kestrel, default) on .NET 8, h2c:"));
        Assert.EndsWith("20 MiB upload p99 x7.3 of Grpc.Core (4,387 ms vs 601 ms); getInt p99 x0.4 (3.2 ms vs 8.0 ms).", headline.TrimEnd());
        Assert.True(output.IndexOf(headline, StringComparison.Ordinal) > output.LastIndexOf('│'));
    }

    [Fact]
    public void Failed_configurations_are_named_with_their_reason_on_one_line_after_the_table()
    {
        var output = Written(Summary(Ok(GrpcCore(), 601, 8), Failed(Kestrel(), "System.FormatException: bad input\nat a stack frame")));

        Assert.Contains("- failed: kestrel/grpc-net net8.0 default h2c: System.FormatException: bad input at a stack frame", output.Split('\n').Select(l => l.TrimEnd()));
    }

    [Fact]
    public void A_p99_over_fewer_than_100_calls_is_printed_as_n_below_100_and_the_ratio_is_the_p95_s_named()
    {
        var few = Ok(Kestrel(), 4387, 3.2) is var ok ? ok with { Scenarios = [.. ok.Scenarios.Select(s => s with { Latency = s.Latency with { Count = 50 } })] } : null!;
        var output = Written(Summary(Ok(GrpcCore(), 601, 8), few));

        Assert.Equal("2,194 / 3,948 / n < 100", Cell(output, "kestrel/grpc-net net8.0 default h2c", 3));
        Assert.Equal("x7.3 (p95) / x0.4 (p95)", Cell(output, "kestrel/grpc-net net8.0 default h2c", 8));
    }
}
