using System.Globalization;

namespace GrpcBench.Load.Reporting;

/// <summary>A <see cref="RunComparison"/>'s decisions in words: each row's verdict, units and test; the warnings; what was not compared.</summary>
public static class ComparisonWording
{
    public const string TooFewToDecide = "too few to decide";

    /// <summary>"faster", "slower", "same", "unknown" (too noisy to tell), or <see cref="TooFewToDecide"/>.</summary>
    public static string Verdict(UnitComparison units) => units.Test is { } test ? test.Decision.ToString().ToLowerInvariant() : TooFewToDecide;

    /// <summary>"6 vs 6 windows of 5 s", "3 vs 3 repeats", "1 run a side".</summary>
    public static string UnitsCounted(UnitComparison units) => units.Unit switch
    {
        ComparisonUnit.Window => $"{units.BaseCount} vs {units.DiffCount} windows of {LatencyWindows.Seconds.ToString(CultureInfo.InvariantCulture)} s",
        ComparisonUnit.Repeat => $"{units.BaseCount} vs {units.DiffCount} repeats",
        _ => "1 run a side",
    };

    /// <summary>The test with its p and the units' ratio with its interval; or why there is no test.</summary>
    public static string How(UnitComparison units) => units.Test is not { } test ? $"no test: under {UnitComparison.MinimumPerSide} a side"
        : (test.PValue is { } p ? $"{test.Test}, p {p.ToString("0.###", CultureInfo.InvariantCulture)}" : test.Test)
          + (units.RatioInterval is { } ratio ? $"; units' ratio {ratio.Describe("0.00")} ({ratio.Kind})" : "");

    public static string Warning(ComparisonWarning warning) => warning switch
    {
        OtherMachine(var b, var d) =>
            $"the runs are from different machines or links: base {b.Cores} cores {b.Cpu} ({b.Link ?? "loopback"}), diff {d.Cores} cores {d.Cpu} ({d.Link ?? "loopback"})",
        OtherOfferedLoad(var b, var d) => $"the offered load differs: base {Describe(b)}; diff {Describe(d)}",
        _ => throw new ArgumentOutOfRangeException(nameof(warning), warning, null),
    };

    /// <summary>"label: ok in base, failed: the host exited in diff": each side's statuses, each repeat's where they differ.</summary>
    public static string Describe(NotCompared configuration) =>
        $"{configuration.Configuration}: {Statuses(configuration.BaseRuns)} in base, {Statuses(configuration.DiffRuns)} in diff";

    private static string Statuses(IEnumerable<ConfigurationResult> runs) => string.Join("; ", runs.Select(r => r.StatusWithReason()).Distinct());

    private static string Describe(IReadOnlyDictionary<string, ScenarioLoad> load) => string.Join("; ", load.OrderBy(s => s.Key, StringComparer.Ordinal)
        .Select(s => $"{s.Key}: {string.Join(", then ", s.Value.Simulations)}, warm-up {s.Value.WarmUp}, payload {Numbers.Size(s.Value.PayloadBytes)}, timeout {s.Value.CallTimeout}"));
}
