using System.Globalization;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Profiling;
using Spectre.Console;
using static GrpcBench.Load.Durations;

namespace GrpcBench.Load;

/// <summary>
/// The soak preset: each configuration under the story's mix at a steady rate for a long time, both processes sampled
/// every 5 s; a configuration passes with no failed call and RSS growing less than 10 % over the last two thirds, per side.
/// </summary>
public sealed class SoakPresetRun(RunPlan plan, SoakOptions options) : IPresetRun
{
    public const int WarmUpSeconds = 5, CallTimeoutSeconds = 30;

    // Host start-up, connection and the worker's set-up, beside the load itself.
    private static readonly TimeSpan StartUp = TimeSpan.FromSeconds(15);

    public static LoadShape Load(SoakOptions options) => options.Service is { } service
        ? new([new RampPhase(options.UploadsPerSecond, options.Seconds, Constant: true)], 0, WarmUpSeconds, CallTimeoutSeconds)
        {
            Scenarios = [.. service.Methods.Select(m => m.Name)],
            Service = service,
        }
        : new([new RampPhase(options.UploadsPerSecond, options.Seconds, Constant: true)], options.PayloadBytes, WarmUpSeconds, CallTimeoutSeconds)
        {
            Scenarios = [ScenarioNames.SendLargeData, ScenarioNames.GetInt],
            GetIntPerSecond = options.GetIntPerSecond,
        };

    private readonly IReadOnlyList<LoadConfiguration> _configurations = plan.Configurations();
    private readonly List<SoakRun> _runs = [];
    private TimeSpan Each => plan.Load.Typical + StartUp;

    public IEnumerable<string> Introduction()
    {
        yield return $"soak: {_configurations.Count} configurations one after the other; {options.Describe()}; "
                     + $"about {Minutes(Each * _configurations.Count)} (at most {Minutes((plan.Load.WorstCase + StartUp + TimeSpan.FromSeconds(60)) * _configurations.Count)})";
        yield return options.Rates is not null ? $"soak: rates {options.RateSource}"
            : $"soak: rate {options.UploadsPerSecond.ToString("0.##", CultureInfo.InvariantCulture)} {(options.Service is null ? "uploads" : "calls")}/s: {options.RateSource}";
    }

    public async Task RunAsync(RunSession session, CancellationToken cancellationToken)
    {
        var shape = plan.Load;
        for (var i = 0; i < _configurations.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            var configuration = _configurations[i];
            var title = $"[{i + 1}/{_configurations.Count}] soak {configuration.Label}";
            var left = _configurations.Count - i - 1;
            SoakSampler? sampler = null;
            await session.RunAsync(title, async onProgress =>
            {
                var (result, run) = await RunOneAsync(configuration, shape, options, plan.Cpus, onProgress, s => sampler = s, cancellationToken);
                _runs.Add(run);
                return result;
            }, p => Estimate(p, shape, Each * left, sampler?.Last));
            session.Console.WriteLine($"{title}: {SoakReport.Verdict(_runs[^1])}");
        }
    }

    public LoadRunSummary Summary(LoadRunSummary bare) =>
        (bare with { OfferedLoad = plan.Load.Scenarios.ToDictionary(name => name, plan.Load.Describe) }).WithSoak(new SoakSummary(options, [.. _runs]));

