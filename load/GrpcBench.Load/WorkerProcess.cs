using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Hosting;
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

/// <summary>
/// A load worker (load/GrpcBench.Load.Worker) started on a runtime for one configuration and target: it runs the loads
/// it is given one after the other on one client (the probes of a capacity search), relaying their progress and
/// returning what each measured. Disposing ends it; a worker that does not end within a second is killed.
/// </summary>
public sealed class WorkerProcess : IAsyncDisposable
{
    // Once its figures are in, the worker's clean-up (closing Grpc.Core's channels can take seconds) measures nothing.
    private static readonly TimeSpan FinishedGrace = TimeSpan.FromSeconds(1);

    private readonly Process _process;
    private readonly string _runtime;
    private readonly List<string> _stderr = [];
    private readonly Task _exited;
    private volatile Run? _run;

    /// <summary>One load's state: what the output lines of the worker are for, while it runs.</summary>
    private sealed class Run(Action<LoadProgress> onProgress, Action<WorkerStarted>? onStarted, Action? onMeasuring)
    {
        public readonly Action<LoadProgress> OnProgress = onProgress;
        public readonly Action<WorkerStarted>? OnStarted = onStarted;
        public readonly Action? OnMeasuring = onMeasuring;
        public readonly TaskCompletionSource Finished = new(TaskCreationOptions.RunContinuationsAsynchronously);
        public WorkerResult? Final, Partial;
        public string? Error;
    }

