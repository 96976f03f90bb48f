using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Hosting;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>A worker that could not hand over any figure; its message begins with the cause.</summary>
public sealed class WorkerFailedException(string message) : Exception(message);

/// <summary>What a worker handed over: its final figures, or, if it failed, the last it reported and why it failed.</summary>
/// <param name="Failure">Null when the worker finished; else why not, the exception's type and message first where there was one.</param>
public sealed record WorkerOutcome(WorkerResult Figures, string? Failure);

/// <summary>A worker whose load has begun: its process, and the CPU count its runtime reported.</summary>
public sealed record WorkerStarted(int Pid, int? ProcessorCount);

/// <summary>Starts a load worker (load/GrpcBench.Load.Worker) on a runtime, relays its progress, and returns what it measured.</summary>
public static class WorkerProcess
{
    public static string AssemblyPath(string runtime) =>
        Path.Combine(DotnetRoots.RepositoryRoot, "load", "GrpcBench.Load.Worker", "bin", BuildConfiguration.Current, runtime, "GrpcBench.Load.Worker.dll");

    /// <summary>Cancelling asks the worker to stop (SIGINT) and returns its partial result; a worker that does not stop is killed.</summary>
    /// <param name="onStarted">Called when the worker's load begins: where the host's CPU time starts to count.</param>
    /// <param name="networkNamespace">Where to start the worker (a <see cref="ShapedLink"/>'s namespace); null for the tool's own.</param>
    /// <param name="cpus">The CPUs to pin the worker to from its start, e.g. "0"; null for any.</param>
    private static readonly TimeSpan FinishedGrace = TimeSpan.FromSeconds(1);

    public static async Task<WorkerOutcome> RunAsync(WorkerSpec spec, Action<LoadProgress> onProgress, CancellationToken cancellationToken,
        string? networkNamespace = null, Action<WorkerStarted>? onStarted = null, string? cpus = null)
    {
        var runtime = spec.Configuration.ClientRuntime;
        var assembly = AssemblyPath(runtime);
        if (!File.Exists(assembly)) throw new WorkerFailedException($"the load worker for {runtime} is not built: {assembly} is missing");

        var specFile = Path.Combine(Path.GetTempPath(), $"grpcbench-worker-{Guid.NewGuid():N}.json");
        await File.WriteAllTextAsync(specFile, JsonSerializer.Serialize(spec, WorkerJson.Options), CancellationToken.None);
        var start = CpuAffinity.Pinned(ShapedLink.Inside(
            DotnetRoots.StartInfo(runtime, assembly, ["--spec", specFile, "--parent-pid", Environment.ProcessId.ToString()]), networkNamespace), cpus);

        using var process = new Process { StartInfo = start };
        var stderr = new List<string>();
        WorkerResult? final = null, partial = null;
        var finished = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        string? error = null;
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null || !e.Data.StartsWith('{')) return;
            var line = JsonSerializer.Deserialize<WorkerLine>(e.Data, WorkerJson.Options);
            switch (line?.Event)
            {
                case WorkerLine.StartedEvent: onStarted?.Invoke(new WorkerStarted(process.Id, line.ProcessorCount)); break;
                case WorkerLine.ProgressEvent when line.Progress is { } progress: onProgress(progress); break;
                case WorkerLine.PartialEvent: partial = line.Result; break;
                case WorkerLine.ResultEvent: final = line.Result; finished.TrySetResult(); break;
                case WorkerLine.ErrorEvent: error = line.Error; break;
            }
        };
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null) lock (stderr) stderr.Add(e.Data);
        };
        var limit = spec.Load.WorstCase + TimeSpan.FromSeconds(60);
        string? failure = null;
        try
        {
            process.Start();
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            using (cancellationToken.Register(() => Signals.Send(process.Id, Signals.Interrupt)))
            {
                // Once its figures are in, the worker's clean-up (closing Grpc.Core's channels can take seconds) measures
                // nothing: it gets a second to exit, then is killed, so that it neither delays the next probe nor stretches this one.
                var exited = process.WaitForExitAsync(CancellationToken.None);
                await Task.WhenAny(exited, finished.Task.ContinueWith(_ => Task.Delay(FinishedGrace), TaskScheduler.Default).Unwrap())
                    .WaitAsync(limit, CancellationToken.None);
            }
            if (!process.HasExited) process.Kill(entireProcessTree: true);
            process.WaitForExit(); // the last output lines
        }
        catch (TimeoutException)
        {
            failure = $"the load worker on {runtime} did not finish within {limit.TotalSeconds:0} s and was killed";
        }
        finally
        {
            if (!process.HasExited) process.Kill(entireProcessTree: true);
            File.Delete(specFile);
        }

        var figures = final ?? partial;
        if (final is null)
        {
            failure ??= error is not null
                ? $"{error} (in the load worker on {runtime})"
                : $"the load worker on {runtime} ended {Ending(process.ExitCode)} without its final figures: {string.Join(" | ", stderr.TakeLast(3))}";
            if (figures is null) throw new WorkerFailedException(failure);
            failure += $"; the figures it reported until then ({Measured(figures)}) are kept";
        }
        if (RuntimeVersions.Major(figures!.Runtime) != RuntimeVersions.Major(runtime))
            throw new WorkerFailedException($"the load worker was asked to run on {runtime} but reports {figures.Runtime}; refusing its results");
        return new WorkerOutcome(figures, failure);
    }

    private static string Ending(int exitCode) => exitCode > 128 ? $"by signal {exitCode - 128}{(exitCode == 137 ? " (SIGKILL)" : "")}" : $"with exit code {exitCode}";

    private static string Measured(WorkerResult figures) =>
        string.Join(", ", figures.Load.Scenarios.Select(s => $"{s.Name} {s.DurationSeconds:0.#} s, {s.Ok} ok, {s.Failed} failed"));
}
