using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Profiling;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// A configuration's host profiled under the mix at a steady rate: the host and a load worker on their CPUs as in a
/// search, the load warmed up, then for <see cref="ProfileSpan.ProfileSeconds"/> each while the load goes on: perf's CPU clock
/// (every millisecond of the host's CPU, native code included: <see cref="NativeCpuProfile"/>) and EventPipe's sample
/// profiler (where the managed threads were, and the hottest managed methods: <see cref="HostCpuProfile"/>).
/// </summary>
public static class HostProfiling
{
    /// <summary>Each of <paramref name="hosts"/> profiled in turn at <paramref name="perSecond"/> under its title, with its largest components on the console.</summary>
    public static async Task<List<HostProfileRow>> ProfileEachAsync(IEnumerable<(string Name, LoadConfiguration Configuration, CapacityMix Mix)> hosts, double perSecond, ProfileSpan span,
        CpuPlacement placement, Func<string, string> title, LiveProgress progress, IAnsiConsole console, CancellationToken cancellationToken)
    {
        var profiles = new List<HostProfileRow>();
        foreach (var (name, configuration, mix) in hosts)
        {
            if (cancellationToken.IsCancellationRequested) break;
            var titled = title(name);
            var profile = await progress.RunAsync(titled, onProgress => ProfileAsync(name, configuration, mix, perSecond, span, placement, onProgress, cancellationToken));
            profiles.Add(profile);
            console.WriteLine($"{titled}: " + (profile.Failure ?? string.Join(", ", (profile.Native ?? profile.Components).Take(3).Select(c => $"{c.Component} {c.Percent:0} %")))
                + (profile.FailedCalls > 0 ? $"; {profile.FailedCalls} of {profile.OkCalls + profile.FailedCalls} calls failed meanwhile" : ""));
        }
        return profiles;
    }

    public static async Task<HostProfileRow> ProfileAsync(string name, LoadConfiguration configuration, CapacityMix mix, double perSecond, ProfileSpan span, CpuPlacement placement,
        Action<LoadProgress> onProgress, CancellationToken cancellationToken)
    {
        configuration = CapacityPresetRun.Labelled(configuration, mix);
        var label = configuration.Label;
        HostProfileRow Failed(string why) => new(name, label, null, 0, 0, [], [], why);
        // Played whole whatever happens: a probe's early stop would leave the profile sampling an idle host.
        var shape = CapacityRun.ProbeShape(mix, perSecond) with
        {
            Phases = [new RampPhase(perSecond, 2 * span.ProfileSeconds + 2, Constant: true)], WarmUpSeconds = span.WarmUpSeconds, StopAtFirstFailure = false, StopBeyondP99Ms = null,
        };
        // The perf map names jitted code for perf (W^X off, so that perf finds it); the label stays the configuration's own.
        var environment = new Dictionary<string, string>(configuration.HostEnvironment ?? new Dictionary<string, string>());
        foreach (var (variable, value) in NativeCpuProfile.HostEnvironment) environment[variable] = value;
        configuration = configuration with { HostEnvironment = environment };
        int? pid = null;
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, shape, placement, cancellationToken);
            if (served.Host is not { } host) return Failed("no host of the bench's own to profile");
            pid = host.Pid;
            var measuring = served.MeasureAsync(shape, onProgress, cancellationToken);
            await Task.Delay(TimeSpan.FromSeconds(span.WarmUpSeconds + 1), cancellationToken);
            var duration = TimeSpan.FromSeconds(span.ProfileSeconds);
            // One after the other: the sample profiler's own work (it suspends the runtime every millisecond) is not perf's to count.
            var (native, nativeFailure) = await Attempt(NativeCpuProfile.CollectAsync(host.Pid, duration, cancellationToken));
            var (managed, managedFailure) = await Attempt(HostCpuProfile.CollectAsync(host.Pid, duration, cancellationToken, topMethods: 5));
            var measured = await measuring;

            // The completed calls over the span its CPU time covers (the warm-up's are in neither), and over the profiled span;
            // failed calls (a profiler slows the host) are counted apart, their work left in the CPU.
            var scenarios = measured.Worker.Figures.Load.Scenarios;
            var calls = scenarios.Sum(s => s.Ok);
            double? msPerCall = measured.ServerCpuSeconds is { } cpu && calls > 0 ? 1000 * cpu / calls : null;
            var profiledCalls = scenarios.Sum(s => s.DurationSeconds > 0 ? s.Ok / s.DurationSeconds : 0) * duration.TotalSeconds;
            var fails = scenarios.SelectMany(s => s.FailsByCode).GroupBy(f => f.Key).ToDictionary(g => g.Key, g => g.Sum(f => f.Value));
            if (managed is null && native is null) return Failed(managedFailure ?? nativeFailure ?? "no profile");
            double? PerCall(double ms) => profiledCalls > 0 ? ms / profiledCalls : null;
            double? ThreadMsPerCall(int samples) => managed?.SampleIntervalMs is { } period ? PerCall(samples * period) : null;
            return new HostProfileRow(name, label, msPerCall, managed?.CpuSamples ?? 0, managed?.NativeOrWaitingSamples ?? 0,
                [.. (managed?.Cpu ?? []).Select(c => new ComponentCost(c.Component, c.Percent, ThreadMsPerCall(c.Samples)))],
                [.. (managed?.TopMethods ?? []).Select(m => $"{m.Method} ({m.Percent:0.#} %)")], measured.Failure ?? managedFailure, managed?.SampleIntervalMs,
                managed is null ? null : msPerCall - ThreadMsPerCall(managed.CpuSamples))
            {
                Native = native is null ? null : [.. native.Cpu.Select(c => new ComponentCost(c.Component, c.Percent, PerCall(c.Samples * native.MsPerSample)))],
                NativeMsPerCall = native is null ? null : PerCall(native.CpuMs),
                NativeFailure = nativeFailure,
                OkCalls = calls,
                FailsByCode = fails,
            };
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return Failed($"{e.GetType().Name}: {e.Message}");
        }
        finally
        {
            if (pid is { } exited)
                foreach (var file in NativeCpuProfile.MapFiles(exited)) File.Delete(file);
        }
    }

    private static async Task<(T? Profile, string? Failure)> Attempt<T>(Task<T> collecting) where T : class
    {
        try
        {
            return (await collecting, null);
        }
        catch (Exception e) when (e is HostProfileException or IOException)
        {
            return (null, $"{e.GetType().Name}: {e.Message}");
        }
    }
}

/// <summary>
/// How long a profile warms its load up and how long each of its two profilers samples: 3 s and 5 s; quick 2 s and 2 s
/// (a first look: a couple of thousand samples a profiler, at one a millisecond of the host's one CPU).
/// </summary>
public sealed record ProfileSpan(int WarmUpSeconds, int ProfileSeconds)
{
    public static ProfileSpan For(bool quick) => quick ? new(2, 2) : new(3, 5);

    /// <summary>A profile's time as planned: its host's start, the warm-up, both profilers one after the other and the load's last seconds.</summary>
    public TimeSpan Time => TimeSpan.FromSeconds(WarmUpSeconds + 2 * ProfileSeconds + 4);
}
