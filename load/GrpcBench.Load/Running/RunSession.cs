using System.Diagnostics;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// What a preset runs its configurations through: the live progress, the results so far, the clock, and the checkpoint
/// rewritten after every result, so that a run killed outright keeps every configuration it finished.
/// </summary>
public sealed class RunSession(IAnsiConsole console, string folder, Func<RunStatus, LoadRunSummary> summary)
{
    private readonly List<ConfigurationResult> _results = [];

    public IAnsiConsole Console { get; } = console;
    public LiveProgress Progress { get; } = new(console);
    public Stopwatch Clock { get; } = Stopwatch.StartNew();
    public IReadOnlyList<ConfigurationResult> Results => _results;

    /// <summary>One configuration under the live progress; its result kept and checkpointed.</summary>
    /// <param name="more">Text after the scenarios' progress (a soak's estimate and memory); null for none.</param>
    public async Task<ConfigurationResult> RunAsync(string title, Func<Action<LoadProgress>, Task<ConfigurationResult>> run, Func<LoadProgress, string>? more = null)
    {
        var result = await Progress.RunAsync(title, run, more);
        Add(result);
        return result;
    }

    public void Add(ConfigurationResult result)
    {
        _results.Add(result);
        Checkpoint.Write(folder, summary(RunStatus.InProgress), Console);
    }
}
