using System.Text.Json;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>
/// One configuration from start to end: its host as a child process on the runtime asked for, a load worker on
/// the client runtime, the host's CPU time and peak memory. A host that dies mid-run makes the configuration
/// failed with what was measured until then; a runtime that is not installed makes it skipped.
/// </summary>
public static class ConfigurationRun
{
    /// <param name="cpus">Where host and worker run; null for shared CPUs.</param>
    public static async Task<ConfigurationResult> RunAsync(LoadConfiguration configuration, LoadShape runShape, Action<LoadProgress> onProgress,
        CancellationToken cancellationToken, CpuPlacement? cpus = null)
    {
        var shape = runShape.For(configuration);
        if (SkipReason(configuration) is { } skipped) return Outcome(configuration, ConfigurationStatus.Skipped, skipped);
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, shape, cpus ?? CpuPlacement.Shared, cancellationToken);
            var measured = await served.MeasureAsync(shape, onProgress, cancellationToken);
            return Result(configuration, measured);
        }
        catch (WorkerFailedException e) when (cancellationToken.IsCancellationRequested)
        {
            return Outcome(configuration, ConfigurationStatus.Cancelled, e.Message);
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return Outcome(configuration, ConfigurationStatus.Failed, e.Message);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            return Outcome(configuration, ConfigurationStatus.Cancelled, CancelledBeforeLoad);
        }
    }

    /// <summary>Ctrl+C before the load began (the host starting): the host is stopped, nothing was measured.</summary>
    public const string CancelledBeforeLoad = "cancelled (Ctrl+C) before the load began; the host was stopped";

    /// <summary>The configuration's result from one measurement: failed if the host died, the worker failed or the CPUs were not as asked.</summary>
    public static ConfigurationResult Result(LoadConfiguration configuration, Measurement measured)
    {
        var figures = measured.Worker.Figures;
        var status = measured.Failure is not null ? ConfigurationStatus.Failed : figures.Load.Cancelled ? ConfigurationStatus.Cancelled : ConfigurationStatus.Ok;
        var reason = measured.Failure ?? (figures.Load.Cancelled ? "cancelled (Ctrl+C); the figures are partial" : null);
        var hostRuntime = configuration.Target is null ? Built(measured.HostRuntime ?? figures.Runtime, configuration.HostRuntime) : LoadConfiguration.NotMeasured;
        return new ConfigurationResult
        {
            Configuration = configuration,
            Status = status,
            Reason = reason,
            HostRuntimeReported = hostRuntime,
            ClientRuntimeReported = Built(figures.Runtime, configuration.ClientRuntime),
            Components = measured.Components,
            HostSettings = measured.HostSettings,
            ServerCpuSeconds = measured.ServerCpuSeconds,
            ServerPeakRssMiB = measured.ServerPeakRssMiB,
            ClientCpuSeconds = figures.CpuSeconds,
            Scenarios = figures.Load.Scenarios,
            ClientPeakRssMiB = figures.PeakRssMiB,
            WireBytes = measured.WireBytes,
            Cpus = measured.Cpus,
            ClientRuntimeKnobs = figures.RuntimeKnobs,
            ConnectionBytes = figures.ConnectionBytes,
        };
    }

    /// <summary>The runtime a process reported, with the build it ran where that is not the runtime's own: ".NET 11.0.0 (net10.0 build)".</summary>
    public static string? Built(string? reported, string runtime) =>
        reported is null || DotnetRoots.BuildFor(runtime) == runtime ? reported : $"{reported} ({DotnetRoots.BuildFor(runtime)} build)";

    /// <summary>Why a configuration cannot run here (it is then "skipped"), checked before anything starts; null if it can.</summary>
    public static string? SkipReason(LoadConfiguration configuration)
    {
        if (configuration.Link != "none" && !ShapedLink.CanCreate)
            return $"--link {configuration.Link} needs root (a network namespace and tc); run as root or with --link none";
        try
        {
            DotnetRoots.For(configuration.HostRuntime);
            DotnetRoots.For(configuration.ClientRuntime);
        }
        catch (InvalidOperationException notInstalled)
        {
            return notInstalled.Message;
        }
        return File.Exists(WorkerProcess.AssemblyPath(configuration.ClientRuntime)) ? null
            : $"the load worker has no {configuration.ClientRuntime} build (the load tool targets .NET 8 and later; choose another --client-runtime)";
    }

    /// <summary>True if the host died while the worker ran; the worker is then stopped and keeps what it measured.</summary>
    public static async Task<bool> WatchAsync(HostProcess? host, Task worker, CancellationTokenSource stopWorker)
    {
        if (host is null) return false;
        while (!worker.IsCompleted)
        {
            if (host.HasExited)
            {
                stopWorker.Cancel();
                return true;
            }
            await Task.WhenAny(worker, Task.Delay(200));
        }
        return host.HasExited;
    }

    public static string HostProject(LoadConfiguration configuration) => configuration.Server == ServerStack.GrpcCore ? "GrpcBench.LegacyHost" : "GrpcBench.KestrelHost";

    public static IReadOnlyList<string> HostArguments(LoadConfiguration configuration, LoadShape shape)
    {
        // Room for the payload and its framing: the receive limit must not be what a run measures.
        // JSON writes bytes as base64: 4 bytes for every 3.
        var messageBytes = configuration.Codec == "json" ? (long)shape.PayloadBytes * 4 / 3 : shape.PayloadBytes;
        var arguments = new List<string> { "--maxReceiveMessageSize", Math.Max(4 * 1024 * 1024, messageBytes + 64 * 1024).ToString() };
        if (configuration.Codec == "json") arguments.AddRange(["--codec", "json"]);
        if (configuration.UploadReader != "message") arguments.AddRange(["--uploadReader", configuration.UploadReader]);
        if (configuration.Transport == Transport.Tls) arguments.AddRange(["--tls", "true"]);
        if (configuration.Transport == Transport.Uds) arguments.AddRange(["--uds", "true"]);
        if (configuration.Compression != Compression.None) arguments.AddRange(["--responseCompression", configuration.Compression.Text()]);
        if (configuration.Compression != Compression.None && configuration.CompressionLevel is "fastest" or "optimal")
            arguments.AddRange(["--responseCompressionLevel", configuration.CompressionLevel]);
        if (shape.Scenarios.Any(ScenarioNames.IsTransfer)) arguments.AddRange([RecordCountArgument, shape.RecordCount.ToString()]);
        if (configuration.Server == ServerStack.Kestrel)
        {
            if (configuration.KestrelProfile != "custom") arguments.AddRange(["--kestrel:profile", configuration.KestrelProfile]);
            foreach (var (name, value) in configuration.KestrelSettings) arguments.AddRange([$"--kestrel:{name}", value]);
        }
        return arguments;
    }

    /// <summary>The host setting for how many records its store holds (the record service's).</summary>
    public const string RecordCountArgument = "--records:count";

    public static ConfigurationResult Outcome(LoadConfiguration configuration, ConfigurationStatus status, string reason) =>
        new() { Configuration = configuration, Status = status, Reason = reason };

    /// <summary>The exception that ended the host first, where its output names one, then the exit code and the output's last lines.</summary>
    public static string HostDied(HostProcess host)
    {
        var lines = host.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var exception = lines.Select(l => ExceptionLine.Match(l)).FirstOrDefault(m => m.Success)?.Groups[1].Value;
        var tail = string.Join(" | ", lines.TakeLast(3));
        return (exception is null ? "" : exception + "; ") + $"the host exited during the run (exit code {host.ExitCode}): {tail}";
    }

    private static readonly System.Text.RegularExpressions.Regex ExceptionLine = new(@"^(?:Unhandled exception\. )?([\w.]+(?:Exception|Error): .*)$");
}
