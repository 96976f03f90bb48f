using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>What makes two compared runs less comparable than two runs of one machine under one load.</summary>
public abstract record ComparisonWarning
{
    public static IReadOnlyList<ComparisonWarning> Of(LoadRunSummary @base, LoadRunSummary diff)
    {
        var warnings = new List<ComparisonWarning>();
        var (b, d) = (@base.Run.Machine, diff.Run.Machine);
        if (b.Cores != d.Cores || b.Cpu != d.Cpu || b.Link != d.Link)
            warnings.Add(new OtherMachine(b, d));
        if (!SameLoad(@base.OfferedLoad, diff.OfferedLoad))
            warnings.Add(new OtherOfferedLoad(@base.OfferedLoad, diff.OfferedLoad));
        return warnings;
    }

    private static bool SameLoad(IReadOnlyDictionary<string, ScenarioLoad> @base, IReadOnlyDictionary<string, ScenarioLoad> diff) =>
        @base.Count == diff.Count && @base.All(s => diff.TryGetValue(s.Key, out var other) && Same(s.Value, other));

    private static bool Same(ScenarioLoad @base, ScenarioLoad diff) =>
        @base.Simulations.SequenceEqual(diff.Simulations) && (@base.WarmUp, @base.PayloadBytes, @base.CallTimeout) == (diff.WarmUp, diff.PayloadBytes, diff.CallTimeout);
}

/// <summary>The runs are from different machines or links (cores, CPU or link differ).</summary>
public sealed record OtherMachine(MachineRecord Base, MachineRecord Diff) : ComparisonWarning;

/// <summary>The load offered to every configuration differs: a scenario, its simulations, warm-up, payload or timeout.</summary>
public sealed record OtherOfferedLoad(IReadOnlyDictionary<string, ScenarioLoad> Base, IReadOnlyDictionary<string, ScenarioLoad> Diff) : ComparisonWarning;
