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
        var placement = cpus ?? CpuPlacement.Shared;
        var shape = runShape.For(configuration);
        HostProcess? host = null;
        RawTcpSink? sink = null;
        ShapedLink? link = null;
        try
        {
            if (configuration.Link != "none")
            {
                if (!ShapedLink.CanCreate)
                    return Outcome(configuration, "skipped", $"--link {configuration.Link} needs root (a network namespace and tc); run as root or with --link none");
                try
                {
                    link = ShapedLink.Create(configuration.Link);
                }
                catch (InvalidOperationException notMade)
                {
                    return Outcome(configuration, "failed", notMade.Message);
                }
            }

            try
            {
                DotnetRoots.For(configuration.HostRuntime);
                DotnetRoots.For(configuration.ClientRuntime);
            }
            catch (InvalidOperationException notInstalled)
            {
                return Outcome(configuration, "skipped", notInstalled.Message);
            }
            if (!File.Exists(WorkerProcess.AssemblyPath(configuration.ClientRuntime)))
                return Outcome(configuration, "skipped", $"the load worker has no {configuration.ClientRuntime} build (the load tool targets .NET 8 and later; choose another --client-runtime)");

            string url;
            if (configuration.Kind == ConfigurationKind.RawTcp)
            {
                sink = new RawTcpSink();
                url = sink.Url.ToString();
            }
            else
            {
                host = await HostProcess.StartAsync(new HostLaunch(HostProject(configuration), configuration.HostRuntime, HostArguments(configuration, shape))
                    { NetworkNamespace = link?.Name, Cpus = placement.Host }, cancellationToken);
                url = host.Ready.Url;
            }

            // The host's CPU time counts from when the worker's load begins, as the worker's own does.
            var cpuBefore = host is null ? TimeSpan.Zero : ProcessStats.CpuTime(host.Pid);
            CpuRecord? cpuRecord = null;
            void LoadBegins(WorkerStarted worker)
            {
                if (host is not null && !host.HasExited) cpuBefore = ProcessStats.CpuTime(host.Pid);
                try
                {
                    cpuRecord = CpuRecord.Read(placement, host?.Pid, host?.Ready.ProcessorCount, worker.Pid, worker.ProcessorCount, host?.Ready.Gc,
                        host?.Ready.GcHeapCount);
                }
                catch (IOException)
                {
                    // A process that is already gone: its configuration fails for that reason, not for its CPUs.
                }
            }
            var spec = new WorkerSpec(configuration, url, host?.Ready.CertificatePem, shape);
            using var stopWorker = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            var wireBefore = link?.LoopbackBytes();
            var worker = WorkerProcess.RunAsync(spec, onProgress, stopWorker.Token, link?.Name, LoadBegins, placement.Worker);
            var hostDied = await WatchAsync(host, worker, stopWorker);
            var (measured, workerFailure) = await worker;
            var wireBytes = link?.LoopbackBytes() - wireBefore;

            double? serverCpu = null, serverRss = null;
            if (host is not null && !host.HasExited)
            {
                serverCpu = (ProcessStats.CpuTime(host.Pid) - cpuBefore).TotalSeconds;
                serverRss = ProcessStats.PeakRssMiB(host.Pid);
            }
            var components = new Dictionary<string, string>(measured.Components);
            foreach (var (name, version) in host?.Ready.Components ?? []) components[name] = version;
            // Pinned but not verified: its figures are not a server's alone, whatever else went well.
            var notIsolated = !placement.IsShared && cpuRecord is { Verified: false }
                ? $"CPU isolation not in force: asked {placement}, /proc says {cpuRecord.Describe()}" : null;
            var status = hostDied || workerFailure is not null || notIsolated is not null ? "failed" : measured.Load.Cancelled ? "cancelled" : "ok";
            var reason = hostDied ? HostDied(host!)
                : workerFailure ?? notIsolated ?? (measured.Load.Cancelled ? "cancelled (Ctrl+C); the figures are partial" : null);
            return new ConfigurationResult(configuration, status, reason, host?.Ready.Runtime ?? measured.Runtime, measured.Runtime, components,
                host?.Ready.Settings, serverCpu, serverRss, measured.CpuSeconds, measured.Load.Scenarios, measured.PeakRssMiB, wireBytes, cpuRecord);
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException)
        {
            return Outcome(configuration, "failed", e.Message);
        }
        finally
        {
            if (host is not null) await host.DisposeAsync();
            if (sink is not null) await sink.DisposeAsync();
            if (link is not null) await link.DisposeAsync();
        }
    }

    /// <summary>True if the host died while the worker ran; the worker is then stopped and keeps what it measured.</summary>
    private static async Task<bool> WatchAsync(HostProcess? host, Task worker, CancellationTokenSource stopWorker)
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
        var arguments = new List<string> { "--maxReceiveMessageSize", Math.Max(4 * 1024 * 1024, shape.PayloadBytes + 64 * 1024).ToString() };
        if (configuration.Transport == Transport.Tls) arguments.AddRange(["--tls", "true"]);
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

    private static ConfigurationResult Outcome(LoadConfiguration configuration, string status, string reason) =>
        new(configuration, status, reason, null, null, new Dictionary<string, string>(), null, null, null, null, []);

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
