using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// checkpoint.json: a long run's summary so far, rewritten after every search, so that a run killed outright (an
/// environment restart, SIGKILL, a power cut) keeps every search it finished. The same shape as summary.json, with
/// status "in progress"; removed once summary.json is written.
/// </summary>
public static class Checkpoint
{
    public const string FileName = "checkpoint.json";
    public const RunStatus Status = RunStatus.InProgress;

    public static void Write(string folder, LoadRunSummary summary, IAnsiConsole console)
    {
        var path = Path.Combine(folder, FileName);
        try
        {
            // Written aside and renamed over the last one, so that a kill during the write leaves the previous checkpoint whole.
            File.WriteAllText(path + ".new", SummaryFile.Serialize(summary));
            File.Move(path + ".new", path, overwrite: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The run goes on; where its results go when the folder cannot take them is ResultsWriting's decision at the end.
            console.WriteLine($"checkpoint not written ({e.Message}); the run goes on");
        }
    }

    public static void Remove(string folder)
    {
        File.Delete(Path.Combine(folder, FileName));
        File.Delete(Path.Combine(folder, FileName + ".new"));
    }
}
