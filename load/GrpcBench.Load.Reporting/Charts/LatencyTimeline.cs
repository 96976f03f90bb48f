using ScottPlot;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// Every measured call of one scenario as a point at its scheduled start, ok or failed, one panel per configuration
/// on the same axes: a flat band is a server keeping up, a rising ramp a queue growing.
/// </summary>
public static class LatencyTimeline
{
    public const int PanelHeight = 260;
    private static readonly Color OkColor = Color.FromHex("#2b6cb0").WithAlpha(0.55);
    private static readonly Color FailedColor = Color.FromHex("#d62728").WithAlpha(0.8);

    /// <summary>
    /// A panel per configuration, as many on a page as fit, every page on the same axes; as many pages without the calls
    /// (each then says so), so that a report lists the same files whether or not calls.csv.gz is beside its summary.
    /// </summary>
    public static IReadOnlyList<Func<byte[]>> Pages(LoadRunSummary summary, string scenario)
    {
        var results = summary.Running(scenario);
        var pages = Enumerable.Range(0, results.Count).Chunk(ChartImage.PanelsPerPage(PanelHeight)).DefaultIfEmpty([]).ToList();
        if (!results.Any(r => r.Scenario(scenario)?.Calls is not null))
        {
            var why = results.Count == 0 ? "no configuration ran it" : "no call timeline beside this summary (calls.csv.gz)";
            return [.. pages.Select(_ => (Func<byte[]>)(() => ChartImage.Png(Empty(scenario, why), ChartImage.Width, PanelHeight)))];
        }
        var calls = results.Select(r => r.Scenario(scenario)?.Calls ?? []).ToList();
        var scale = ValueScale.For(calls.SelectMany(c => c).Select(c => c.LatencyMs));
        var lastStart = Math.Max(1, calls.SelectMany(c => c).Select(c => c.StartSeconds).DefaultIfEmpty(0).Max());
        var top = calls.SelectMany(c => c).Select(c => scale.ToAxis(c.LatencyMs)).DefaultIfEmpty(scale.ToAxis(1)).Max();
        return
        [
            .. pages.Select(page => (Func<byte[]>)(() =>
                ChartImage.Stacked([.. page.Select(i => Panel(results[i], scenario, calls[i], scale, lastStart, top))], ChartImage.Width, PanelHeight))),
        ];
    }

    private static Plot Panel(ConfigurationResult result, string scenario, IReadOnlyList<CallPoint> calls, ValueScale scale, double lastStart, double top)
    {
        var status = result.IsOk() ? "" : $" ({ChartText.Shortened(result.StatusWithReason(), 50)})";
        var plot = ChartImage.NewPlot($"{scenario}, {ChartText.Shortened(result.Configuration.LabelWithBuilds, 90)}{status}");
        plot.Axes.Title.Label.FontSize = 12;
        var bottom = scale.IsLog ? scale.BarBase : 0;
        Points(plot, calls.Where(c => c.Ok).ToList(), scale, OkColor, $"ok ({Numbers.Count(calls.Count(c => c.Ok))})");
        Points(plot, calls.Where(c => !c.Ok).ToList(), scale, FailedColor, $"failed ({Numbers.Count(calls.Count(c => !c.Ok))})");
        if (calls.Count == 0) ChartText.Add(plot, Absence(result, scenario), 0, (bottom + top) / 2, ChartText.Note, size: 12, italic: true);

        plot.Axes.Bottom.Label.Text = "scheduled start, s since the measured phase began";
        scale.Apply(plot.Axes.Left, "latency, ms");
        plot.Axes.SetLimitsX(0, lastStart * 1.02);
        plot.Axes.SetLimitsY(bottom, top + (top - bottom) * 0.08);
        if (calls.Count > 0) plot.ShowLegend(Alignment.UpperLeft);
        return plot;
    }

    private static void Points(Plot plot, IReadOnlyList<CallPoint> points, ValueScale scale, Color color, string legend)
    {
        if (points.Count == 0) return;
        var markers = plot.Add.ScatterPoints(points.Select(p => p.StartSeconds).ToArray(), points.Select(p => scale.ToAxis(p.LatencyMs)).ToArray(), color);
        markers.MarkerSize = 3;
        markers.LegendText = legend;
    }

    private static string Absence(ConfigurationResult result, string scenario) =>
        !result.IsOk() && result.Scenario(scenario) is null ? ChartText.Shortened(result.StatusWithReason(), 110)
        : result.Scenario(scenario) is not { } stats ? "not run"
        : stats.Calls is null ? "no call timeline beside this summary"
        : "no measured call";

    private static Plot Empty(string scenario, string text)
    {
        var plot = ChartImage.NewPlot($"{scenario}: latency of every measured call over time");
        ChartText.Add(plot, text, 0, 0, ChartText.Muted, size: 13, italic: true);
        plot.Axes.SetLimits(-0.02, 1, -1, 1);
        plot.HideAxesAndGrid();
        plot.Axes.Title.IsVisible = true;
        return plot;
    }
}
