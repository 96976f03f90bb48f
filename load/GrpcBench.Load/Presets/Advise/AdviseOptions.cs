namespace GrpcBench.Load;

/// <summary>What the advise preset is asked for: the knobs screened, the mix (one of the capacity preset's), the confirming repeats, the threshold and the time budget of each runtime.</summary>
public sealed record AdviseOptions(IReadOnlyList<string> Knobs, int ConfirmRepeats, double Threshold, double BudgetMinutes, CapacityOptions Capacity)
{
    /// <summary>
    /// What --quick screens: the clearest win measured by hand, server GC (which a host of one CPU does not take: not
    /// applicable there), a Kestrel transport setting and the placebo. Four, so that with the two chunk sizes a design of 8
    /// runs holds them wherever server GC applies too (seven factors would take 16) and the whole fits in under 7 minutes with Grpc.Core's memory screen.
    /// </summary>
    public static readonly IReadOnlyList<string> QuickKnobs = ["sockets-inline-completions", "gc-server", "inline-scheduling", GrpcBench.Load.Knobs.Placebo];

    public static AdviseOptions Default(bool quick) => new(quick ? QuickKnobs : [.. GrpcBench.Load.Knobs.All.Select(k => k.Name)], quick ? 2 : 3, 0.1, quick ? 6.5 : 37,
        CapacityOptions.Default(quick) with { Mixes = [quick ? CapacityPresetRun.Uploads : CapacityPresetRun.Mixed] });
}
