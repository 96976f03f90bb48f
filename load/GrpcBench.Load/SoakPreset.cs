using System.Globalization;
using GrpcBench.Load.Engine;
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
public static class SoakPreset
{
    public const int WarmUpSeconds = 5, CallTimeoutSeconds = 30;

    // Host start-up, connection and the worker's set-up, beside the load itself.
    private static readonly TimeSpan StartUp = TimeSpan.FromSeconds(15);

    public static LoadShape Load(SoakOptions options) =>
        new([new RampPhase(options.UploadsPerSecond, options.Seconds, Constant: true)], options.PayloadBytes, WarmUpSeconds, CallTimeoutSeconds)
        {
            Scenarios = [ScenarioNames.SendLargeData, ScenarioNames.GetInt],
            GetIntPerSecond = options.GetIntPerSecond,
        };

    public static async Task<int> RunAsync(RunPlan plan, SoakOptions options, string folder, string commandLine, IAnsiConsole console, CancellationToken cancellationToken)
    {
        var configurations = plan.Configurations();
        var shape = plan.Load;
        var each = shape.Typical + StartUp;
        console.WriteLine($"soak: {configurations.Count} configurations one after the other; {options.Describe()}; "
                          + $"about {Minutes(each * configurations.Count)} (at most {Minutes((shape.WorstCase + StartUp + TimeSpan.FromSeconds(60)) * configurations.Count)})");
        console.WriteLine(options.Rates is null ? $"soak: rate {options.UploadsPerSecond.ToString("0.##", CultureInfo.InvariantCulture)} uploads/s: {options.RateSource}" : $"soak: rates {options.RateSource}");
        console.WriteLine($"results: {folder}");
        console.WriteLine(plan.Cpus.IsShared ? "cpus: shared" : $"cpus: host on {plan.Cpus.Host}, load worker on {plan.Cpus.Worker}");

        var record = RunRecord.Now();
        var results = new List<ConfigurationResult>();
        var runs = new List<SoakRun>();
        var progress = new LiveProgress(console);
        for (var i = 0; i < configurations.Count && !cancellationToken.IsCancellationRequested; i++)
        {
            var configuration = configurations[i];
            var title = $"[{i + 1}/{configurations.Count}] soak {configuration.Label}";
            var left = configurations.Count - i - 1;
            SoakSampler? sampler = null;
            var (result, run) = await progress.RunAsync(title, onProgress => RunOneAsync(configuration, shape, options, plan.Cpus, onProgress, s => sampler = s, cancellationToken),
                p => Estimate(p, shape, each * left, sampler?.Last));
            results.Add(result);
            runs.Add(run);
            console.WriteLine($"{title}: {SoakReport.Verdict(run)}");
        }

        var status = cancellationToken.IsCancellationRequested ? "cancelled" : results.Any(r => r.Status != "ok") ? "failed" : "completed";
        var summary = new LoadRunSummary(plan.Preset, status, commandLine, record,
            shape.Scenarios.ToDictionary(name => name, shape.Describe), results) { Soak = new SoakSummary(options, runs) };
        var (written, asAsked) = ResultsWriting.Write(folder, summary, console);
        folder = written;
        ConsoleReport.Write(console, summary);
        foreach (var run in runs) console.WriteLine($"soak {run.Configuration}: {SoakReport.Verdict(run)}");
        console.WriteLine($"soak: host GC counts {SoakSummary.HostGcCounted}");
        console.WriteLine($"results: {folder}");
        return !asAsked ? ResultsWriting.NotWhereAsked : status == "completed" && runs.All(r => r.Verdict == "pass") ? 0 : 1;
    }

    private static async Task<(ConfigurationResult, SoakRun)> RunOneAsync(LoadConfiguration configuration, LoadShape runShape, SoakOptions options, CpuPlacement cpus,
        Action<LoadProgress> onProgress, Action<SoakSampler> sampling, CancellationToken cancellationToken)
    {
        var rate = options.RateFor(configuration.Label);
        var shape = runShape.For(configuration) with { Phases = [new RampPhase(rate, options.Seconds, Constant: true)] };
        if (ConfigurationRun.SkipReason(configuration) is { } skipped)
            return (ConfigurationRun.Outcome(configuration, "skipped", skipped), SoakRun.Judge(configuration.Label, options, [], [], skipped, false, shape.WarmUpSeconds));
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
            return (result, SoakRun.Judge(configuration.Label, options, sampler.Samples, result.Scenarios, measured.Failure, result.Status == "cancelled", shape.WarmUpSeconds)
                with { UploadsPerSecond = rate, HostGcNotMeasured = hostGcNotMeasured });
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return (ConfigurationRun.Outcome(configuration, "failed", e.Message), SoakRun.Judge(configuration.Label, options, [], [], e.Message, false, shape.WarmUpSeconds));
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            return (ConfigurationRun.Outcome(configuration, "cancelled", ConfigurationRun.CancelledBeforeLoad),
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
