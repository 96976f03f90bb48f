using ScottPlot;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>soak.png: RSS of host and worker over time above, p99 per 5 s window below, every configuration on the same axes.</summary>
public static class SoakChart
{
    public const string FileName = "soak.png";
    private const int PanelHeight = 380;

    public static byte[] Png(SoakSummary soak, IReadOnlyList<ConfigurationResult> results)
    {
        string Label(SoakRun run) => ChartText.Shortened(
            results.FirstOrDefault(r => r.Configuration.Label == run.Configuration)?.Configuration.LabelWithBuilds ?? run.Configuration, 60);
        return ChartImage.Stacked([Rss(soak, Label), P99(soak, Label)], ChartImage.Width, PanelHeight);
    }

    private static Plot Rss(SoakSummary soak, Func<SoakRun, string> label)
    {
        var plot = ChartImage.NewPlot("RSS of the host and the load worker over the run");
        foreach (var run in soak.Runs)
        foreach (var (side, read) in new (string, Func<SoakSample, double?>)[] { ("host", s => s.HostRssMiB), ("worker", s => s.WorkerRssMiB) })
        {
            var points = run.Samples.Where(s => read(s) is not null).ToList();
            if (points.Count == 0) continue;
            var line = plot.Add.Scatter(points.Select(s => s.Seconds).ToArray(), points.Select(s => read(s)!.Value).ToArray());
            line.LegendText = $"{side}: {label(run)} ({run.Verdict})";
            line.MarkerSize = 3;
            if (side == "worker") line.LinePattern = LinePattern.Dashed;
        }
        plot.Axes.Bottom.Label.Text = "s since the load began";
        plot.Axes.Left.Label.Text = "RSS, MiB";
        plot.Axes.SetLimitsY(0, Math.Max(1, soak.Runs.SelectMany(r => r.Samples).SelectMany(s => new[] { s.HostRssMiB ?? 0, s.WorkerRssMiB ?? 0 }).DefaultIfEmpty(1).Max()) * 1.1);
        plot.ShowLegend(Alignment.LowerRight);
        return plot;
    }

    private static Plot P99(SoakSummary soak, Func<SoakRun, string> label)
    {
        var plot = ChartImage.NewPlot("p99 of the calls started in each 5 s window");
        var scale = ValueScale.For(soak.Runs.SelectMany(r => r.P99).Select(w => w.P99Ms).DefaultIfEmpty(1));
        foreach (var run in soak.Runs)
        foreach (var scenario in run.P99.GroupBy(w => w.Scenario))
        {
            var line = plot.Add.Scatter(scenario.Select(w => w.FromSeconds).ToArray(), scenario.Select(w => scale.ToAxis(w.P99Ms)).ToArray());
            line.LegendText = $"{scenario.Key}: {label(run)}";
            line.MarkerSize = 3;
            if (scenario.Key == ScenarioNames.GetInt) line.LinePattern = LinePattern.Dashed;
        }
        plot.Axes.Bottom.Label.Text = "s since the load began";
        scale.Apply(plot.Axes.Left, "p99, ms");
        plot.ShowLegend(Alignment.UpperRight);
        return plot;
    }
}
