using ScottPlot;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// Latency by percentile, HdrHistogram style: x is 1 / (1 - p) on a log axis, so that 50%, 90%, 99% and 99.9% are
/// evenly spaced and the tail gets the room; one line per configuration, one panel per scenario.
/// </summary>
public static class PercentileCurves
{
    private const int PanelHeight = 420, LegendLinePixels = 20;

    // From a call timeline: enough points for a curve, up to as far as the samples reach (PercentileRule).
    private static readonly double[] FinePercents =
        [0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 96, 97, 98, 99, 99.5, 99.7, 99.9, 99.95, 99.99];

    private static readonly (double Percent, string Label)[] Ticks = [(0, "0%"), (50, "50%"), (90, "90%"), (99, "99%"), (99.9, "99.9%"), (99.99, "99.99%")];

    /// <summary>As many configurations on a page as the palette has colours, so that no two lines of a page share one.</summary>
    public const int ConfigurationsPerPage = 10;

    /// <summary>One page per <see cref="ConfigurationsPerPage"/> configurations, a panel per scenario on each.</summary>
    public static IReadOnlyList<Func<byte[]>> Pages(LoadRunSummary summary, IReadOnlyList<string> scenarios) =>
    [
        .. summary.Configurations.Chunk(ConfigurationsPerPage).DefaultIfEmpty([]).Select(page => summary with { Configurations = page }).Select(page => (Func<byte[]>)(() =>
            ChartImage.Stacked([.. scenarios.Select(s => Panel(page, s))], ChartImage.Width,
                PanelHeight + scenarios.Max(s => page.Running(s).Count) * LegendLinePixels))),
    ];

    /// <summary>
    /// (percent, ms) of the successful calls: fine steps from the call timeline when the summary has one, else the
    /// percentiles of <see cref="LatencyStats"/>; only those with enough samples.
    /// </summary>
    public static IReadOnlyList<(double Percent, double Ms)> Curve(ScenarioStats stats)
    {
        if (stats.Ok == 0) return [];
        var sorted = stats.Calls?.Where(c => c.Ok).Select(c => c.LatencyMs).Order().ToList();
        if (sorted is { Count: > 0 })
            return FinePercents.Where(p => PercentileSamples.Supports(sorted.Count, p)).Select(p => (p, LatencyStats.Percentile(sorted, p))).ToList();
        var l = stats.Latency;
        return new[] { (50, l.P50), (75, l.P75), (95, l.P95), (99, l.P99), (99.9, l.P999) }
            .Where(p => PercentileSamples.Supports(l.Count, p.Item1)).Select(p => ((double)p.Item1, p.Item2)).ToList();
    }

    public static double AxisPosition(double percent) => Math.Log10(1 / (1 - percent / 100));

    private static Plot Panel(LoadRunSummary summary, string scenario)
    {
        var plot = ChartImage.NewPlot($"{scenario}: latency of successful calls by percentile, one line per configuration");
        var results = summary.Running(scenario);
        var curves = results.Select(r => r.Scenario(scenario) is { } s && r.IsOk() ? Curve(s) : []).ToList();
        var scale = ValueScale.For(curves.SelectMany(c => c).Select(p => p.Ms));
        var palette = new ScottPlot.Palettes.Category10();
        var farthest = 50.0;

        for (var i = 0; i < results.Count; i++)
        {
            var result = results[i];
            var curve = curves[i];
            var color = palette.GetColor(i);
            var legend = ChartText.Shortened(result.Configuration.LabelWithBuilds, 90) + Missing(result, scenario, curve);
            if (curve.Count == 0)
            {
                plot.Legend.ManualItems.Add(new LegendItem { LabelText = legend, LineColor = color.WithAlpha(0.3), LineWidth = 2 });
                continue;
            }
            var line = plot.Add.Scatter(curve.Select(p => AxisPosition(p.Percent)).ToArray(), curve.Select(p => scale.ToAxis(p.Ms)).ToArray(), color);
            line.LineWidth = 2;
            line.MarkerSize = 4;
            line.LegendText = legend;
            farthest = Math.Max(farthest, curve[^1].Percent);
        }

        var ticks = Ticks.Where(t => t.Percent <= Math.Max(99.9, farthest)).ToList();
        plot.Axes.Bottom.SetTicks(ticks.Select(t => AxisPosition(t.Percent)).ToArray(), ticks.Select(t => t.Label).ToArray());
        plot.Axes.Bottom.Label.Text = "percentile (log of 1 / (1 - p): each step right is ten times rarer)";
        scale.Apply(plot.Axes.Left, "latency of successful calls, ms");
        plot.Axes.SetLimitsX(-0.05, AxisPosition(ticks[^1].Percent) + 0.1);
        plot.ShowLegend(Edge.Bottom);
        plot.Legend.Orientation = Orientation.Vertical;
        return plot;
    }

    /// <summary>Why a configuration's line is missing or stops early, for its legend entry.</summary>
    private static string Missing(ConfigurationResult result, string scenario, IReadOnlyList<(double Percent, double Ms)> curve)
    {
        if (!result.IsOk()) return $" ({ChartText.Shortened(result.StatusWithReason(), 60)})";
        if (result.Scenario(scenario) is not { } stats) return " (not run)";
        if (curve.Count == 0) return stats.Ok == 0 ? " (no successful call)" : $" ({PercentileRule.TooFew(50)})";
        return curve[^1].Percent < 99 ? $" (tail not drawn: {PercentileRule.TooFew(99)})" : "";
    }
}
