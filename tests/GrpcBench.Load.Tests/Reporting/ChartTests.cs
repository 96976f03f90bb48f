using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;
using ScottPlot.Plottables;
using SkiaSharp;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class ChartTests
{
    private static readonly LoadRunSummary Run = Summary(Ok(GrpcCore(), 601, 8, getIntFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 40 }),
        Ok(Kestrel(), 4387, 3.2), Failed(Kestrel(profile: "large-windows"), "the host exited"));

    public static TheoryData<string> ChartFiles() =>
    [
        ReportCharts.SendLargeDataLatency, ReportCharts.GetIntLatency, ReportCharts.Ratio, ReportCharts.Cost, ReportCharts.Percentiles,
        ReportCharts.SendLargeDataTimeline, ReportCharts.GetIntTimeline,
    ];

    [Theory]
    [MemberData(nameof(ChartFiles))]
    public void Each_chart_is_a_PNG_of_the_chart_width_with_something_drawn(string fileName)
    {
        var png = ReportCharts.Render(Run).Single(c => c.FileName == fileName).Png;

        PngAssert.IsChart(png);
    }

    [Fact]
    public void A_bar_chart_is_as_tall_as_its_rows_need()
    {
        var chart = RunBarCharts.Latency(Run, ScenarioNames.GetInt);

        PngAssert.IsChart(HorizontalBars.Png(chart), HorizontalBars.Height(chart));
    }

    [Fact]
    public void The_transfers_chart_is_drawn_for_a_workload_run()
    {
        var summary = Summary(Ok(Kestrel() with { Scenarios = [ScenarioNames.SendLargeData], PayloadBytes = 1_900_000 }, 800, 8));

        var png = ReportCharts.Render(summary).Single(c => c.FileName == ReportCharts.Transfers).Png;

        PngAssert.IsChart(png);
    }

    [Fact]
    public void A_failed_configuration_is_labelled_with_its_status_and_reason_in_the_latency_chart()
    {
        var chart = RunBarCharts.Latency(Run, ScenarioNames.SendLargeData);
        var texts = HorizontalBars.Build(chart).GetPlottables<Text>().Select(t => t.LabelText).ToList();

        Assert.Equal("failed: the host exited", chart.Rows[2].Note);
        Assert.Contains("failed: the host exited", texts);
        Assert.Contains("601 ms", texts);
    }

    [Fact]
    public void A_dotnet_11_row_is_labelled_with_the_net10_build_that_ran_on_it()
    {
        var summary = Summary(Ok(GrpcCore("net11.0"), 601, 8), Ok(Kestrel("net11.0", clientRuntime: "net8.0"), 4387, 3.2));

        var labels = RunBarCharts.Latency(summary, ScenarioNames.GetInt).Rows.Select(r => r.Label);

        Assert.Equal(["grpc-core/grpc-core net10.0 build on net11.0 h2c", "kestrel/grpc-net net10.0 build on net11.0 (client net8.0) default h2c"], labels);
        Assert.Equal("kestrel/grpc-net net11.0 (client net8.0) default h2c", summary.Configurations[1].Configuration.Label);
    }

    [Fact]
    public void A_percentile_with_too_few_samples_is_left_out_and_says_so()
    {
        var few = Ok(Kestrel(), 100, 10) with
        {
            Scenarios = [Stats(ScenarioNames.SendLargeData, 50, 100, new Dictionary<string, long>()) with { Latency = LatencyStats.Of(Enumerable.Range(1, 50).Select(i => (double)i)) }],
        };

        var row = RunBarCharts.Latency(Summary(few), ScenarioNames.SendLargeData).Rows.Single();

        Assert.Equal([25.0, 48.0, null], row.Values);
        Assert.Equal("n < 100", row.GapText(2));
        Assert.Equal((2, 20, 100, 1000), (PercentileSamples.MinimumSamples(50), PercentileSamples.MinimumSamples(95), PercentileSamples.MinimumSamples(99), PercentileSamples.MinimumSamples(99.9)));
    }

    [Fact]
    public void The_percentile_curve_comes_from_the_timeline_when_there_is_one_and_stops_where_the_samples_do()
    {
        var stats = Stats(ScenarioNames.GetInt, 4, 8, new Dictionary<string, long>());

        var fine = PercentileCurves.Curve(stats);
        var coarse = PercentileCurves.Curve(stats with { Calls = null });

        Assert.Equal(99.7, fine[^1].Percent, 9); // 600 calls: p99.7 needs 334, p99.9 1,000
        Assert.True(fine.Count > 10);
        Assert.Equal([50, 75, 95, 99], coarse.Select(p => p.Percent));
        Assert.Equal(1, PercentileCurves.AxisPosition(90), 9);
        Assert.Equal(2, PercentileCurves.AxisPosition(99), 9);
    }

    [Fact]
    public void A_summary_without_call_timelines_gets_one_panel_saying_so_and_configurations_not_meant_to_run_a_scenario_are_left_off()
    {
        var old = Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2)) is var s
            ? s with { Configurations = s.Configurations.Select(r => r with { Scenarios = r.Scenarios.Select(x => x with { Calls = null }).ToList() }).ToList() }
            : null!;
        var upload = Ok(Kestrel() with { Scenarios = [ScenarioNames.SendLargeData] }, 4387, 3.2);
        var uploadOnly = Summary(Ok(GrpcCore(), 601, 8), upload with { Scenarios = [upload.Scenario(ScenarioNames.SendLargeData)!] });

        using var bitmap = SKBitmap.Decode(LatencyTimeline.Pages(old, ScenarioNames.GetInt).Single()());

        Assert.Equal(LatencyTimeline.PanelHeight, bitmap.Height);
        Assert.Single(RunBarCharts.Latency(uploadOnly, ScenarioNames.GetInt).Rows);
        Assert.Equal(2, RunBarCharts.Latency(uploadOnly, ScenarioNames.SendLargeData).Rows.Count);
    }

    [Fact]
    public void A_run_of_many_configurations_gets_its_charts_in_pages_each_within_2400_px_and_400_KB_and_the_report_shows_every_page()
    {
        var many = Summary([.. Enumerable.Range(0, 40).Select(i => i % 2 == 0
            ? Ok(GrpcCore(runtime: $"net{i / 2}.0"), 600 + i, 8)
            : Ok(Kestrel(runtime: $"net{i / 2}.0"), 4000 + i, 3.2))]);

        var charts = ReportCharts.Render(many);
        var report = MarkdownReport.Render(many);

        Assert.Contains(charts, c => c.FileName == "timeline-getInt-2.png");
        Assert.Contains(charts, c => c.FileName == "cost-2.png");
        Assert.All(charts, c => ChartBounds.Within(c.FileName, c.Png));
        Assert.All(charts, c => Assert.Contains($"]({c.FileName})", report));
        Assert.Contains("![getInt latency over time (1 of 5)](timeline-getInt.png)", report);
    }

    [Fact]
    public void A_chart_of_few_colours_is_stored_exactly_in_a_palette()
    {
        var rgba = new byte[40 * 30 * 4];
        for (var i = 0; i < rgba.Length; i += 4) (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = ((byte)(i % 7 * 30), (byte)(i / 160), 200, 255);

        using var back = SKBitmap.Decode(IndexedPng.Encode(rgba, 40, 30));

        Assert.Equal((40, 30), (back.Width, back.Height));
        for (var i = 0; i < 40 * 30; i++)
            Assert.Equal(new SKColor(rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]), back.GetPixel(i % 40, i / 40));
    }

    [Fact]
    public void The_chart_font_is_installed()
    {
        using var typeface = SKFontManager.Default.MatchFamily(ChartImage.FontName);

        Assert.True(typeface is not null, $"no {ChartImage.FontName}: chart text would not show; on Debian, install fonts-dejavu-core");
    }
}
