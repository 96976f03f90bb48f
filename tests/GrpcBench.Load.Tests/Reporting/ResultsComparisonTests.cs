using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class ResultsComparisonTests
{
    private static string Folder(LoadRunSummary summary)
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-compare-").FullName;
        SummaryFile.Write(folder, summary);
        return folder;
    }

    [Fact]
    public void A_p99_30_percent_higher_is_slower_and_one_5_percent_higher_is_the_same_at_threshold_10_percent()
    {
        var baseRun = Folder(Summary(Ok(GrpcCore(), 1000, 10), Ok(Kestrel(), 4000, 10), Ok(Kestrel(profile: "large-windows"), 600, 4)));
        var diffRun = Folder(Summary(Ok(GrpcCore(), 1050, 10), Ok(Kestrel(), 5200, 10), Ok(Kestrel(profile: "net6-windows"), 2000, 4)));

        var comparison = ResultsComparison.Compare(baseRun, diffRun);

        var slower = comparison.Rows.Single(r => r.Configuration == "kestrel/grpc-net net8.0 default h2c" && r.Metric == "sendLargeData p99 ms");
        var same = comparison.Rows.Single(r => r.Configuration == "grpc-core/grpc-core net8.0 h2c" && r.Metric == "sendLargeData p99 ms");
        Assert.Equal("slower", slower.Verdict(0.1));
        Assert.Equal("same", same.Verdict(0.1));
        Assert.Equal(["kestrel/grpc-net net8.0 large-windows h2c"], comparison.OnlyInBase);
        Assert.Equal(["kestrel/grpc-net net8.0 net6-windows h2c"], comparison.OnlyInDiff);
        var markdown = ResultsComparison.Markdown(comparison, 0.1);
        Assert.Contains("| kestrel/grpc-net net8.0 default h2c | sendLargeData p99 ms | 4,000 | 5,200 | 1.30 | slower |", markdown);
        Assert.Contains("| grpc-core/grpc-core net8.0 h2c | sendLargeData p99 ms | 1,000 | 1,050 | 1.05 | same |", markdown);
        Assert.Contains("- kestrel/grpc-net net8.0 large-windows h2c", markdown);
    }

    [Fact]
    public void A_p99_30_percent_lower_is_faster()
    {
        var comparison = ResultsComparison.Compare(Summary(Ok(Kestrel(), 1000, 10)), Summary(Ok(Kestrel(), 700, 10)));

        Assert.Equal("faster", comparison.Rows.Single(r => r.Metric == "sendLargeData p99 ms").Verdict(0.1));
    }

    [Fact]
    public void A_configuration_that_failed_in_one_run_is_listed_not_compared()
    {
        var comparison = ResultsComparison.Compare(Summary(Ok(Kestrel(), 1000, 10)), Summary(Failed(Kestrel(), "the host exited")));

        Assert.Empty(comparison.Rows);
        Assert.Equal(["kestrel/grpc-net net8.0 default h2c: ok in base, failed: the host exited in diff"], comparison.NotCompared);
    }

    [Fact]
    public void Runs_on_different_runtimes_pair_only_when_asked_to_compare_across_runtimes()
    {
        var net8 = Summary(Ok(Kestrel("net8.0"), 1000, 10), Ok(GrpcCore("net8.0"), 100, 10));
        var net9 = Summary(Ok(Kestrel("net9.0"), 1500, 10), Ok(GrpcCore("net9.0"), 100, 10));

        var byLabel = ResultsComparison.Compare(net8, net9);
        var acrossRuntimes = ResultsComparison.Compare(net8, net9, acrossRuntimes: true);

        Assert.Empty(byLabel.Rows);
        Assert.Equal(2, byLabel.OnlyInBase.Count);
        var kestrel = acrossRuntimes.Rows.Single(r => r.Configuration == "kestrel/grpc-net any runtime default h2c" && r.Metric == "sendLargeData p99 ms");
        Assert.Equal("slower", kestrel.Verdict(0.1));
        Assert.Contains(acrossRuntimes.Rows, r => r.Configuration == "grpc-core/grpc-core any runtime h2c");
        Assert.Empty(acrossRuntimes.OnlyInBase);
    }

    [Fact]
    public void The_console_table_has_a_row_per_metric()
    {
        var comparison = ResultsComparison.Compare(Summary(Ok(Kestrel(), 1000, 10)), Summary(Ok(Kestrel(), 1300, 10)));
        var output = new StringWriter();

        ConsoleSetup.ForWriter(output).Write(ResultsComparison.Table(comparison, 0.1));

        Assert.Contains(output.ToString().Split('\n'), l => l.Contains("sendLargeData p99 ms") && l.Contains("1.30") && l.Contains("slower"));
    }

    [Fact]
    public void Latencies_are_decided_by_a_test_on_every_call_and_cpu_seconds_by_the_ratio_alone()
    {
        var comparison = ResultsComparison.Compare(Summary(Ok(Kestrel(), 1000, 10)), Summary(Ok(Kestrel(), 1300, 10)));

        var p99 = comparison.Rows.Single(r => r.Metric == "sendLargeData p99 ms");
        var cpu = comparison.Rows.Single(r => r.Metric == "server CPU s");
        Assert.StartsWith("Mann-Whitney TOST, p ", p99.How);
        Assert.Equal("slower", p99.Verdict(0.1));
        Assert.Equal("ratio only (one value a side)", cpu.How);
    }

    [Fact]
    public void Two_capacity_runs_compare_each_configuration_s_capacities_over_its_repeats()
    {
        static LoadRunSummary Capacity(params double[] kestrel)
        {
            var runs = kestrel.Select((capacity, i) => Ok(Kestrel(), 1000, 10) with
            {
                Repeat = i + 1,
                Capacity = new CapacityResult(ScenarioNames.SendLargeData, capacity, CapacitySlo.Default, GrpcBench.Load.Engine.Arrivals.Uniform, 0.05, "resolution", [], Mix: "uploads"),
            }).ToArray();
            return Summary(runs) with { Preset = "capacity", Capacity = new CapacitySummary([], 0.1) };
        }

        var higher = ResultsComparison.Compare(Capacity(10, 10.3, 9.8), Capacity(14, 14.5, 13.8));
        var same = ResultsComparison.Compare(Capacity(10, 10.3, 9.8), Capacity(10.1, 9.9, 10.2));
        var noisy = ResultsComparison.Compare(Capacity(10, 6, 14), Capacity(12, 5, 17));

        var row = Assert.Single(higher.Rows);
        Assert.Equal(("uploads: kestrel/grpc-net net8.0 default h2c", "capacity /s (3 vs 3 runs)", 10, 14), (row.Configuration, row.Metric, row.Base, row.Diff));
        Assert.Equal("faster", row.Verdict(0.1));
        Assert.Equal("same", Assert.Single(same.Rows).Verdict(0.1));
        Assert.Equal("unknown", Assert.Single(noisy.Rows).Verdict(0.1));
        Assert.StartsWith("Welch TOST", row.How);
    }
}
