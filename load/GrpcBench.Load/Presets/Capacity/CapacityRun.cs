using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>
/// A scenario mix whose capacity is searched: <see cref="Searched"/> at the offered rate, the others beside it at
/// their fixed rate (getInt at <see cref="LoadShape.GetIntPerSecond"/>).
/// </summary>
/// <param name="Name">"uploads", "getInt", "mixed".</param>
/// <param name="Load">Payload, deadline, scenarios and fixed rates; its phases are replaced by each probe's.</param>
public sealed record CapacityMix(string Name, string Searched, LoadShape Load, SearchLimits Limits, int ProbeSeconds)
{
    /// <summary>Whether the offered rate is the scenario's: the searched one, or a team's method that takes a share of it.</summary>
    public bool Offers(string scenario) => scenario == Searched || Load.Service?.Named(scenario) is { Share: not null };

    /// <summary>Whether the searched calls carry the payload (the story's uploads).</summary>
    public bool Uploads => Load.Service is null && Searched != ScenarioNames.GetInt;
}

/// <summary>The capacity search of one configuration on one mix: a host and a load worker started once, for every probe.</summary>
public static class CapacityRun
{
    public static async Task<ConfigurationResult> SearchAsync(LoadConfiguration configuration, CapacityMix mix, CapacitySlo slo, CpuPlacement placement,
        Action<LoadProgress> onProgress, CancellationToken cancellationToken, IReadOnlyList<string>? hostArguments = null,
        double? guess = null, double? first = null)
    {
        configuration = CapacityPresetRun.Labelled(configuration, mix);
        if (ConfigurationRun.SkipReason(configuration) is { } skipped) return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Skipped, skipped);
        var shape = mix.Load.For(configuration);
        Measurement? last = null;
        string? failure = null;
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, ProbeShape(mix, mix.Limits.StartPerSecond), placement, cancellationToken, hostArguments);
            // The floors take no part in the common rate, and carry several times any stack's capacity: they start higher.
            var limits = configuration.Kind == ConfigurationKind.Grpc ? mix.Limits
                : mix.Limits with { StartPerSecond = Math.Min(mix.Limits.MaxPerSecond, 4 * mix.Limits.StartPerSecond) };
            var outcome = await CapacitySearch.RunAsync(limits, async rate =>
            {
                // A host just started is still compiling its hot paths (tiered JIT, on the one CPU it serves from) and sizing
                // its heap: a slow call then would lock in a miss the warm stack does not have, so the first probe warms longer,
                // unless its warm-up alone makes calls enough for the tiered JIT to be done (getInt's thousands).
                var warmedEnough = rate * mix.Load.WarmUpSeconds >= WarmUpCallsEnough;
                var probeShape = ProbeShape(mix, rate) with { WarmUpSeconds = mix.Load.WarmUpSeconds + (last is null && !warmedEnough ? FirstProbeExtraWarmUpSeconds : 0) };
                last = await served.MeasureAsync(probeShape, onProgress, cancellationToken);
                // The probe keeps its figures without the per-call points; the SLO reads them for latency rising through it.
                var measured = last.Worker.Figures.Load.Scenarios;
                var scenarios = measured.Select(s => s with { Calls = null }).ToList();
                // Stopped once its miss was certain, the probe cut its calls in flight short: the miss is what stopped it, not them.
                var stoppedEarly = last.Failure is null && last.Worker.Figures.Load.Cancelled && !cancellationToken.IsCancellationRequested;
                var missed = last.Failure
                    ?? (stoppedEarly ? slo.Missed(mix.Searched, [.. measured.Select(WithoutCutShort)], countAchieved: false) ?? InFlightPastBound(mix, scenarios) : null)
                    ?? slo.Missed(mix.Searched, measured);
                if (missed is not null && stoppedEarly) missed += CapacityLimit.StoppedEarly;
                if (last.Failure is not null)
                {
                    // A host that died or a worker that failed: later probes would measure nothing of the configuration.
                    failure ??= last.Failure;
                    stop.Cancel();
                }
                // The calls of the span both CPU times cover: the warm-up's are in neither.
                var calls = scenarios.Sum(s => s.Requests);
                var searched = scenarios.Where(s => mix.Offers(s.Name)).Sum(s => s.Requests);
                var uploadedMiB = mix.Uploads ? searched * (double)probeShape.PayloadBytes / (1024 * 1024) : 0;
                return new CapacityProbe(rate, missed, scenarios, last.ServerCpuSeconds, last.Worker.Figures.CpuSeconds, calls, uploadedMiB, last.LoadSeconds, searched)
                {
                    ServerFaults = last.ServerFaults, ClientFaults = last.Worker.Figures.Faults,
                };
            }, stop.Token, guess, first);

            var capacity = new CapacityResult(mix.Searched, outcome.CallsPerSecond, slo, mix.Load.Arrivals, mix.Limits.Resolution,
                failure is not null ? "failed" : outcome.Bound, outcome.Probes, Mix: mix.Name);
            capacity = capacity with
            {
                ServerUtilization = Utilization(capacity.AtCapacity, p => p.ServerCpuSeconds, placement.Host),
                ClientUtilization = Utilization(capacity.AtCapacity, p => p.ClientCpuSeconds, placement.Worker),
            };
            var result = last is null ? ConfigurationRun.Outcome(configuration, ConfigurationStatus.Failed, "no probe ran") : ConfigurationRun.Result(configuration, last);
            var atCapacity = capacity.AtCapacity;
            return result with
            {
                Status = failure is not null ? ConfigurationStatus.Failed : cancellationToken.IsCancellationRequested ? ConfigurationStatus.Cancelled : ConfigurationStatus.Ok,
                Reason = failure ?? (cancellationToken.IsCancellationRequested ? "cancelled (Ctrl+C); the probes so far are kept" : null),
                Scenarios = atCapacity?.Scenarios ?? [],
                ServerCpuSeconds = atCapacity?.ServerCpuSeconds,
                ClientCpuSeconds = atCapacity?.ClientCpuSeconds,
                ServerFaults = atCapacity?.ServerFaults,
                ClientFaults = atCapacity?.ClientFaults,
                Capacity = capacity,
            };
        }
        catch (WorkerFailedException e) when (cancellationToken.IsCancellationRequested)
        {
            return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Cancelled, e.Message);
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Failed, e.Message);
        }
    }

    public const int FirstProbeExtraWarmUpSeconds = 2;

    /// <summary>Calls of a warm-up that leave the tiered JIT done with the hot paths (it recompiles a method after 30 calls).</summary>
    public const int WarmUpCallsEnough = 1_000;

    /// <summary>The fail code the engine gives a call it cut short when its run stopped.</summary>
    public const string CutShort = "Cancelled";

    /// <summary>What stopped a probe none of whose ended calls missed: calls of a bounded scenario still in flight past the bound.</summary>
    private static string? InFlightPastBound(CapacityMix mix, IReadOnlyList<ScenarioStats> scenarios) => scenarios
        .Where(s => s.FailsByCode.ContainsKey(CutShort) && mix.Load.StopBeyondP99Ms?.ContainsKey(s.Name) == true)
        .Select(s => string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"{s.Name}: calls still in flight past its {mix.Load.StopBeyondP99Ms![s.Name]:#,##0} ms bound ({s.FailsByCode[CutShort]} cut short)"))
        .FirstOrDefault();

    private static ScenarioStats WithoutCutShort(ScenarioStats s) => s.FailsByCode.TryGetValue(CutShort, out var cut)
        ? s with { Failed = s.Failed - cut, FailsByCode = s.FailsByCode.Where(f => f.Key != CutShort).ToDictionary() }
        : s;

    /// <summary>A probe: the mix's scenarios, a warm-up at the rate, then the rate held for the probe's seconds.</summary>
    public static LoadShape ProbeShape(CapacityMix mix, double perSecond) => mix.Load with { Phases = [new RampPhase(perSecond, mix.ProbeSeconds, Constant: true)] };

    /// <summary>CPU time over the probe's span, over the CPUs the side had: near 1, that side was the limit.</summary>
    public static double? Utilization(CapacityProbe? probe, Func<CapacityProbe, double?> cpuSeconds, string? cpus) =>
        probe is { Seconds: > 0 } && cpuSeconds(probe) is { } seconds
            ? seconds / probe.Seconds / (cpus is null ? Environment.ProcessorCount : CpuList.Parse(cpus).Count)
            : null;
}
