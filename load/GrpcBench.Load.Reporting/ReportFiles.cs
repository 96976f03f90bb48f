using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>Every file of a run: summary.json, report.md and the charts (PNG).</summary>
public static class ReportFiles
{
    /// <summary>Writes them all into <paramref name="folder"/> (created if missing) and returns their paths, summary.json first.</summary>
    public static IReadOnlyList<string> WriteAll(string folder, LoadRunSummary summary)
    {
        Directory.CreateDirectory(folder);
        // summary.json first: if anything after it throws, the numbers are kept.
        var files = new List<string> { SummaryFile.Write(folder, summary), MarkdownReport.Write(folder, summary) };
        foreach (var (fileName, _, png) in summary.Capacity is null ? ReportCharts.Render(summary) : Charts.CapacityCharts.Render(summary))
        {
            var path = Path.Combine(folder, fileName);
            File.WriteAllBytes(path, png);
            files.Add(path);
        }
        return files;
    }
}
