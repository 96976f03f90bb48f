using System.Globalization;
using System.Security;
using System.Text;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// Draws a <see cref="BarChart"/> as SVG, by hand (the package feed here serves no charting library): horizontal
/// bars on a linear or log axis (<see cref="ChartAxis"/>), gridlines with ticks, notes in place of bars, and a
/// reference line.
/// </summary>
public static class SvgHorizontalBars
{
    private const int Margin = 10, PlotWidth = 520, ValueRoom = 100, PlotTop = 84;
    private const int BarHeight = 14, BarGap = 2, GroupPadding = 12;
    // About 6.8 px per character of the 12 px sans-serif labels, so that no label runs into the plot.
    private const double CharWidth = 6.8, TitleCharWidth = 9.5;
    private const string Halo = """stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke" """;
    // A sweep's combined settings make labels of 150 characters; on one line they would make the chart 1,000 px wider.
    private const int MaxLabelChars = 64, LabelLineHeight = 14;
    private const int MaxNoteChars = (int)((PlotWidth + ValueRoom - 12) / CharWidth);

    public static string Render(BarChart chart)
    {
        var axis = ChartAxis.For(chart.Rows.Where(r => r.Note is null).SelectMany(r => r.Values).OfType<double>()
            .Concat(chart.ReferenceLine is { } line ? [line] : []));
        var labelWidth = (int)Math.Max(140, chart.Rows.SelectMany(r => LabelLines(r.Label)).Select(l => l.Length).DefaultIfEmpty(0).Max() * CharWidth + 16);
        var plotLeft = Margin + labelWidth;
        // Every group as tall as its bars or as the longest label's lines, whichever is more.
        var inner = Math.Max(chart.Series.Count * (BarHeight + BarGap), chart.Rows.Select(r => LabelLines(r.Label).Count).DefaultIfEmpty(1).Max() * LabelLineHeight);
        var groupHeight = inner + GroupPadding;
        var plotBottom = PlotTop + Math.Max(1, chart.Rows.Count) * groupHeight;
        var width = (int)Math.Max(plotLeft + PlotWidth + ValueRoom + Margin,
            Math.Max(chart.Title.Length * TitleCharWidth, chart.Subtitle.Length * CharWidth) + 2 * Margin);
        var height = plotBottom + 44;
        double X(double value) => plotLeft + axis.Position(value) * PlotWidth;

        var svg = new StringBuilder();
        svg.AppendLine($"""<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12">""");
        svg.AppendLine("""<rect width="100%" height="100%" fill="white"/>""");
        svg.AppendLine($"""<text x="{Margin}" y="24" font-size="15" font-weight="bold">{Escape(chart.Title)}</text>""");
        svg.AppendLine($"""<text x="{Margin}" y="44" fill="#444">{Escape(chart.Subtitle)}</text>""");
        Legend(svg, chart, plotLeft);

        for (var r = 0; r < chart.Rows.Count; r++)
            if (r % 2 == 1) svg.AppendLine($"""<rect x="{Margin}" y="{PlotTop + r * groupHeight}" width="{width - 2 * Margin}" height="{groupHeight}" fill="#f3f3f3"/>""");
        foreach (var tick in axis.Ticks)
        {
            var x = F(X(tick));
            svg.AppendLine($"""<line x1="{x}" y1="{PlotTop - 4}" x2="{x}" y2="{plotBottom}" stroke="#d0d0d0"/>""");
            svg.AppendLine($"""<text x="{x}" y="{plotBottom + 16}" text-anchor="middle" fill="#444">{Escape(Numbers.Tick(tick))}</text>""");
        }
        svg.AppendLine($"""<text x="{plotLeft + PlotWidth / 2}" y="{plotBottom + 34}" text-anchor="middle" fill="#444">{Escape(chart.AxisCaption + (axis.IsLog ? " (log scale)" : ""))}</text>""");

        // Behind the bars and value labels (their white halo keeps it off the text), and not across a row's note.
        if (chart.ReferenceLine is { } reference)
        {
            for (var r = 0; r < chart.Rows.Count; r++)
            {
                if (chart.Rows[r].Note is not null) continue;
                var (from, to) = (r == 0 ? PlotTop - 4 : PlotTop + r * groupHeight, PlotTop + (r + 1) * groupHeight);
                svg.AppendLine($"""<line x1="{F(X(reference))}" y1="{from}" x2="{F(X(reference))}" y2="{to}" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="5,3"/>""");
            }
        }
        if (chart.Rows.Count == 0)
            svg.AppendLine($"""<text x="{plotLeft + 6}" y="{PlotTop + groupHeight / 2 + 4}" fill="#777" font-style="italic">no configuration ran</text>""");
        for (var r = 0; r < chart.Rows.Count; r++) Row(svg, chart, chart.Rows[r], PlotTop + r * groupHeight + GroupPadding / 2, inner, plotLeft, X);

        svg.AppendLine($"""<line x1="{plotLeft}" y1="{PlotTop - 4}" x2="{plotLeft}" y2="{plotBottom}" stroke="#333"/>""");
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static void Legend(StringBuilder svg, BarChart chart, int plotLeft)
    {
        var x = (double)plotLeft;
        for (var s = 0; s < chart.Series.Count; s++)
        {
            svg.AppendLine($"""<rect x="{F(x)}" y="56" width="12" height="12" fill="{chart.Colors[s % chart.Colors.Count]}"/><text x="{F(x + 16)}" y="66">{Escape(chart.Series[s])}</text>""");
            x += 16 + chart.Series[s].Length * CharWidth + 18;
        }
        if (chart.ReferenceLine is not null && chart.ReferenceLabel is { } label)
            svg.AppendLine($"""<line x1="{F(x)}" y1="62" x2="{F(x + 18)}" y2="62" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="5,3"/><text x="{F(x + 22)}" y="66">{Escape(label)}</text>""");
    }

    private static void Row(StringBuilder svg, BarChart chart, ChartRow row, int top, int height, int plotLeft, Func<double, double> x)
    {
        var middle = top + height / 2;
        var barsTop = middle - chart.Series.Count * (BarHeight + BarGap) / 2;
        var lines = LabelLines(row.Label);
        var firstBaseline = middle + 4 - (lines.Count - 1) * LabelLineHeight / 2;
        svg.Append($"""<text x="{plotLeft - 8}" y="{firstBaseline}" text-anchor="end">""");
        for (var i = 0; i < lines.Count; i++) svg.Append($"""<tspan x="{plotLeft - 8}" dy="{(i == 0 ? 0 : LabelLineHeight)}">{Escape(lines[i])}</tspan>""");
        svg.AppendLine("</text>");
        if (row.Note is { } note)
        {
            svg.AppendLine($"""<text x="{plotLeft + 6}" y="{middle + 4}" fill="#a02020" font-style="italic" {Halo}>{Escape(Shortened(note))}</text>""");
            return;
        }
        for (var s = 0; s < chart.Series.Count; s++)
        {
            var barY = barsTop + s * (BarHeight + BarGap);
            var value = s < row.Values.Count ? row.Values[s] : null;
            if (value is not { } v || !double.IsFinite(v))
            {
                svg.AppendLine($"""<text x="{plotLeft + 4}" y="{barY + BarHeight - 3}" font-size="11" fill="#777" {Halo}>n/a</text>""");
                continue;
            }
            // A positive value never draws as nothing, however small against the axis.
            var barWidth = v > 0 ? Math.Max(1, x(v) - plotLeft) : 0;
            svg.AppendLine($"""<rect x="{plotLeft}" y="{barY}" width="{F(barWidth)}" height="{BarHeight}" fill="{chart.Colors[s % chart.Colors.Count]}"/>""");
            svg.AppendLine($"""<text x="{F(plotLeft + barWidth + 4)}" y="{barY + BarHeight - 3}" font-size="11" {Halo}>{Escape(chart.FormatValue(v))}</text>""");
        }
    }

    /// <summary>A label over as many lines of at most <see cref="MaxLabelChars"/> as it needs, broken at spaces.</summary>
    private static List<string> LabelLines(string label)
    {
        var lines = new List<string> { "" };
        foreach (var word in label.Split(' '))
        {
            if (lines[^1].Length > 0 && lines[^1].Length + 1 + word.Length > MaxLabelChars) lines.Add("");
            lines[^1] = lines[^1].Length == 0 ? word : lines[^1] + " " + word;
        }
        return lines;
    }

    private static string Shortened(string note) => note.Length <= MaxNoteChars ? note : note[..(MaxNoteChars - 3)] + "...";

    private static string F(double value) => value.ToString("0.#", CultureInfo.InvariantCulture);

    /// <summary>XML-escaped, without control characters: a reason can quote a host's stderr, ANSI colours and all, which XML forbids.</summary>
    private static string Escape(string text) => SecurityElement.Escape(new string(text.Where(c => !char.IsControl(c)).ToArray())) ?? "";
}
