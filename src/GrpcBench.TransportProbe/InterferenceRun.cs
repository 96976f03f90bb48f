using System.Text.Json;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.TransportProbe;

public sealed record InterferenceOptions(
    IReadOnlyList<string> Runtimes,
    IReadOnlyList<string> Profiles,
    IReadOnlyList<string> Transports,
    double SmallPerSecond,
    double LargePerSecond,
    int SizeMiB,
    TimeSpan Phase,
    string? Out);

/// <summary>What one open-model stream of calls got: offered rate, outcomes, latency, and how late the latest call started.</summary>
public sealed record LoadFigures(double OfferedPerSecond, int Ok, int Failed, Dictionary<string, int> Failures, LatencySummary Latency, double MaxStartLagMs);

public sealed record PhaseResult(string Phase, LoadFigures Small, LoadFigures? Large);

public sealed record InterferenceResult(
    ProbeConfiguration Configuration,
    string Status,
    string? Error,
    string? RuntimeDescription,
    Dictionary<string, JsonElement>? HostSettings,
    List<PhaseResult> Phases,
    double ServerCpuSeconds,
    double ServerPeakRssMiB);

/// <summary>
/// Small-call latency with and without concurrent large uploads, per configuration: the transport's side
/// of "does SendLargeData hurt GetInt". Each configuration gets its own host and the same three phases,
/// one after the other, at the same offered load.
/// </summary>
public sealed class InterferenceRun(InterferenceOptions options, IAnsiConsole? console = null)
{
    public const string Alone = "small calls alone";
    public const string SeparateConnection = "with uploads on another connection";
    public const string SameConnection = "with uploads on the same connection";

    public async Task<List<InterferenceResult>> RunAsync(CancellationToken cancellationToken)
    {
        var configurations = (from runtime in options.Runtimes
                              from transport in options.Transports
                              from profile in options.Profiles
                              select new ProbeConfiguration(runtime, profile, transport)).ToList();
        var payload = new byte[options.SizeMiB * 1024L * 1024L];
        Random.Shared.NextBytes(payload);
        var results = new List<InterferenceResult>();

        await (console ?? AnsiConsole.Console).Progress()
            .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new ElapsedTimeColumn())
            .StartAsync(async progress =>
            {
                var overall = progress.AddTask($"{configurations.Count} configurations x 3 phases of {options.Phase.TotalSeconds:0} s", maxValue: configurations.Count * 3);
                foreach (var configuration in configurations)
                {
                    results.Add(await RunOneAsync(configuration, payload, () => overall.Increment(1), cancellationToken));
                }
            });
        return results;
    }

    private async Task<InterferenceResult> RunOneAsync(ProbeConfiguration configuration, byte[] payload, Action phaseDone, CancellationToken cancellationToken)
    {
        ProbeHost host;
        try
        {
            host = await ProbeHost.StartAsync(configuration, payload.Length, cancellationToken);
        }
        catch (Exception e) when (e is HostStartException or InvalidOperationException)
        {
            return new InterferenceResult(configuration, "failed", e.Message, null, null, [], 0, 0);
        }

        var phases = new List<PhaseResult>();
        string? error = null;
        await using (host)
        {
            using var small = host.NewClient();
            using var large = host.NewClient();
            // A short mixed phase first, discarded, so that JIT and connection warm-up land in no measured phase.
            await PhaseAsync("warm-up", small, large, payload, TimeSpan.FromSeconds(Math.Clamp(options.Phase.TotalSeconds / 4, 1, 5)), cancellationToken);
            host.MarkCpu();

            foreach (var (phase, uploads) in new[] { (Alone, (HttpClient?)null), (SeparateConnection, large), (SameConnection, small) })
            {
                phases.Add(await PhaseAsync(phase, small, uploads, payload, options.Phase, cancellationToken));
                phaseDone();
                if ((error = host.ExitedError) is not null) break;
            }
        }
        return new InterferenceResult(configuration, error is null ? "ok" : "failed", error, host.Host.Ready.Runtime, host.Host.Ready.Settings,
            phases, host.CpuSeconds, host.PeakRssMiB);
    }

    private async Task<PhaseResult> PhaseAsync(string phase, HttpClient small, HttpClient? uploads, byte[] payload, TimeSpan duration,
        CancellationToken cancellationToken)
    {
        var timeout = TimeSpan.FromSeconds(60);
        var smallCalls = OpenLoop.RunAsync(options.SmallPerSecond, duration, timeout,
            async ct => (await small.GetAsync(ProbePaths.Int, ct)).EnsureSuccessStatusCode().Dispose(), cancellationToken);
        var largeCalls = UploadsAsync();
        await Task.WhenAll((Task)smallCalls, largeCalls);
        return new PhaseResult(phase, Figures(options.SmallPerSecond, smallCalls.Result),
            largeCalls.Result is { } l ? Figures(options.LargePerSecond, l) : null);

        async Task<OpenLoopResult?> UploadsAsync() => uploads is null
            ? null
            : await OpenLoop.RunAsync(options.LargePerSecond, duration, timeout,
                async ct => (await uploads.PostAsync(ProbePaths.Upload, new ByteArrayContent(payload), ct)).EnsureSuccessStatusCode().Dispose(),
                cancellationToken);
    }

    private static LoadFigures Figures(double offered, OpenLoopResult result) =>
        new(offered, result.Ok, result.Failed, result.Failures, LatencySummary.Of(result.LatenciesMs), Math.Round(result.MaxStartLagMs, 1));
}
