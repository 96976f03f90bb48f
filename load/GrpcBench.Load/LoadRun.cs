using System.Globalization;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>The commands that read runs already made: compare two, draw one's report again, keep one as a reference run.</summary>
public static class LoadRun
{
    public static int Compare(string baseFolder, string diffFolder, double threshold, bool acrossRuntimes)
    {
        try
        {
            var (@base, diff) = (SummaryFile.Read(baseFolder), SummaryFile.Read(diffFolder));
            // Two advise runs: what counts is whether they decide alike.
            if (@base.Advice is { Count: > 0 } && diff.Advice is { Count: > 0 })
            {
                Console.Write(AdviceAgreementReport.Markdown(@base, diff));
                return 0;
            }
            var comparison = Analysis.RunComparison.Of(@base, diff, acrossRuntimes, threshold);
            Console.Write(ComparisonOutput.Markdown(comparison, threshold));
            return 0;
        }
        catch (Exception e) when (e is IOException or System.Text.Json.JsonException or InvalidOperationException or InvalidDataException)
        {
            Console.Error.WriteLine($"compare: {e.Message}");
            return 2;
        }
    }

    /// <summary>
    /// report.md (or advice.md) and the charts of a run drawn again into its folder; with <paramref name="reference"/>, a
    /// reference run there: those and summary.json.gz, without the calls. <paramref name="charts"/>: the charts drawn by
    /// name (a file name without page number and .png), "none", or null for all.
    /// </summary>
    public static int Report(string resultsFolder, string? reference, string[]? charts)
    {
        var command = reference is null ? "report" : "keep";
        var names = charts is not { Length: > 0 } ? null : charts.SelectMany(c => c.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)).ToHashSet();
        try
        {
            var summary = SummaryFile.Read(resultsFolder);
            var known = ReportFiles.Reading(summary).Charts.Select(c => ReportFiles.ChartName(c.FileName)).ToHashSet();
            if (names?.Except(["none", .. known]).FirstOrDefault() is { } unknown)
            {
                Console.Error.WriteLine($"{command} --charts {unknown}: allowed none or charts of this run: {string.Join(", ", known)}");
                return 2;
            }
            Func<string, bool>? draw = names is null ? null : file => names.Contains(ReportFiles.ChartName(file));
            var folder = Directory.Exists(resultsFolder) ? resultsFolder : Path.GetDirectoryName(Path.GetFullPath(resultsFolder))!;
            IReadOnlyList<string> files = reference is null ? [.. ReportFiles.WriteReading(folder, summary, draw), ReportFiles.WriteHtml(folder, summary)] : ReportFiles.WriteReference(reference, summary, draw);
            foreach (var file in files) Console.WriteLine(file);
            return 0;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Text.Json.JsonException or InvalidDataException)
        {
            Console.Error.WriteLine($"{command}: {e.Message}");
            return 2;
        }
    }
}
