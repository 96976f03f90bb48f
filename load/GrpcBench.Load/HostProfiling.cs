using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Profiling;

namespace GrpcBench.Load;

/// <summary>
/// A configuration's host profiled under the mix at a steady rate: the host and a load worker on their CPUs as in a
/// search, the load warmed up, then the host's CPU samples for <see cref="ProfileSeconds"/> while the load goes on.
/// </summary>
public static class HostProfiling
{
    public const int ProfileSeconds = 5, WarmUpSeconds = 3;

    public static async Task<HostProfileRow> ProfileAsync(string name, LoadConfiguration configuration, CapacityMix mix, double perSecond, CpuPlacement placement,
        Action<LoadProgress> onProgress, CancellationToken cancellationToken)
    {
        configuration = CapacityPreset.Labelled(configuration, mix);
        HostProfileRow Failed(string why) => new(name, configuration.Label, null, 0, 0, [], [], why);
        // Played whole whatever happens: a probe's early stop would leave the profile sampling an idle host.
        var shape = CapacityRun.ProbeShape(mix, perSecond) with
        {
            Phases = [new RampPhase(perSecond, ProfileSeconds + 2, Constant: true)], WarmUpSeconds = WarmUpSeconds, StopAtFirstFailure = false, StopBeyondP99Ms = null,
        };
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, shape, placement, cancellationToken);
            if (served.Host is not { } host) return Failed("no host of the bench's own to profile");
            var measuring = served.MeasureAsync(shape, onProgress, cancellationToken);
            HostCpuProfile? profile = null;
            string? failure = null;
            try
            {
                await Task.Delay(TimeSpan.FromSeconds(WarmUpSeconds + 1), cancellationToken);
                profile = await HostCpuProfile.CollectAsync(host.Pid, TimeSpan.FromSeconds(ProfileSeconds), cancellationToken, topMethods: 5);
            }
            catch (Exception e) when (e is HostProfileException or OperationCanceledException or IOException)
            {
                failure = $"{e.GetType().Name}: {e.Message}";
            }
            var measured = await measuring;
            // The calls over the span its CPU time covers (the warm-up's are in neither).
            var scenarios = measured.Worker.Figures.Load.Scenarios;
            var calls = scenarios.Sum(s => s.Requests);
            double? msPerCall = measured.ServerCpuSeconds is { } cpu && calls > 0 ? 1000 * cpu / calls : null;
            if (profile is null) return Failed(failure ?? "no profile");
            var profiledCalls = scenarios.Sum(s => s.DurationSeconds > 0 ? s.Requests / s.DurationSeconds : 0) * profile.DurationSeconds;
            double? ThreadMsPerCall(int samples) => profile.SampleIntervalMs is { } period && profiledCalls > 0 ? samples * period / profiledCalls : null;
            var components = profile.Cpu.Select(c => new ComponentCost(c.Component, c.Percent, ThreadMsPerCall(c.Samples))).ToList();
            return new HostProfileRow(name, configuration.Label, msPerCall, profile.CpuSamples, profile.NativeOrWaitingSamples, components,
                [.. profile.TopMethods.Select(m => $"{m.Method} ({m.Percent:0.#} %)")], measured.Failure, profile.SampleIntervalMs,
                msPerCall - ThreadMsPerCall(profile.CpuSamples));
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return Failed($"{e.GetType().Name}: {e.Message}");
        }
    }
}
