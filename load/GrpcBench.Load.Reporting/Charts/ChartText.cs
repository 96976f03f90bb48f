using System.Text.RegularExpressions;
using ScottPlot;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>Text placed in a plot at data coordinates: value labels, notes in place of bars.</summary>
public static partial class ChartText
{
    public static readonly Color Note = Color.FromHex("#a02020");
    public static readonly Color Muted = Color.FromHex("#666666");

    public static void Add(Plot plot, string text, double x, double y, Color color, float size = 11, bool italic = false)
    {
        var label = plot.Add.Text(Printable(text), x, y);
        label.LabelFontName = ChartImage.FontName;
        label.LabelFontSize = size;
        label.LabelFontColor = color;
        label.LabelItalic = italic;
        label.LabelAlignment = Alignment.MiddleLeft;
        label.OffsetX = 4;
    }

    /// <summary>Over as many lines of at most <paramref name="width"/> characters as it needs, broken at spaces.</summary>
    public static string Wrapped(string text, int width)
    {
        var lines = new List<string> { "" };
        foreach (var word in Printable(text).Split(' '))
        {
            if (lines[^1].Length > 0 && lines[^1].Length + 1 + word.Length > width) lines.Add("");
            lines[^1] = lines[^1].Length == 0 ? word : lines[^1] + " " + word;
        }
        return string.Join('\n', lines);
    }

    public static string Shortened(string text, int length)
    {
        var printable = Printable(text);
        return printable.Length <= length ? printable : printable[..(length - 3)] + "...";
    }

    /// <summary>Without ANSI colours and control characters: a reason can quote a host's stderr.</summary>
    private static string Printable(string text) =>
        new(AnsiEscape().Replace(text, "").Where(c => !char.IsControl(c) || c == '\n').ToArray());

    [GeneratedRegex(@"\x1b\[[0-9;?]*[A-Za-z]")]
    private static partial Regex AnsiEscape();
}
