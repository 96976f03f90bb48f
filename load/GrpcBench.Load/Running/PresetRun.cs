using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;
using static GrpcBench.Load.Durations;

namespace GrpcBench.Load;

/// <summary>
/// The one run loop of every preset: its introduction, the results folder and the CPUs; its configurations under the
/// live progress, each checkpointed; then summary.json, the report and the charts (in a temporary folder where the one
/// asked for cannot take them), what it found, and the exit code: 0 when it completed and found what it was for, 1 when
/// a configuration failed, it was cancelled or found less, 3 when the results are not where they were asked to go.
/// </summary>
public static class PresetRun
{
    /// <param name="config">The run's configuration as <c>--print-config</c> writes it (<see cref="ConfigFile.Of"/>), kept in summary.json.</param>
    public static async Task<int> RunAsync(RunPlan plan, IPresetRun preset, string? requestedFolder, string commandLine, CancellationToken cancellationToken,
        IReadOnlyDictionary<string, string[]>? config = null)
    {
        var console = Reporting.ConsoleSetup.ForOutput();
        if (ResultsFolder.CreateOrSayWhy(requestedFolder) is not { } folder) return 2;
        return await RunAsync(preset, plan.Preset, plan.Cpus, folder, commandLine, console, cancellationToken, plan.Load.Service, plan.Load.PayloadBytes, config);
    }

    /// <param name="service">A team's service the run calls (recorded in summary.json); null for the bench's own scenarios.</param>
    public static async Task<int> RunAsync(IPresetRun preset, string presetName, CpuPlacement cpus, string folder, string commandLine, IAnsiConsole console,
        CancellationToken cancellationToken, ServiceLoad? service = null, long payloadBytes = 0, IReadOnlyDictionary<string, string[]>? config = null)
    {
        foreach (var line in preset.Introduction()) console.WriteLine(line);
        console.WriteLine($"results: {folder}");
        console.WriteLine(cpus.IsShared
            ? "cpus: shared: host and load worker may use every CPU, so that no figure is the server's alone (--cpus host=LIST worker=LIST to keep them apart)"
            : $"cpus: host on {cpus.Host}, load worker on {cpus.Worker} (taskset at start, checked from /proc per configuration)");

        var (hostCpu, workerCpu) = cpus.IsShared ? ((int?)null, (int?)null) : (CpuList.Parse(cpus.Host!)[0], CpuList.Parse(cpus.Worker!)[0]);
        var record = RunRecord.Now(hostCpu);
        // A team's methods carry their own messages, not the story's payload: no floor for them.
        record = record with { Machine = record.Machine with { Loopback = service is null ? MachineLoopback.Measure(payloadBytes, workerCpu, hostCpu) : null } };
        if (record.Machine.Memory is { } memory)
        {
            console.WriteLine($"memory: {memory.Describe()}");
            if (memory.Caution() is { } caution) console.WriteLine($"memory: {caution}");
        }
        if (record.Machine.Loopback is { } loopback) console.WriteLine($"loopback: {loopback.Describe()}");
        RunSession? session = null;
        LoadRunSummary Summary(RunStatus status) => preset.Summary(new LoadRunSummary(presetName, status, commandLine, record, new Dictionary<string, ScenarioLoad>(), [.. session!.Results])
            { Config = config }.WithService(service));
        session = new RunSession(console, folder, Summary);
        string? stopped = null;
        try
        {
            await preset.RunAsync(session, cancellationToken);
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            // A fault of the bench's own loses nothing it measured: the results so far are written, the run is failed with why.
            stopped = $"{e.GetType().FullName}: {e.Message}";
            Console.Error.WriteLine($"the run stopped: {e}");
        }

        var status = stopped is not null ? RunStatus.Failed
            : cancellationToken.IsCancellationRequested ? RunStatus.Cancelled
            : session.Results.Any(r => r.Status != ConfigurationStatus.Ok) ? RunStatus.Failed : RunStatus.Completed;
        var summary = Summary(status) with { Reason = stopped };
        var (written, asAsked, files) = ResultsWriting.Write(folder, summary, console);
        if (asAsked) Checkpoint.Remove(folder);
        preset.WriteFindings(console, summary, files);
        if (stopped is not null) console.WriteLine($"the run stopped: {stopped}; what it measured until then is kept");
        console.WriteLine($"took {Minutes(session.Clock.Elapsed)}; results: {written}");
        return !asAsked ? ResultsWriting.NotWhereAsked : status == RunStatus.Completed && preset.Succeeded(summary) ? 0 : 1;
    }
}
