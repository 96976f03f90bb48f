using System.Diagnostics;
using System.Net;
using System.Text.Json;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.TransportProbe;

public sealed record ConfigurationResult(
    ProbeConfiguration Configuration,
    string Status,
    string? Error,
    string? RuntimeDescription,
    Dictionary<string, JsonElement>? HostSettings,
    List<double> UploadsMs,
    LatencySummary Latency,
    double MiBPerSecond,
    double ServerCpuSeconds,
    double ServerPeakRssMiB);

/// <summary>
/// Times sequential uploads of one payload to every configuration. All hosts run at once and the uploads
/// go round-robin, so that drift on a shared machine spreads evenly over the configurations compared.
/// </summary>
public sealed class UploadProbeRun(ProbeOptions options, IAnsiConsole? console = null)
{
    private sealed class Target(ProbeConfiguration configuration)
    {
        public ProbeConfiguration Configuration { get; } = configuration;
        public ProbeHost? Host { get; set; }
        public HttpClient? Client { get; set; }
        public string? Error { get; set; }
        public List<double> UploadsMs { get; } = [];
        public bool Running => Error is null && Host is not null;
    }

    /// <summary>Raised after each upload attempt with the configuration, its host's process id and the round.</summary>
    public event Action<ProbeConfiguration, int, int>? Uploaded;

    public async Task<List<ConfigurationResult>> RunAsync(CancellationToken cancellationToken)
    {
        var targets = (from runtime in options.Runtimes
                       from transport in options.Transports
                       from profile in options.Profiles
                       select new Target(new ProbeConfiguration(runtime, profile, transport))).ToList();
        var payload = new byte[options.SizeMiB * 1024L * 1024L];
        Random.Shared.NextBytes(payload);

        try
        {
            await (console ?? AnsiConsole.Console).Progress()
                .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new ElapsedTimeColumn())
                .StartAsync(async progress =>
                {
                    var starting = progress.AddTask("starting hosts", maxValue: targets.Count);
                    foreach (var target in targets)
                    {
                        await StartAsync(target, payload.Length, cancellationToken);
                        starting.Increment(1);
                    }

                    var rounds = options.Warmup + options.Requests;
                    var uploading = progress.AddTask($"{rounds} x {options.SizeMiB} MiB to {targets.Count} hosts", maxValue: rounds * targets.Count);
                    for (var round = 0; round < rounds; round++)
                    {
                        foreach (var target in targets)
                        {
                            if (round == options.Warmup) target.Host?.MarkCpu();
                            await UploadAsync(target, payload, measured: round >= options.Warmup, cancellationToken);
                            if (target.Host is { } started) Uploaded?.Invoke(target.Configuration, started.Host.Pid, round);
                            uploading.Increment(1);
                        }
                    }
                });
        }
        finally
        {
            foreach (var target in targets)
            {
                target.Client?.Dispose();
                if (target.Host is { } host) await host.DisposeAsync();
            }
        }

        return targets.Select(Result).ToList();
    }

    private static async Task StartAsync(Target target, int payloadBytes, CancellationToken cancellationToken)
    {
        try
        {
            target.Host = await ProbeHost.StartAsync(target.Configuration, payloadBytes, cancellationToken);
            target.Client = target.Host.NewClient();
        }
        catch (Exception e) when (e is HostStartException or InvalidOperationException)
        {
            target.Error = e.Message;
        }
    }

    private async Task UploadAsync(Target target, byte[] payload, bool measured, CancellationToken cancellationToken)
    {
        if (!target.Running || target.Host is not { } host || target.Client is not { } client) return;
        if (host.ExitedError is { } exited)
        {
            target.Error = exited;
            return;
        }

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(options.UploadTimeout);
        var clock = Stopwatch.StartNew();
        try
        {
            using var response = await client.PostAsync(ProbePaths.Upload, new ByteArrayContent(payload), timeout.Token);
            var body = await response.Content.ReadAsStringAsync(timeout.Token);
            clock.Stop();
            if (response.StatusCode != HttpStatusCode.OK || body != payload.Length.ToString())
                target.Error = $"upload answered {(int)response.StatusCode} {body}";
            else if (measured)
                target.UploadsMs.Add(clock.Elapsed.TotalMilliseconds);
        }
        catch (Exception e) when (e is HttpRequestException or OperationCanceledException && !cancellationToken.IsCancellationRequested)
        {
            target.Error = host.ExitedError ?? $"upload failed after {clock.Elapsed.TotalMilliseconds:0} ms: {e.Message}";
        }
    }

    private ConfigurationResult Result(Target target)
    {
        var latency = LatencySummary.Of(target.UploadsMs);
        return new ConfigurationResult(
            target.Configuration,
            target.Error is null ? "ok" : "failed",
            target.Error,
            target.Host?.Host.Ready.Runtime,
            target.Host?.Host.Ready.Settings,
            target.UploadsMs,
            latency,
            latency.Count == 0 ? 0 : options.SizeMiB / (latency.P50 / 1000.0),
            target.Host?.CpuSeconds ?? 0,
            target.Host?.PeakRssMiB ?? 0);
    }
}