    private WorkerProcess(Process process, string runtime)
    {
        (_process, _runtime) = (process, runtime);
        process.OutputDataReceived += (_, e) => OnLine(e.Data);
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null) lock (_stderr) _stderr.Add(e.Data);
        };
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        _exited = process.WaitForExitAsync(CancellationToken.None);
    }

    public static string AssemblyPath(string runtime) =>
        Path.Combine(DotnetRoots.RepositoryRoot, "load", "GrpcBench.Load.Worker", "bin", BuildConfiguration.Current, RuntimeBuilds.BuildFor(runtime), "GrpcBench.Load.Worker.dll");

    public bool HasExited => _exited.IsCompleted;

    public int Pid => _process.Id;

    /// <summary>When the current or last load began (its "started" line); null before.</summary>
    public DateTime? LoadBeganAt { get; private set; }

    /// <summary>The worker's GC counts (generations 0, 1, 2) from its last progress line; null before the first.</summary>
    public IReadOnlyList<int>? LastGcCounts { get; private set; }

    /// <param name="networkNamespace">Where to start the worker (a <see cref="ShapedLink"/>'s namespace); null for the tool's own.</param>
    /// <param name="cpus">The CPUs to pin the worker to from its start, e.g. "0"; null for any.</param>
    /// <exception cref="WorkerFailedException">The worker for the configuration's client runtime is not built.</exception>
    /// <param name="label">The configuration served, on the worker's command line for process lists.</param>
    /// <param name="environment">Runtime knobs of the worker as environment variables (DOTNET_...).</param>
    public static WorkerProcess Start(string clientRuntime, string? networkNamespace = null, string? cpus = null, string? label = null,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        var assembly = AssemblyPath(clientRuntime);
        if (!File.Exists(assembly)) throw new WorkerFailedException($"the load worker for {clientRuntime} is not built: {assembly} is missing");
        var start = CpuAffinity.Pinned(ShapedLink.Inside(
            DotnetRoots.StartInfo(clientRuntime, assembly, ["--parent-pid", Environment.ProcessId.ToString(), .. label is null ? Array.Empty<string>() : ["--serves", label]]), networkNamespace), cpus);
        start.RedirectStandardInput = true;
        foreach (var (name, value) in environment ?? new Dictionary<string, string>()) start.Environment[name] = value;
        return new WorkerProcess(new Process { StartInfo = start }, clientRuntime);
    }

    /// <summary>One worker, one load: started, run, ended.</summary>
    public static async Task<WorkerOutcome> RunAsync(WorkerSpec spec, Action<LoadProgress> onProgress, CancellationToken cancellationToken,
        string? networkNamespace = null, Action<WorkerStarted>? onStarted = null, string? cpus = null)
    {
        await using var worker = Start(spec.Configuration.ClientRuntime, networkNamespace, cpus, spec.Configuration.Label, spec.Configuration.ClientEnvironment);
        return await worker.RunAsync(spec, onProgress, cancellationToken, onStarted);
    }

    /// <summary>Cancelling asks the worker to stop (SIGINT) and returns its partial result; the worker then ends.</summary>
    /// <param name="onStarted">Called when the worker's load begins (its warm-up first).</param>
    /// <param name="onMeasuring">Called when the worker's warm-up has ended: where its CPU time starts to count, and the host's should.</param>
    /// <exception cref="WorkerFailedException">The worker handed over no figure at all.</exception>
    public async Task<WorkerOutcome> RunAsync(WorkerSpec spec, Action<LoadProgress> onProgress, CancellationToken cancellationToken, Action<WorkerStarted>? onStarted = null,
        Action? onMeasuring = null)
    {
        if (_process.HasExited) throw new WorkerFailedException($"the load worker on {_runtime} has ended ({Ending(_process.ExitCode)}) and cannot run another load");
        var run = _run = new Run(onProgress, onStarted, onMeasuring);
        var limit = spec.Load.WorstCase + TimeSpan.FromSeconds(60);
        string? failure = null;
        try
        {
            await _process.StandardInput.WriteLineAsync(JsonSerializer.Serialize(spec, WorkerJson.Options).AsMemory(), CancellationToken.None);
            await _process.StandardInput.FlushAsync(CancellationToken.None);
            using (cancellationToken.Register(() => Signals.Send(_process.Id, Signals.Interrupt)))
                await Task.WhenAny(_exited, run.Finished.Task).WaitAsync(limit, CancellationToken.None);
            if (run.Final is null) await _exited.WaitAsync(FinishedGrace, CancellationToken.None); // the last output lines
        }
        catch (TimeoutException)
        {
            failure = $"the load worker on {_runtime} did not finish within {limit.TotalSeconds:0} s and was killed";
            Kill();
        }
        catch (IOException)
        {
            // Its input closed: the worker has ended; what it printed says why.
        }
        finally
        {
            _run = null;
        }

        var figures = run.Final ?? run.Partial;
        // Asked to stop (Ctrl+C) before its handler was in place, the worker ended by that signal: a cancelled run, not a failed one.
        var interrupted = run.Final is null && failure is null && run.Error is null && cancellationToken.IsCancellationRequested;
        if (interrupted && figures is null) throw new WorkerFailedException($"cancelled (Ctrl+C) before the load worker on {_runtime} reported a figure");
        if (interrupted) figures = figures! with { Load = figures.Load with { Cancelled = true } };
        else if (run.Final is null)
        {
            failure ??= run.Error is not null
                ? $"{run.Error} (in the load worker on {_runtime})"
                : $"the load worker on {_runtime} ended {(_process.HasExited ? Ending(_process.ExitCode) : "")} without its final figures: {string.Join(" | ", _stderr.TakeLast(3))}";
            if (figures is null) throw new WorkerFailedException(failure);
            failure += $"; the figures it reported until then ({Measured(figures)}) are kept";
        }
        if (RuntimeVersions.Major(figures!.Runtime) != RuntimeVersions.Major(_runtime))
            throw new WorkerFailedException($"the load worker was asked to run on {_runtime} but reports {figures.Runtime}; refusing its results");
        return new WorkerOutcome(figures, failure);
    }

    private void OnLine(string? data)
    {
        if (data is null || !data.StartsWith('{') || _run is not { } run) return;
        var line = JsonSerializer.Deserialize<WorkerLine>(data, WorkerJson.Options);
        switch (line?.Event)
        {
            case WorkerLine.StartedEvent:
                LoadBeganAt = DateTime.UtcNow;
                run.OnStarted?.Invoke(new WorkerStarted(_process.Id, line.ProcessorCount));
                break;
            case WorkerLine.MeasuringEvent:
                run.OnMeasuring?.Invoke();
                break;
            case WorkerLine.ProgressEvent when line.Progress is { } progress:
                LastGcCounts = line.GcCounts ?? LastGcCounts;
                run.OnProgress(progress);
                break;
            case WorkerLine.PartialEvent: run.Partial = line.Result; break;
            case WorkerLine.ResultEvent: run.Final = line.Result; run.Finished.TrySetResult(); break;
            case WorkerLine.ErrorEvent: run.Error = line.Error; run.Finished.TrySetResult(); break;
        }
    }

    /// <summary>A plain SIGKILL, as for a host: a worker starts no process, and a tree kill stops before it kills.</summary>
    private void Kill()
    {
        try
        {
            if (!_process.HasExited) _process.Kill();
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            if (!_process.HasExited) _process.StandardInput.Close();
        }
        catch (IOException)
        {
            // Already gone.
        }
        await Task.WhenAny(_exited, Task.Delay(FinishedGrace));
        Kill();
        await _exited;
        _process.Dispose();
    }

    private static string Ending(int exitCode) => exitCode > 128 ? $"by signal {exitCode - 128}{(exitCode == 137 ? " (SIGKILL)" : "")}" : $"with exit code {exitCode}";

    private static string Measured(WorkerResult figures) =>
        string.Join(", ", figures.Load.Scenarios.Select(s => $"{s.Name} {s.DurationSeconds:0.#} s, {s.Ok} ok, {s.Failed} failed"));
}
