using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>
/// A configuration's server side, started: its host on the runtime and CPUs asked (or the raw-tcp sink), behind its
/// link if it has one, and the load worker that measures it: once (a configuration's run), or several times
/// one after the other (the probes of a capacity search, on one warm client). Disposing stops everything it started.
/// </summary>
public sealed class ServedConfiguration : IAsyncDisposable
{
    private readonly LoadConfiguration _configuration;
    private readonly CpuPlacement _placement;
    private readonly IReadOnlyDictionary<string, string> _harness;
    private HostProcess? _host;
    private RawTcpSink? _sink;
    private ShapedLink? _link;
    private WorkerProcess? _worker;
    private string _url = "";

    private ServedConfiguration(LoadConfiguration configuration, CpuPlacement placement, IReadOnlyDictionary<string, string>? harness) =>
        (_configuration, _placement, _harness) = (configuration, placement, harness ?? new Dictionary<string, string>());

    public HostProcess? Host => _host;

    /// <summary>The load worker, once a measurement has started it.</summary>
    public WorkerProcess? Worker => _worker;

    /// <param name="hostArguments">More host settings, beyond what the configuration says (tests: a host of known capacity).</param>
    /// <param name="harness">
    /// Runtime settings of the host's and the worker's processes that belong to the measurement, not to the configuration
    /// (a saturated run's tiering without its start-up delay); the configuration's own environment wins where both set one.
    /// </param>
    /// <exception cref="HostStartException">The host did not start.</exception>
    /// <exception cref="InvalidOperationException">The link could not be made.</exception>
    public static async Task<ServedConfiguration> StartAsync(LoadConfiguration configuration, LoadShape shape, CpuPlacement placement, CancellationToken cancellationToken,
        IReadOnlyList<string>? hostArguments = null, IReadOnlyDictionary<string, string>? harness = null)
    {
        var served = new ServedConfiguration(configuration, placement, harness);
        try
        {
            if (configuration.Link != "none") served._link = ShapedLink.Create(configuration.Link);
            if (configuration.Target is { } target)
            {
                served._url = target;
            }
            else if (configuration.Kind == ConfigurationKind.RawTcp)
            {
                served._sink = new RawTcpSink();
                served._url = served._sink.Url.ToString();
            }
            else
            {
                served._host = await HostProcess.StartAsync(new HostLaunch(HostCommandLine.Project(configuration), configuration.HostRuntime,
                    [.. HostCommandLine.Arguments(configuration, shape), .. hostArguments ?? []]) { NetworkNamespace = served._link?.Name, Cpus = placement.Host, Environment = served.WithHarness(configuration.HostEnvironment) }, cancellationToken);
                served._url = served._host.Ready.Url;
            }
            return served;
        }
        catch
        {
            await served.DisposeAsync();
            throw;
        }
    }

    private Dictionary<string, string> WithHarness(IReadOnlyDictionary<string, string>? environment)
    {
        var merged = new Dictionary<string, string>(_harness);
        foreach (var (name, value) in environment ?? new Dictionary<string, string>()) merged[name] = value;
        return merged;
    }

