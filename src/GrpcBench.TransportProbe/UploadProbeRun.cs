using System.Diagnostics;
using System.Net;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.TransportProbe;

public sealed record ConfigurationResult(
    ProbeConfiguration Configuration,
    string Status,
    string? Error,
    string? RuntimeDescription,
    Dictionary<string, System.Text.Json.JsonElement>? HostSettings,
    List<double> UploadsMs,
    LatencySummary Latency,
    double MiBPerSecond,
    double ServerCpuSeconds,
    double ServerPeakRssMiB);

/// <summary>
/// Times sequential uploads of one payload to every configuration. All hosts run at once and the uploads
/// go round-robin, so that drift on a shared machine spreads evenly over the configurations compared.
/// </summary>
public sealed class UploadProbeRun(ProbeOptions options)
{
    private sealed class Target(ProbeConfiguration configuration)
    {
        public ProbeConfiguration Configuration { get; } = configuration;
        public HostProcess? Host { get; set; }
        public HttpClient? Client { get; set; }
        public string Status { get; set; } = "ok";
        public string? Error { get; set; }
        public List<double> UploadsMs { get; } = [];
        public TimeSpan CpuAtStart { get; set; }
        public double CpuSeconds { get; set; }
        public double PeakRssMiB { get; set; }

        public void Fail(string error)
        {
            Status = "failed";
            Error ??= error;
        }
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
            await AnsiConsole.Progress()
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
                            if (round == options.Warmup && target.Host is { HasExited: false } host) target.CpuAtStart = ProcessStats.CpuTime(host.Pid);
                            await UploadAsync(target, payload, measured: round >= options.Warmup, cancellationToken);
                            if (target.Host is { } started) Uploaded?.Invoke(target.Configuration, started.Pid, round);
                            uploading.Increment(1);
                        }
                    }
                });
        }
        finally
        {
            foreach (var target in targets) await StopAsync(target);
        }

        return targets.Select(Result).ToList();
    }

    private async Task StartAsync(Target target, int payloadBytes, CancellationToken cancellationToken)
    {
        var c = target.Configuration;
        try
        {
            target.Host = await HostProcess.StartAsync(new HostLaunch("GrpcBench.KestrelHost", c.Runtime,
            [
                "--kestrel:profile", c.KestrelProfile,
                "--tls", (c.Transport == "tls").ToString(),
                "--maxReceiveMessageSize", payloadBytes.ToString(),
            ]), cancellationToken);
            target.Client = Http2Client.For(target.Host.Ready);
        }
        catch (Exception e) when (e is HostStartException or InvalidOperationException)
        {
            target.Fail(e.Message);
        }
    }

    private async Task UploadAsync(Target target, byte[] payload, bool measured, CancellationToken cancellationToken)
    {
        if (target.Status != "ok" || target.Host is null || target.Client is null) return;
        if (target.Host.HasExited)
        {
            target.Fail($"host exited mid-run with code {target.Host.ExitCode}: {target.Host.StandardError}");
            return;
        }

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(options.UploadTimeout);
        var clock = Stopwatch.StartNew();
        try
        {
            using var response = await target.Client.PostAsync(UploadPath, new ByteArrayContent(payload), timeout.Token);
            var body = await response.Content.ReadAsStringAsync(timeout.Token);
            clock.Stop();
            if (response.StatusCode != HttpStatusCode.OK || body != payload.Length.ToString())
            {
                target.Fail($"upload answered {(int)response.StatusCode} {body}");
                return;
            }
            if (measured) target.UploadsMs.Add(clock.Elapsed.TotalMilliseconds);
        }
        catch (Exception e) when (e is HttpRequestException or OperationCanceledException && !cancellationToken.IsCancellationRequested)
        {
            target.Fail(target.Host.HasExited
                ? $"host exited mid-run with code {target.Host.ExitCode}"
                : $"upload failed after {clock.Elapsed.TotalMilliseconds:0} ms: {e.Message}");
        }
    }

    private static async Task StopAsync(Target target)
    {
        target.Client?.Dispose();
        if (target.Host is not { } host) return;
        if (!host.HasExited)
        {
            target.CpuSeconds = (ProcessStats.CpuTime(host.Pid) - target.CpuAtStart).TotalSeconds;
            target.PeakRssMiB = ProcessStats.PeakRssMiB(host.Pid);
        }
        await host.DisposeAsync();
    }

    private ConfigurationResult Result(Target target)
    {
        var latency = LatencySummary.Of(target.UploadsMs);
        return new ConfigurationResult(
            target.Configuration,
            target.Status,
            target.Error,
            target.Host?.Ready.Runtime,
            target.Host?.Ready.Settings,
            target.UploadsMs,
            latency,
            latency.Count == 0 ? 0 : options.SizeMiB / (latency.P50 / 1000.0),
            Math.Round(target.CpuSeconds, 2),
            Math.Round(target.PeakRssMiB, 1));
    }

    private const string UploadPath = "/probe/upload";
}
