using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Hosting;
using GrpcBench.Load.Engine;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

public sealed class WorkerFailedException(string message) : Exception(message);

/// <summary>Starts a load worker on a runtime, relays its progress, and returns what it measured.</summary>
public static class WorkerProcess
{
    public static string AssemblyPath(string runtime) =>
        Path.Combine(DotnetRoots.RepositoryRoot, "load", "GrpcBench.Load", "bin", BuildConfiguration.Current, runtime, "GrpcBench.Load.dll");

    /// <summary>Cancelling asks the worker to stop (SIGINT) and returns its partial result; a worker that does not stop is killed.</summary>
    /// <param name="networkNamespace">Where to start the worker (a <see cref="ShapedLink"/>'s namespace); null for the tool's own.</param>
    public static async Task<WorkerResult> RunAsync(WorkerSpec spec, Action<LoadProgress> onProgress, CancellationToken cancellationToken, string? networkNamespace = null)
    {
        var runtime = spec.Configuration.ClientRuntime;
        var assembly = AssemblyPath(runtime);
        if (!File.Exists(assembly)) throw new WorkerFailedException($"the load worker for {runtime} is not built: {assembly} is missing");

        var specFile = Path.Combine(Path.GetTempPath(), $"grpcbench-worker-{Guid.NewGuid():N}.json");
        await File.WriteAllTextAsync(specFile, JsonSerializer.Serialize(spec, WorkerJson.Options), CancellationToken.None);
        var start = ShapedLink.Inside(DotnetRoots.StartInfo(runtime, assembly, ["worker", "--spec", specFile, "--parent-pid", Environment.ProcessId.ToString()]),
            networkNamespace);

        using var process = new Process { StartInfo = start };
        var stderr = new List<string>();
        WorkerResult? result = null;
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null || !e.Data.StartsWith('{')) return;
            var line = JsonSerializer.Deserialize<WorkerLine>(e.Data, WorkerJson.Options);
            if (line?.Progress is { } progress) onProgress(progress);
            if (line?.Result is { } r) result = r;
        };
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null) lock (stderr) stderr.Add(e.Data);
        };
        try
        {
            process.Start();
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            using (cancellationToken.Register(() => Signals.Send(process.Id, Signals.Interrupt)))
            {
                await process.WaitForExitAsync(CancellationToken.None).WaitAsync(spec.Load.WorstCase + TimeSpan.FromSeconds(60), CancellationToken.None);
            }
            process.WaitForExit(); // the last output lines
        }
        catch (TimeoutException)
        {
            throw new WorkerFailedException($"the load worker did not finish within {(spec.Load.WorstCase + TimeSpan.FromSeconds(60)).TotalSeconds:0} s");
        }
        finally
        {
            if (!process.HasExited) process.Kill(entireProcessTree: true);
            File.Delete(specFile);
        }

        if (result is null)
            throw new WorkerFailedException($"the load worker on {runtime} exited with code {process.ExitCode} without a result: {string.Join(" | ", stderr.TakeLast(5))}");
        if (RuntimeVersions.Major(result.Runtime) != RuntimeVersions.Major(runtime))
            throw new WorkerFailedException($"the load worker was asked to run on {runtime} but reports {result.Runtime}; refusing its results");
        return result;
    }
}
