using GrpcBench.Load.Reporting;
using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

/// <summary>A team's own service (<c>--service-assembly</c>): the comparison, the verdicts and the charts name its methods.</summary>
public class ServiceReportTests
{
    private static readonly Dictionary<string, long> NoFails = new();

    private static readonly ServiceLoad Inventory = new("/teams/inventory/Inventory.dll",
    [
        new MethodLoad("GetItem", "inventory.Inventory/GetItem", "unary", ["{\"id\":7}"], null, null, 0.7, 50),
        new MethodLoad("ListItems", "inventory.Inventory/ListItems", "server-streaming", ["{\"count\":50}"], 50, null, 0.3, 100),
    ]);

    /// <summary>Grpc.Core: GetItem p99 10 ms, ListItems 40 ms; grpc-dotnet: 12 ms (x1.2) and 20 ms (x0.5).</summary>
    private static readonly LoadRunSummary Run = Summary(Methods(GrpcCore(), 10, 40), Methods(Kestrel(), 12, 20)).WithService(Inventory);

    private static ConfigurationResult Methods(LoadConfiguration configuration, double getItemP99, double listItemsP99) =>
        Ok(configuration, 0, 0) with
        {
            Scenarios = [Stats("GetItem", getItemP99 / 2, getItemP99, NoFails), Stats("ListItems", listItemsP99 / 2, listItemsP99, NoFails)],
        };

    [Fact]
    public void The_comparison_table_has_the_percentiles_and_the_p99_ratio_of_each_method()
    {
        var lines = MarkdownReport.Render(Run).Split('\n').Select(l => l.TrimEnd()).ToList();

        Assert.Contains("| configuration | status | GetItem p50 | GetItem p95 | GetItem p99 | ListItems p50 | ListItems p95 | ListItems p99 | fails "
                        + "| server CPU s | server peak RSS MiB | client CPU s | client peak RSS MiB | GetItem p99 / Grpc.Core | ListItems p99 / Grpc.Core |", lines);
        Assert.Contains("| kestrel/grpc-net net8.0 default h2c | ok | 6.0 | 10.8 | 12.0 | 10.0 | 18.0 | 20.0 | 0 | 12.5 | 250.4 | 8.4 | 96.5 | x1.2 | x0.5 |", lines);
    }

    [Fact]
    public void The_verdict_gives_each_method_against_Grpc_Core_and_nothing_of_the_story()
    {
        var verdicts = Verdicts.For(Run);

        Assert.Contains("grpc-dotnet (kestrel, default) on .NET 8, h2c: GetItem p99 x1.2 of Grpc.Core (12.0 ms vs 10.0 ms); ListItems p99 x0.5 (20.0 ms vs 40.0 ms).", verdicts);
        Assert.DoesNotContain(verdicts, v => v.Contains(ScenarioNames.SendLargeData) || v.Contains(ScenarioNames.GetInt) || v.Contains("upload"));
    }

    [Fact]
    public void The_console_table_names_the_methods_and_gives_their_ratios()
    {
        var output = new StringWriter();
        ConsoleReport.Write(ConsoleSetup.ForWriter(output), Run);
        var text = output.ToString();

        Assert.Contains("GetItem ms", text);
        Assert.Contains("ListItems ms", text);
        Assert.Contains("x1.2 / x0.5", text);
        Assert.DoesNotContain(ScenarioNames.SendLargeData, text);
    }

    [Fact]
    public void The_ratio_chart_has_a_bar_per_method_and_each_method_has_its_latency_and_timeline_charts()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-service-report-" + Guid.NewGuid().ToString("N"));

        var files = ReportFiles.WriteAll(folder, Run);
        var ratios = RunBarCharts.Ratios(Run);

        Assert.Equal(
            ["summary.json", "report.md", "latency-GetItem.png", "latency-ListItems.png", "ratio.png", "cost.png", "percentiles.png",
             "timeline-GetItem.png", "timeline-ListItems.png", "report.html"],
            files.Select(Path.GetFileName));
        Assert.All(files.Where(f => f.EndsWith(".png")), f => PngAssert.IsChart(File.ReadAllBytes(f)));
        Assert.Equal(["GetItem p99", "ListItems p99"], ratios.Series);
        Assert.Equal([1.2, 0.5], ratios.Rows[1].Values.Select(v => Math.Round(v!.Value, 2)));
    }
}
