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
            ServerFaults = measured.ServerFaults,
            ClientFaults = figures.Faults,
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
        reported is null || RuntimeBuilds.BuildFor(runtime) == runtime ? reported : $"{reported} ({RuntimeBuilds.BuildFor(runtime)} build)";

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

    public static ConfigurationResult Outcome(LoadConfiguration configuration, ConfigurationStatus status, string reason) =>
        new() { Configuration = configuration, Status = status, Reason = reason };
}
