using ScottPlot;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// The hockey stick: p99 of the searched scenario against the offered rate, every probe of every repeat, one line per
/// configuration, the SLO across; a missed probe is a cross. Where a line turns up is where the configuration saturates.
/// </summary>
public static class CapacityCurves
{
    /// <summary>One page per <see cref="PercentileCurves.ConfigurationsPerPage"/> configurations, so that no two lines of a page share a colour.</summary>
    public static IReadOnlyList<Func<byte[]>> Pages(LoadRunSummary summary, CapacityMixSummary mix) =>
    [
        .. summary.Configurations.Where(r => r.Capacity?.Mix == mix.Mix).GroupBy(r => r.Configuration.Label).Chunk(PercentileCurves.ConfigurationsPerPage)
            .DefaultIfEmpty([]).Select(page => (Func<byte[]>)(() => Png(mix, [.. page]))),
    ];

    private static byte[] Png(CapacityMixSummary mix, IReadOnlyList<IGrouping<string, ConfigurationResult>> results)
    {
        var plot = ChartImage.NewPlot($"{mix.Mix}: {mix.Searched} p99 against the offered rate, every probe (a cross missed the SLO); capacity where the line turns up");
        var points = results.Select(g => g.SelectMany(r => r.Capacity!.Probes).Select(p => (p.OfferedPerSecond, Ms: P99(p, mix.Searched), p.Held))
            .Where(p => p.Ms is not null).Select(p => (Rate: p.OfferedPerSecond, Ms: p.Ms!.Value, p.Held)).OrderBy(p => p.Rate).ToList()).ToList();
        var bound = mix.Slo.P99MsOf(mix.Searched);
        var scale = ValueScale.For([.. points.SelectMany(p => p).Select(p => p.Ms), bound]);
        var rates = ValueScale.For(points.SelectMany(p => p).Select(p => p.Rate));
        var palette = new ScottPlot.Palettes.Category10();
        for (var i = 0; i < results.Count; i++)
        {
            var color = palette.GetColor(i);
            var all = points[i];
            if (all.Count == 0) continue;
            var line = plot.Add.Scatter(all.Select(p => rates.ToAxis(p.Rate)).ToArray(), all.Select(p => scale.ToAxis(p.Ms)).ToArray(), color);
            line.LineWidth = 2;
            line.MarkerSize = 6;
            var capacity = mix.Rows.FirstOrDefault(r => r.Configuration.Label == results[i].Key)?.Capacity?.Median;
            line.LegendText = ChartText.Shortened(results[i].First().Configuration.LabelWithBuilds, 80) + (capacity is { } c ? $": capacity {CapacityReport.Rate(c)}/s" : ": no capacity found");
            var missed = all.Where(p => !p.Held).ToList();
            if (missed.Count > 0)
            {
                var crosses = plot.Add.ScatterPoints(missed.Select(p => rates.ToAxis(p.Rate)).ToArray(), missed.Select(p => scale.ToAxis(p.Ms)).ToArray(), color);
                crosses.MarkerShape = MarkerShape.Cross;
                crosses.MarkerSize = 12;
            }
        }
        var slo = plot.Add.HorizontalLine(scale.ToAxis(bound), 2, Colors.Gray, LinePattern.Dashed);
        slo.LegendText = $"SLO: p99 {Numbers.Ms(bound)} ms";
        scale.Apply(plot.Axes.Left, $"{mix.Searched} p99 (or slowest call under 100), ms");
        rates.Apply(plot.Axes.Bottom, $"offered {mix.Searched} rate, calls per second");
        plot.ShowLegend(Edge.Bottom);
        plot.Legend.Orientation = Orientation.Vertical;
        return ChartImage.Png(plot, ChartImage.Width, 520 + 20 * results.Count);
    }

    private static double? P99(CapacityProbe probe, string scenario) =>
        probe.Scenario(scenario) is { Latency.Count: > 0 } s ? s.Latency.Count >= 100 ? s.Latency.P99 : s.Latency.Max : null;
}

/// <summary>The capacity preset's charts: a hockey stick per mix, and capacity against Grpc.Core's.</summary>
public static class CapacityCharts
{
    public static IReadOnlyList<(string FileName, string Title)> Files(LoadRunSummary summary) => Charts(summary).Select(c => (c.FileName, c.Title)).ToList();

    public static IReadOnlyList<(string FileName, string Title, byte[] Png)> Render(LoadRunSummary summary) => Charts(summary).Select(c => (c.FileName, c.Title, c.Draw())).ToList();

    /// <summary>File name, title and how to draw each chart, drawn only when asked.</summary>
    public static IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) =>
    [
        .. ChartImage.Paged("capacity.png", "capacity per configuration and mix, median with the range of the repeats", HorizontalBars.Pages(Bars(summary.Capacity!))),
        .. summary.Capacity!.Mixes.SelectMany(mix => ChartImage.Paged($"capacity-{mix.Mix}.png", $"{mix.Mix}: p99 against the offered rate", CapacityCurves.Pages(summary, mix))),
    ];

    private static BarChart Bars(CapacitySummary capacity) => new(
        "Capacity as a multiple of Grpc.Core's on the same runtime (median of the repeats; the label gives the range)",
        ["capacity / Grpc.Core"],
        ["#4e79a7"],
        capacity.Mixes.SelectMany(mix => mix.Rows.Where(r => r.Configuration.Kind == ConfigurationKind.Grpc && r.Configuration.Server != ServerStack.GrpcCore).Select(row =>
            row.VersusGrpcCore is { } ratio
                ? new ChartRow($"{mix.Mix}: {row.Configuration.LabelWithBuilds} {ratio.Bounds()}, {row.Decision}", [ratio.Median])
                : new ChartRow($"{mix.Mix}: {row.Configuration.LabelWithBuilds}", [null], Note: row.Capacity is null ? "no capacity found" : "no Grpc.Core capacity to compare with"))).ToList(),
        v => Numbers.Ratio(v),
        "capacity over Grpc.Core's capacity (above 1 holds more)",
        ReferenceLine: 1.0,
        ReferenceLabel: "x1 = Grpc.Core");
}