    public void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files)
    {
        ConsoleReport.Write(console, summary);
        foreach (var run in _runs) console.WriteLine($"soak {run.Configuration}: {SoakReport.Verdict(run)}");
        console.WriteLine($"soak: host GC counts {SoakSummary.HostGcCounted}");
    }

    public bool Succeeded(LoadRunSummary summary) => _runs.All(r => r.Verdict == "pass");

    private static async Task<(ConfigurationResult, SoakRun)> RunOneAsync(LoadConfiguration configuration, LoadShape runShape, SoakOptions options, CpuPlacement cpus,
        Action<LoadProgress> onProgress, Action<SoakSampler> sampling, CancellationToken cancellationToken)
    {
        var rate = options.RateFor(configuration.Label);
        var shape = runShape.For(configuration) with { Phases = [new RampPhase(rate, options.Seconds, Constant: true)] };
        if (ConfigurationRun.SkipReason(configuration) is { } skipped)
            return (ConfigurationRun.Outcome(configuration, ConfigurationStatus.Skipped, skipped), SoakRun.Judge(configuration.Label, options, [], [], skipped, false, shape.WarmUpSeconds));
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, shape, cpus, cancellationToken);
            LoadProgress? latest = null;
            var (hostGc, hostGcNotMeasured) = await CountHostGcAsync(served, cancellationToken);
            await using var countingHostGc = hostGc;
            var sampler = new SoakSampler(served, () => latest is { } p ? (p.Scenarios.Sum(s => s.Ok), p.Scenarios.Sum(s => s.Failed)) : (0, 0), hostGc);
            sampling(sampler);
            using var stopSampling = new CancellationTokenSource();
            var samples = sampler.RunAsync(stopSampling.Token);
            Measurement measured;
            try
            {
                measured = await served.MeasureAsync(shape, p =>
                {
                    latest = p;
                    onProgress(p);
                }, cancellationToken);
            }
            finally
            {
                await stopSampling.CancelAsync();
                await samples;
            }
            var result = ConfigurationRun.Result(configuration, measured);
            return (result, SoakRun.Judge(configuration.Label, options, sampler.Samples, result.Scenarios, measured.Failure, result.Status == ConfigurationStatus.Cancelled, shape.WarmUpSeconds)
                with { UploadsPerSecond = rate, HostGcNotMeasured = hostGcNotMeasured });
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return (ConfigurationRun.Outcome(configuration, ConfigurationStatus.Failed, e.Message), SoakRun.Judge(configuration.Label, options, [], [], e.Message, false, shape.WarmUpSeconds));
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            return (ConfigurationRun.Outcome(configuration, ConfigurationStatus.Cancelled, ConfigurationRun.CancelledBeforeLoad),
                SoakRun.Judge(configuration.Label, options, [], [], null, true, shape.WarmUpSeconds));
        }
    }

    /// <summary>A counter of the host's GCs, or why there is none: the soak goes on without it.</summary>
    private static async Task<(GcCounter?, string?)> CountHostGcAsync(ServedConfiguration served, CancellationToken cancellationToken)
    {
        if (served.Host is not { } host) return (null, "no host of the bench's own");
        try
        {
            return (await GcCounter.StartAsync(host.Pid, cancellationToken), null);
        }
        catch (HostProfileException e)
        {
            return (null, e.Message);
        }
    }

    /// <summary>How far the configuration is, what is left of the run, and both sides' memory now.</summary>
    private static string Estimate(LoadProgress progress, LoadShape shape, TimeSpan afterThis, SoakSample? last)
    {
        var total = TimeSpan.FromSeconds(shape.WarmUpSeconds + shape.Phases.Sum(p => p.Seconds));
        var left = total - progress.Elapsed;
        if (left < TimeSpan.Zero) left = TimeSpan.Zero;
        var memory = last is null ? "RSS not sampled yet"
            : $"RSS host {Mib(last.HostRssMiB)}, worker {Mib(last.WorkerRssMiB)}; GC 0/1/2 host {Gc(last.HostGc)}, worker {Gc(last.WorkerGc)}";
        return $"{Minutes(progress.Elapsed)} of {Minutes(total)}, about {Minutes(left + afterThis)} left in all; {memory}";
    }

    private static string Gc(IReadOnlyList<int>? counts) => counts is null ? "not counted" : string.Join("/", counts);

    private static string Mib(double? value) => value is { } v ? v.ToString("0", CultureInfo.InvariantCulture) + " MiB" : "not measured";
}
