using System.Text.Json;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>The knobs' effective values as the processes they act in report them: the host's ready line, the worker's figures.</summary>
public static class KnobReadBack
{
    /// <summary>
    /// The host knob values of <paramref name="trials"/> that the host reads back as it reads back the default's, with
    /// that value: they did not change the host, so they are not screened.
    /// </summary>
    public static async Task<Dictionary<ScreenFactor, string>> NotAppliedAsync(IEnumerable<ScreenFactor> trials, LoadConfiguration defaults, CapacityMix mix, CpuPlacement placement,
        CancellationToken cancellationToken)
    {
        var defaultReadBack = await ReadBackAsync(defaults, mix, placement, cancellationToken);
        var notApplied = new Dictionary<ScreenFactor, string>();
        foreach (var trial in trials.Where(t => t.Knob.Kind is KnobKind.HostRuntime or KnobKind.Kestrel && ReadBack(defaultReadBack, t.Knob) is not null))
        {
            if (cancellationToken.IsCancellationRequested) break;
            if (ReadBack(await ReadBackAsync(trial.Knob.Apply(defaults, trial.Value), mix, placement, cancellationToken), trial.Knob) is { } readBack
                && readBack == ReadBack(defaultReadBack, trial.Knob))
                notApplied[trial] = readBack;
        }
        return notApplied;
    }

    /// <summary>The host's settings as its ready line reports them with <paramref name="configuration"/>; null where the host did not start.</summary>
    public static async Task<IReadOnlyDictionary<string, JsonElement>?> ReadBackAsync(LoadConfiguration configuration, CapacityMix mix, CpuPlacement placement, CancellationToken cancellationToken)
    {
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, CapacityRun.ProbeShape(mix, mix.Limits.StartPerSecond), placement, cancellationToken);
            return ServedConfiguration.HostSettings(served.Host);
        }
        catch (HostStartException)
        {
            // Its runs will fail with the reason; nothing to decide here.
            return null;
        }
    }

    /// <summary>The knob as the process it acts in reported it (the effective value): the host's ready line, the worker's figures; null for client settings or where it is not there.</summary>
    public static string? Reported(ConfigurationResult? search, Knob knob) =>
        knob.Kind == KnobKind.ClientRuntime ? search?.ClientRuntimeKnobs?.GetValueOrDefault(knob.ReadBack) : ReadBack(search?.HostSettings, knob);

    /// <summary>A key of the runtime knobs the host's ready line reported ("env.GLIBC_TUNABLES"); null where it is not there.</summary>
    public static string? HostRuntimeKnob(ConfigurationResult? run, string key) =>
        run?.HostSettings is { } settings && settings.TryGetValue("runtimeKnobs", out var knobs) && knobs.ValueKind == JsonValueKind.Object && knobs.TryGetProperty(key, out var value)
            ? value.ToString() : null;

    /// <summary>The host knob as the host's ready line reported it; null for other knobs or where it is not there.</summary>
    public static string? ReadBack(IReadOnlyDictionary<string, JsonElement>? hostSettings, Knob knob)
    {
        if (hostSettings is not { } settings || knob.Kind is KnobKind.Client or KnobKind.ClientRuntime) return null;
        var parts = knob.ReadBack.Split('.');
        JsonElement current;
        if (parts[0] == "kestrel")
        {
            if (!settings.TryGetValue("kestrel", out current)) return null;
            foreach (var part in parts.Skip(1))
                if (current.ValueKind != JsonValueKind.Object || !current.TryGetProperty(part, out current)) return null;
            return current.ToString();
        }
        var reported = settings.TryGetValue("runtimeKnobs", out current) && current.ValueKind == JsonValueKind.Object && current.TryGetProperty(knob.ReadBack, out var value)
            ? value.ToString() : null;
        // One glibc tunable of the several the variable may hold: the one this knob sets, as the host's environment holds it (glibc reports none back).
        return knob.Setting == Knobs.GlibcTunables && reported is not null
            ? reported.Split(':').FirstOrDefault(t => t.StartsWith(knob.Values[0][..(knob.Values[0].IndexOf('=') + 1)], StringComparison.Ordinal))
            : reported;
    }
}
