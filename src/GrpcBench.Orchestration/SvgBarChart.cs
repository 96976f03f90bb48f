using System.Globalization;
using System.Net;
using System.Text;

namespace GrpcBench.Orchestration;

/// <summary>
/// A grouped horizontal bar chart as SVG: one group per row, one bar per series. Written by hand because
/// the package feed here serves no charting library (docs/packages.md).
/// </summary>
public static class SvgBarChart
{
    private static readonly string[] Colors = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759"];

    public static string Render(string title, string unit, IReadOnlyList<string> series, IReadOnlyList<(string Label, double[] Values)> rows)
    {
        const int plotWidth = 520, barHeight = 14, groupGap = 12, top = 50;
        // About 7 px per character of the 12 px sans-serif labels.
        var labelWidth = Math.Max(120, rows.Select(r => r.Label.Length).DefaultIfEmpty(0).Max() * 7 + 16);
        var max = rows.SelectMany(r => r.Values).Where(double.IsFinite).DefaultIfEmpty(1).Max();
        var groupHeight = series.Count * barHeight + groupGap;
        var height = top + rows.Count * groupHeight + 40;
        var svg = new StringBuilder();
        string F(double v) => v.ToString("0.#", CultureInfo.InvariantCulture);

        svg.AppendLine($"""<svg xmlns="http://www.w3.org/2000/svg" width="{labelWidth + plotWidth + 120}" height="{height}" font-family="sans-serif" font-size="12">""");
        svg.AppendLine($"""<rect width="100%" height="100%" fill="white"/><text x="10" y="20" font-size="15" font-weight="bold">{Escape(title)}</text>""");
        for (var s = 0; s < series.Count; s++)
            svg.AppendLine($"""<rect x="{labelWidth + s * 110}" y="30" width="12" height="12" fill="{Colors[s % Colors.Length]}"/><text x="{labelWidth + s * 110 + 16}" y="40">{Escape(series[s])}</text>""");

        for (var r = 0; r < rows.Count; r++)
        {
            var y = top + r * groupHeight;
            svg.AppendLine($"""<text x="{labelWidth - 8}" y="{y + series.Count * barHeight / 2 + 4}" text-anchor="end">{Escape(rows[r].Label)}</text>""");
            for (var s = 0; s < series.Count; s++)
            {
                var value = rows[r].Values[s];
                var width = double.IsFinite(value) ? value / max * plotWidth : 0;
                var barY = y + s * barHeight;
                svg.AppendLine($"""<rect x="{labelWidth}" y="{barY}" width="{F(width)}" height="{barHeight - 2}" fill="{Colors[s % Colors.Length]}"/>""");
                svg.AppendLine($"""<text x="{F(labelWidth + width + 4)}" y="{barY + barHeight - 4}">{(double.IsFinite(value) ? F(value) + " " + unit : "failed")}</text>""");
            }
        }
        svg.AppendLine($"""<line x1="{labelWidth}" y1="{top - 4}" x2="{labelWidth}" y2="{height - 36}" stroke="#333"/>""");
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static string Escape(string text) => WebUtility.HtmlEncode(text);
}