    /// <summary>A run of the load worker under <paramref name="shape"/>: its figures, and the host's CPU time over the same span.</summary>
    /// <exception cref="WorkerFailedException">The worker handed over no figure at all.</exception>
    public async Task<Measurement> MeasureAsync(LoadShape shape, Action<LoadProgress> onProgress, CancellationToken cancellationToken)
    {
        var host = _host;
        if (_worker is not null) await SettleAsync(cancellationToken);
        // The host's CPU time counts from when the worker's warm-up ends, as the worker's own does: the span its calls are counted over.
        var (cpuBefore, faultsBefore) = host is null || host.HasExited ? (TimeSpan.Zero, (PageFaults?)null) : ProcessStats.CpuAndFaults(host.Pid);
        CpuRecord? cpuRecord = null;
        var span = System.Diagnostics.Stopwatch.StartNew();
        var stealBefore = CpuSteal.Now();
        void Measuring()
        {
            span.Restart();
            stealBefore = CpuSteal.Now();
            try
            {
                if (host is not null && !host.HasExited) (cpuBefore, faultsBefore) = ProcessStats.CpuAndFaults(host.Pid);
            }
            catch (IOException)
            {
                // Gone: the measurement fails for that reason.
            }
        }
        void LoadBegins(WorkerStarted worker)
        {
            Measuring();
            try
            {
                cpuRecord = CpuRecord.Read(_placement, host?.Pid, host?.Ready.ProcessorCount, worker.Pid, worker.ProcessorCount, host?.Ready.Gc,
                    host?.Ready.GcHeapCount);
            }
            catch (IOException)
            {
                // A process that is already gone: its configuration fails for that reason, not for its CPUs.
            }
        }
        var spec = new WorkerSpec(_configuration, _url, host?.Ready.CertificatePem ?? (_configuration.TargetCa is { } ca ? File.ReadAllText(ca) : null), shape);
        using var stopWorker = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var wireBefore = _link?.LoopbackBytes();
        if (_worker is { HasExited: true })
        {
            await _worker.DisposeAsync();
            _worker = null;
        }
        _worker ??= WorkerProcess.Start(_configuration.ClientRuntime, _link?.Name, _placement.Worker, _configuration.Label, WithHarness(_configuration.ClientEnvironment));
        var worker = _worker.RunAsync(spec, onProgress, stopWorker.Token, LoadBegins, Measuring);
        var hostDied = await WatchAsync(host, worker, stopWorker);
        var outcome = await worker;
        // A terminal's Ctrl+C reaches the whole process group: a host that ended with the tool's own cancellation did not fail.
        if (hostDied && await CancelledSoonAsync(cancellationToken)) hostDied = false;
        var wireBytes = _link?.LoopbackBytes() - wireBefore;
        var loadSeconds = span.Elapsed.TotalSeconds;
        var stealAfter = CpuSteal.Now();
        double? Stolen(string? set) => CpuSteal.Share(stealBefore, stealAfter, set is null ? [.. stealAfter.Keys] : CpuList.Parse(set), loadSeconds);

        double? serverCpu = null, serverRss = null;
        PageFaults? serverFaults = null;
        if (host is not null && !host.HasExited)
        {
            var (cpuAfter, faultsAfter) = ProcessStats.CpuAndFaults(host.Pid);
            serverCpu = (cpuAfter - cpuBefore).TotalSeconds;
            serverFaults = faultsBefore is null ? null : faultsAfter - faultsBefore;
            serverRss = ProcessStats.PeakRssMiB(host.Pid);
        }
        var components = new Dictionary<string, string>(outcome.Figures.Components);
        foreach (var (name, version) in host?.Ready.Components ?? []) components[name] = version;
        // Pinned but not verified: its figures are not a server's alone, whatever else went well.
        var notIsolated = !_placement.IsShared && cpuRecord is { Verified: false }
            ? $"CPU isolation not in force: asked {_placement}, /proc says {cpuRecord.Describe()}" : null;
        var failure = hostDied ? HostDied(host!) : outcome.Failure ?? notIsolated;
        return new Measurement(outcome, failure, host?.Ready.Runtime, components, HostSettings(host), serverCpu, serverRss, cpuRecord, wireBytes, loadSeconds)
        {
            HostStolenShare = Stolen(_placement.Host),
            WorkerStolenShare = Stolen(_placement.Worker),
            ServerFaults = serverFaults,
        };
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

    /// <summary>The exception that ended the host first, where its output names one, then the exit code and the output's last lines.</summary>
    private static string HostDied(HostProcess host)
    {
        var lines = host.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var exception = lines.Select(l => ExceptionLine.Match(l)).FirstOrDefault(m => m.Success)?.Groups[1].Value;
        var tail = string.Join(" | ", lines.TakeLast(3));
        return (exception is null ? "" : exception + "; ") + $"the host exited during the run (exit code {host.ExitCode}): {tail}";
    }

    private static readonly System.Text.RegularExpressions.Regex ExceptionLine = new(@"^(?:Unhandled exception\. )?([\w.]+(?:Exception|Error): .*)$");

    private static async Task<bool> CancelledSoonAsync(CancellationToken cancellationToken)
    {
        try
        {
            await Task.Delay(TimeSpan.FromMilliseconds(500), cancellationToken);
            return false;
        }
        catch (OperationCanceledException)
        {
            return true;
        }
    }

    private static readonly TimeSpan SettleWindow = TimeSpan.FromMilliseconds(100), MaxSettle = TimeSpan.FromSeconds(5);

    /// <summary>
    /// Waits until the host has been nearly idle (10 % of a CPU at most: one clock tick) for 100 ms, 5 s at most: after an overloaded
    /// probe the host may still be working off calls the worker has already cut short, and the next probe would start
    /// on a busy host (a fresh worker's connection used to end that backlog; a kept one does not).
    /// </summary>
    private async Task SettleAsync(CancellationToken cancellationToken)
    {
        if (_host is not { } host) return;
        var waited = System.Diagnostics.Stopwatch.StartNew();
        try
        {
            var before = ProcessStats.CpuTime(host.Pid);
            while (waited.Elapsed < MaxSettle && !host.HasExited)
            {
                await Task.Delay(SettleWindow, cancellationToken);
                var now = ProcessStats.CpuTime(host.Pid);
                if (now - before <= SettleWindow / 10) return;
                before = now;
            }
        }
        catch (Exception e) when (e is IOException or OperationCanceledException)
        {
            // A host that is gone fails the measurement, a cancelled run ends it: neither needs a settled host.
        }
    }

    /// <summary>The settings the host reported in force, with the runtime knobs it runs with (GC, thread pool, DOTNET_ variables) beside them.</summary>
    public static IReadOnlyDictionary<string, System.Text.Json.JsonElement>? HostSettings(HostProcess? host)
    {
        if (host?.Ready.Settings is not { } settings || host.Ready.RuntimeKnobs is not { } knobs) return host?.Ready.Settings;
        return new Dictionary<string, System.Text.Json.JsonElement>(settings) { ["runtimeKnobs"] = System.Text.Json.JsonSerializer.SerializeToElement(knobs) };
    }

    public async ValueTask DisposeAsync()
    {
        if (_worker is not null) await _worker.DisposeAsync();
        if (_host is not null) await _host.DisposeAsync();
        if (_sink is not null) await _sink.DisposeAsync();
        if (_link is not null) await _link.DisposeAsync();
    }
}
