using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class ComparisonOutputTests
{
    private const string KestrelLabel = "kestrel/grpc-net net8.0 default h2c";

    private static string Folder(LoadRunSummary summary)
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-compare-").FullName;
        SummaryFile.Write(folder, summary);
        return folder;
    }

    /// <summary>Each run a repeat of its configuration, in the order given.</summary>
    private static ConfigurationResult[] Repeats(params ConfigurationResult[] runs) => [.. runs.Select((r, i) => r with { Repeat = i + 1 })];

    /// <summary>A Kestrel run whose getInt calls are <paramref name="count"/> at 100 a second, each latency from its index.</summary>
    private static ConfigurationResult WithGetIntCalls(int count, Func<int, double> latencyMs)
    {
        var calls = Enumerable.Range(0, count).Select(i => new CallPoint(i / 100.0, latencyMs(i), true)).ToList();
        var run = Ok(Kestrel(), 1000, 10);
        var getInt = run.Scenario(ScenarioNames.GetInt)! with { Latency = LatencyStats.Of(calls.Select(c => c.LatencyMs)), Calls = calls };
        return run with { Scenarios = [.. run.Scenarios.Select(s => s.Name == ScenarioNames.GetInt ? getInt : s)] };
    }

    private static ComparedRow GetIntP50(RunComparison comparison) => comparison.Rows.Single(r => r.Metric == "getInt p50 ms");

    [Fact]
    public void Per_call_latencies_that_drift_together_through_a_queue_are_not_called_different_though_a_test_on_every_call_would()
    {
        // One queue, filling and draining over a minute: base's 30 s of it caught it filling, diff's around its peak.
        // The same system; the diff's median call is 15 % higher only because of when it ran.
        static double Queue(int i, double phase) => 10 * Math.Exp(0.2 * Math.Sin(2 * Math.PI * i / 6000 + phase));
        var (baseRun, diffRun) = (WithGetIntCalls(3000, i => Queue(i, -Math.PI / 2)), WithGetIntCalls(3000, i => Queue(i, 0)));

        var row = GetIntP50(RunComparison.Of(Summary(baseRun), Summary(diffRun)));
        var everyCall = Statistics.Compare([.. baseRun.Scenario(ScenarioNames.GetInt)!.Calls!.Select(c => c.LatencyMs)],
            [.. diffRun.Scenario(ScenarioNames.GetInt)!.Calls!.Select(c => c.LatencyMs)], 0.1, higherIsBetter: false);

        Assert.Equal((Decision.Slower, "Mann-Whitney TOST"), (everyCall.Decision, everyCall.Test));
        Assert.Equal(ComparisonUnit.Window, row.Units.Unit);
        Assert.Equal("6 vs 6 windows of 5 s", row.UnitsCounted());
        Assert.DoesNotContain(row.Verdict(), new[] { "slower", "faster" });
    }

    [Fact]
    public void Windows_of_steady_calls_decide_a_30_percent_slower_run_that_ran_once()
    {
        static double Steady(int i, double median) => median * (1 + 0.05 * Math.Sin(i));

        var row = GetIntP50(RunComparison.Of(Summary(WithGetIntCalls(3000, i => Steady(i, 10))), Summary(WithGetIntCalls(3000, i => Steady(i, 13)))));

        Assert.Equal(("slower", "6 vs 6 windows of 5 s"), (row.Verdict(), row.UnitsCounted()));
        Assert.StartsWith("Welch TOST, p ", row.How());
        Assert.Contains("units' ratio 1.30 [", row.How());
    }

    [Fact]
    public void Per_repeat_p99s_beyond_the_threshold_are_slower_and_within_it_the_same_whatever_the_calls()
    {
        var baseRun = Folder(Summary(Repeats(Ok(Kestrel(), 4000, 10), Ok(Kestrel(), 4100, 10), Ok(Kestrel(), 3950, 10))));
        var slowerRun = Folder(Summary(Repeats(Ok(Kestrel(), 5200, 10), Ok(Kestrel(), 5300, 10), Ok(Kestrel(), 5150, 10))));
        var sameRun = Folder(Summary(Repeats(Ok(Kestrel(), 4050, 10), Ok(Kestrel(), 4000, 10), Ok(Kestrel(), 4100, 10))));

        var slower = RunComparison.Of(SummaryFile.Read(baseRun), SummaryFile.Read(slowerRun)).Rows.Single(r => r.Metric == "sendLargeData p99 ms");
        var same = RunComparison.Of(SummaryFile.Read(baseRun), SummaryFile.Read(sameRun)).Rows.Single(r => r.Metric == "sendLargeData p99 ms");

        Assert.Equal((4000, 5200, "slower", "3 vs 3 repeats"), (slower.Base, slower.Diff, slower.Verdict(), slower.UnitsCounted()));
        Assert.StartsWith("Welch TOST, p ", slower.How());
        Assert.Equal(("same", "3 vs 3 repeats"), (same.Verdict(), same.UnitsCounted()));
        Assert.Contains($"| {KestrelLabel} | sendLargeData p99 ms | 4,000 | 5,200 | 1.30 | 3 vs 3 repeats | slower | Welch TOST, p ",
            ComparisonOutput.Markdown(RunComparison.Of(SummaryFile.Read(baseRun), SummaryFile.Read(slowerRun)), 0.1));
    }

    [Fact]
    public void Figures_without_calls_and_with_fewer_than_three_repeats_a_side_are_too_few_to_decide()
    {
        var comparison = RunComparison.Of(Summary(Ok(Kestrel(), 1000, 10)), Summary(Ok(Kestrel(), 2000, 10)));
        var twoRepeats = RunComparison.Of(Summary(Repeats(Ok(Kestrel(), 1000, 10), Ok(Kestrel(), 1000, 10))),
            Summary(Repeats(Ok(Kestrel(), 1000, 10), Ok(Kestrel(), 1000, 10))));

        var cpu = comparison.Rows.Single(r => r.Metric == "server CPU s");
        Assert.Equal(("too few to decide", "1 run a side", "no test: under 3 a side"), (cpu.Verdict(), cpu.UnitsCounted(), cpu.How()));
        Assert.Equal(("too few to decide", "2 vs 2 repeats"), (twoRepeats.Rows.Single(r => r.Metric == "server CPU s").Verdict(), twoRepeats.Rows.Single(r => r.Metric == "server CPU s").UnitsCounted()));
        Assert.Contains("| server CPU s | 12.5 | 12.5 | 1.00 | 1 run a side | too few to decide | no test: under 3 a side |", ComparisonOutput.Markdown(comparison, 0.1));
    }

    [Fact]
    public void Configurations_in_one_run_only_are_listed_and_one_that_failed_in_one_run_is_not_compared()
    {
        var comparison = RunComparison.Of(
            Summary(Ok(GrpcCore(), 1000, 10), Ok(Kestrel(), 1000, 10), Ok(Kestrel(profile: "large-windows"), 600, 4)),
            Summary(Ok(GrpcCore(), 1050, 10), Failed(Kestrel(), "the host exited"), Ok(Kestrel(profile: "net6-windows"), 2000, 4)));

        Assert.All(comparison.Rows, r => Assert.Equal("grpc-core/grpc-core net8.0 h2c", r.Configuration));
        Assert.Equal(KestrelLabel, Assert.Single(comparison.NotCompared).Configuration);
        Assert.Equal(["kestrel/grpc-net net8.0 large-windows h2c"], comparison.OnlyInBase);
        Assert.Equal(["kestrel/grpc-net net8.0 net6-windows h2c"], comparison.OnlyInDiff);
        Assert.Contains("- kestrel/grpc-net net8.0 large-windows h2c", ComparisonOutput.Markdown(comparison, 0.1));
        Assert.Contains($"- {KestrelLabel}: ok in base, failed: the host exited in diff", ComparisonOutput.Markdown(comparison, 0.1));
    }

    [Fact]
    public void The_console_table_has_a_row_per_metric_with_its_units()
    {
        var comparison = RunComparison.Of(Summary(Ok(Kestrel(), 1000, 10)), Summary(Ok(Kestrel(), 1300, 10)));
        var output = new StringWriter();

        ConsoleSetup.ForWriter(output).Write(ComparisonOutput.Table(comparison, 0.1));

        Assert.Contains(output.ToString().Split('\n'), l => l.Contains("sendLargeData p99 ms") && l.Contains("1.30") && l.Contains("windows of 5 s"));
    }

    [Fact]
    public void Two_capacity_runs_compare_each_configuration_s_capacities_over_its_repeats()
    {
        static LoadRunSummary Capacity(params double[] kestrel)
        {
            var runs = kestrel.Select((capacity, i) => Ok(Kestrel(), 1000, 10) with
            {
                Repeat = i + 1,
                Capacity = new CapacityResult(ScenarioNames.SendLargeData, capacity, CapacitySlo.Default, Arrivals.Uniform, 0.05, "resolution", [], Mix: "uploads"),
            }).ToArray();
            return (Summary(runs) with { Preset = "capacity" }).WithCapacity(new CapacitySummary([], 0.1));
        }

        var higher = RunComparison.Of(Capacity(10, 10.3, 9.8), Capacity(14, 14.5, 13.8));
        var same = RunComparison.Of(Capacity(10, 10.3, 9.8), Capacity(10.1, 9.9, 10.2));
        var noisy = RunComparison.Of(Capacity(10, 6, 14), Capacity(12, 5, 17));
        var once = RunComparison.Of(Capacity(10), Capacity(14));

        var row = Assert.Single(higher.Rows);
        Assert.Equal(($"uploads: {KestrelLabel}", "capacity /s", 10, 14), (row.Configuration, row.Metric, row.Base, row.Diff));
        Assert.Equal(("faster", "3 vs 3 repeats"), (row.Verdict(), row.UnitsCounted()));
        Assert.Equal("same", Assert.Single(same.Rows).Verdict());
        Assert.Equal("unknown", Assert.Single(noisy.Rows).Verdict());
        Assert.Equal(("too few to decide", "1 run a side"), (Assert.Single(once.Rows).Verdict(), Assert.Single(once.Rows).UnitsCounted()));
        Assert.StartsWith("Welch TOST", row.How());
    }
}

/// <summary>A row's decision in <see cref="ComparisonWording"/>'s words.</summary>
file static class Worded
{
    public static string Verdict(this ComparedRow row) => ComparisonWording.Verdict(row.Units);

    public static string UnitsCounted(this ComparedRow row) => ComparisonWording.UnitsCounted(row.Units);

    public static string How(this ComparedRow row) => ComparisonWording.How(row.Units);
}
