using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// Writes a run's files into its results folder; when that folder cannot take them (full, read-only, gone), into a new
/// temporary folder instead, so that the measurements of a long run are not lost, and says where in one line.
/// </summary>
public static class ResultsWriting
{
    /// <summary>The exit code of a run whose results could not go where they were asked to.</summary>
    public const int NotWhereAsked = 3;

    /// <returns>The folder the files are in, whether it is the one asked for, and the files (summary.json first).</returns>
    public static (string Folder, bool AsAsked, IReadOnlyList<string> Files) Write(string folder, LoadRunSummary summary, IAnsiConsole console)
    {
        try
        {
            return (folder, true, ReportFiles.WriteAll(folder, summary));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            var instead = Path.Combine(Path.GetTempPath(), $"grpcbench-results-{DateTime.UtcNow:yyyyMMdd-HHmmss}-{Guid.NewGuid().ToString("N")[..8]}");
            var files = ReportFiles.WriteAll(instead, summary);
            Console.Error.WriteLine($"results folder {folder} could not be written ({e.Message}); the results went to {instead} instead");
            return (instead, false, files);
        }
    }
}
