using ScottPlot;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// Draws a <see cref="BarChart"/> with ScottPlot: horizontal bars, first row at the top, on a linear or log axis
/// (<see cref="ValueScale"/>), each bar labelled with its value, notes and gaps written where bars would be.
/// </summary>
public static class HorizontalBars
{
    private const int BarPixels = 16, RowPaddingPixels = 14, LabelLinePixels = 15, FramePixels = 170;
    // A sweep's combined settings make labels of 150 characters; on one line they would leave no room for the plot.
    private const int MaxLabelChars = 56, MaxNoteChars = 110;

    public static byte[] Png(BarChart chart) => ChartImage.Png(Build(chart), ChartImage.Width, Height(chart));

    /// <summary>
    /// Charts of the same rows one under the other (one chart alone, or CPU above memory), their rows split into pages
    /// that each fit <see cref="ChartImage.MaxHeight"/>; at least one page.
    /// </summary>
    public static IReadOnlyList<Func<byte[]>> Pages(params BarChart[] charts)
    {
        var pages = new List<Func<byte[]>>();
        var rows = charts[0].Rows.Count;
        for (var start = 0; start < rows || pages.Count == 0;)
        {
            var end = Math.Min(start + 1, rows);
            while (end < rows && PageHeight(Slice(charts, start, end + 1)) <= ChartImage.MaxHeight) end++;
            var page = Slice(charts, start, end);
            pages.Add(() => page.Length == 1 ? Png(page[0]) : ChartImage.Stacked([.. page.Select(Build)], ChartImage.Width, page.Max(Height)));
            start = end;
        }
        return pages;
    }

    private static BarChart[] Slice(BarChart[] charts, int start, int end) => [.. charts.Select(c => c with { Rows = [.. c.Rows.Take(end).Skip(start)] })];

    private static int PageHeight(BarChart[] page) => page.Length * page.Max(Height);

    public static int Height(BarChart chart)
    {
        var rowPixels = Math.Max(Math.Max(1, chart.Series.Count) * BarPixels,
            chart.Rows.Select(r => ChartText.Wrapped(r.Label, MaxLabelChars).Split('\n').Length).DefaultIfEmpty(1).Max() * LabelLinePixels) + RowPaddingPixels;
        return FramePixels + Math.Max(1, chart.Rows.Count) * rowPixels;
    }

    public static Plot Build(BarChart chart)
    {
        var plot = ChartImage.NewPlot(chart.Title);
        var drawn = chart.Rows.Where(r => r.Note is null).SelectMany(r => r.Values).OfType<double>().Where(double.IsFinite).ToList();
        var scale = ValueScale.For(chart.ReferenceLine is { } line ? [.. drawn, line] : drawn, chart.Linear);
        var series = Math.Max(1, chart.Series.Count);
        var barSize = 0.8 / series;
        var rowCount = chart.Rows.Count;
        var bars = new List<Bar>();
        var valueEnd = scale.BarBase;

        for (var r = 0; r < rowCount; r++)
        {
            var row = chart.Rows[r];
            double center = rowCount - 1 - r;
            if (row.Note is { } note)
            {
                ChartText.Add(plot, ChartText.Shortened(note, MaxNoteChars), scale.BarBase, center, ChartText.Note, italic: true);
                continue;
            }
            for (var s = 0; s < chart.Series.Count; s++)
            {
                var position = center + ((series - 1) / 2.0 - s) * barSize;
                if (s >= row.Values.Count || row.Values[s] is not { } value || !double.IsFinite(value))
                {
                    ChartText.Add(plot, $"{chart.Series[s]}: {row.GapText(s)}", scale.BarBase, position, ChartText.Muted, size: 10, italic: true);
                    continue;
                }
                var end = scale.ToAxis(value);
                valueEnd = Math.Max(valueEnd, end);
                bars.Add(new Bar
                {
                    Position = position, Value = end, ValueBase = scale.BarBase, Size = barSize * 0.9,
                    FillColor = Color.FromHex(chart.Colors[s % chart.Colors.Count]), LineWidth = 0,
                });
                ChartText.Add(plot, chart.FormatValue(value), end, position, Colors.Black, size: 10);
            }
        }

        if (bars.Count > 0) plot.Add.Bars(bars).Horizontal = true;
        if (chart.ReferenceLine is { } reference)
        {
            var marker = plot.Add.VerticalLine(scale.ToAxis(reference), 1.5f, Color.FromHex("#c0392b"), LinePattern.Dashed);
            valueEnd = Math.Max(valueEnd, scale.ToAxis(reference));
            if (chart.ReferenceLabel is { } label) marker.LegendText = label;
        }
        if (rowCount == 0) ChartText.Add(plot, "no configuration ran", scale.BarBase, 0, ChartText.Muted, italic: true);

        for (var s = 0; s < chart.Series.Count; s++)
            plot.Legend.ManualItems.Add(new LegendItem { LabelText = chart.Series[s], FillColor = Color.FromHex(chart.Colors[s % chart.Colors.Count]) });
        plot.ShowLegend(Edge.Top);

        plot.Axes.Left.SetTicks(
            Enumerable.Range(0, rowCount).Select(r => (double)(rowCount - 1 - r)).ToArray(),
            chart.Rows.Select(r => ChartText.Wrapped(r.Label, MaxLabelChars)).ToArray());
        plot.Axes.Left.MajorTickStyle.Length = 0;
        plot.Grid.YAxisStyle.MajorLineStyle.Width = 0;
        scale.Apply(plot.Axes.Bottom, chart.AxisCaption);
        // Room after the longest bar for its value label.
        var span = Math.Max(valueEnd - scale.BarBase, scale.IsLog ? 1 : 1e-9);
        plot.Axes.SetLimitsX(scale.BarBase, valueEnd + span * 0.18);
        plot.Axes.SetLimitsY(-0.6, Math.Max(0, rowCount - 1) + 0.6);
        return plot;
    }
}
