using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// A preset as <see cref="PresetRun"/> executes it: what it says before it starts, what it runs (each configuration
/// through <see cref="RunSession.RunAsync"/>, which keeps it in the checkpoint), what its summary holds beyond the
/// results, what it says once the files are written, and what a run needs beyond completing to exit with 0.
/// </summary>
public interface IPresetRun
{
    /// <summary>What runs and about how long; the loop adds the results folder and the CPUs after these lines.</summary>
    IEnumerable<string> Introduction();

    Task RunAsync(RunSession session, CancellationToken cancellationToken);

    /// <summary>The summary so far (at every checkpoint and at the end): <paramref name="bare"/> holds the run's record and results; the preset adds its offered load and its section.</summary>
    LoadRunSummary Summary(LoadRunSummary bare);

    /// <summary>What the run found, on the console, once its files are written (<paramref name="files"/>, summary.json first).</summary>
    void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files);

    /// <summary>Whether a completed run found what it was for (every capacity, every soak passed ...): exit 0, else 1.</summary>
    bool Succeeded(LoadRunSummary summary);
}
