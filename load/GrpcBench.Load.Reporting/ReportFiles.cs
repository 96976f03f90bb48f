using System.Text.RegularExpressions;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// Every file of a run: summary.json with calls.csv.gz beside it, and what a person reads: report.md and its charts, or
/// for the advise preset advice/advice.md and its charts.
/// </summary>
public static partial class ReportFiles
{
    /// <summary>Writes them all into <paramref name="folder"/> (created if missing) and returns their paths, summary.json first.</summary>
    public static IReadOnlyList<string> WriteAll(string folder, LoadRunSummary summary)
    {
        Directory.CreateDirectory(folder);
        // summary.json first: if anything after it throws, the numbers are kept.
        return [SummaryFile.Write(folder, summary), .. WriteReading(folder, summary), WriteHtml(folder, summary)];
    }

    /// <summary>report.html in <paramref name="folder"/>: the reading as one page, with the charts that are in its folder (<see cref="HtmlReport"/>).</summary>
    public static string WriteHtml(string folder, LoadRunSummary summary)
    {
        var reading = Reading(summary);
        var readingFolder = Path.Combine(folder, reading.Folder);
        bool Present(string chart) => File.Exists(Path.Combine(readingFolder, chart));
        var page = HtmlReport.Render($"gRPC load run: preset {summary.Preset}, {summary.Status.Text()}, commit {summary.Run.Commit}",
            [(WithChartsPresent(reading.Markdown, Present), readingFolder), .. reading.Others.Select(o => (WithChartsPresent(o.Markdown, Present), readingFolder))],
            folder, path => File.Exists(path) ? File.ReadAllBytes(path) : null);
        var file = Path.Combine(folder, HtmlReport.FileName);
        File.WriteAllText(file, page);
        return file;
    }

    /// <summary>
    /// A reference run as docs/ keeps it: summary.json.gz without the calls, the report, and the charts <paramref name="keepChart"/>
    /// takes (by file name; default all), drawn from the calls where <paramref name="summary"/> has them. Returns the paths.
    /// </summary>
    public static IReadOnlyList<string> WriteReference(string folder, LoadRunSummary summary, Func<string, bool>? keepChart = null)
    {
        Directory.CreateDirectory(folder);
        return [SummaryFile.WriteCompressed(folder, summary), .. WriteReading(folder, summary, keepChart)];
    }

    /// <summary>
    /// The report and the charts <paramref name="drawChart"/> takes (default all; none with a function that takes none).
    /// The report shows the charts that are in its folder once those are drawn, and says which of its charts are not.
    /// </summary>
    public static IReadOnlyList<string> WriteReading(string folder, LoadRunSummary summary, Func<string, bool>? drawChart = null)
    {
        var reading = Reading(summary);
        var readingFolder = Path.Combine(folder, reading.Folder);
        Directory.CreateDirectory(readingFolder);
        var files = new List<string> { Path.Combine(readingFolder, reading.FileName) };
        foreach (var (chart, _, draw) in reading.Charts.Where(c => drawChart?.Invoke(c.FileName) ?? true))
        {
            files.Add(Path.Combine(readingFolder, chart));
            File.WriteAllBytes(files[^1], draw());
        }
        bool Present(string chart) => File.Exists(Path.Combine(readingFolder, chart));
        File.WriteAllText(files[0], WithChartsPresent(reading.Markdown, Present));
        foreach (var (fileName, markdown) in reading.Others)
        {
            files.Add(Path.Combine(readingFolder, fileName));
            File.WriteAllText(files[^1], WithChartsPresent(markdown, Present));
        }
        return files;
    }

    /// <summary>The report as <see cref="WriteReading"/> writes it beside the charts <paramref name="present"/> says are there.</summary>
    public static string Markdown(LoadRunSummary summary, Func<string, bool> present) => WithChartsPresent(Reading(summary).Markdown, present);

    /// <summary>The preset's own reading where it has one (<see cref="PresetReports"/>), else report.md and its charts.</summary>
    public static Reading Reading(LoadRunSummary summary) =>
        PresetReports.Readings.FirstOrDefault(r => r.Reads(summary))?.Of(summary)
        ?? new Reading("", MarkdownReport.FileName, MarkdownReport.Render(summary), ReportCharts.Lazy(summary));

    /// <summary>
    /// <paramref name="markdown"/> without the image lines of charts that are not there (a reference run keeps the charts its
    /// reading is about), and one line where the first of them was saying which they are and how to draw them.
    /// </summary>
    public static string WithChartsPresent(string markdown, Func<string, bool> present)
    {
        var lines = markdown.Split('\n').ToList();
        var missing = new List<string>();
        var at = -1;
        for (var i = 0; i < lines.Count; i++)
        {
            if (ImageLine().Match(lines[i]) is not { Success: true } image || present(image.Groups[1].Value)) continue;
            missing.Add(image.Groups[1].Value);
            if (at < 0) at = i;
            lines.RemoveAt(i);
            if (i < lines.Count && lines[i].Trim().Length == 0) lines.RemoveAt(i);
            i--;
        }
        if (at >= 0)
            lines.InsertRange(at, [$"Charts not kept here: {string.Join(", ", missing.GroupBy(ChartName).Select(g => g.Count() == 1 ? g.Key : $"{g.Key} ({g.Count()} pages)"))}. The load tool's `report` command draws them "
                                   + "from the run's results folder (its calls.csv.gz beside summary.json).", ""]);
        return string.Join('\n', lines);
    }

    /// <summary>A chart's name: its file name without the page number and .png ("timeline-getInt-2.png": "timeline-getInt").</summary>
    public static string ChartName(string fileName) => PageSuffix().Replace(fileName, "");

    [GeneratedRegex(@"(-\d+)?\.png$")]
    private static partial Regex PageSuffix();

    [GeneratedRegex(@"^!\[[^\]]*\]\(([^)]+\.png)\)\r?$")]
    private static partial Regex ImageLine();
}
