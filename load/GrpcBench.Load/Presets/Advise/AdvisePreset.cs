using System.CommandLine;

namespace GrpcBench.Load;

public sealed class AdvisePreset() : Preset("advise",
    "Which settings close the gap: every knob screened against Kestrel's defaults, the winners combined and confirmed beside Grpc.Core.")
{
    public Option<string[]> Knobs { get; } = new Option<string[]>("--knobs")
        { Description = $"advise: the knobs screened (default: all): {string.Join(", ", Load.Knobs.All.Select(k => k.Name))}", AllowMultipleArgumentsPerToken = true }
        .AllowedValues([.. Load.Knobs.All.Select(k => k.Name)]);
    public Option<double?> BudgetMinutes { get; } = new Option<double?>("--budget-minutes") { Description = "advise: the time each runtime may take, minutes, 1-600 (37; quick: 6.5)" }
        .Within(1, 600);

    public override RunPlan Plan(bool quick) => new() { Preset = Name, Load = Presets.QuickLoad, PresetOptions = AdviseOptions.Default(quick) };

    /// <summary>The capacity preset's options, for its searches, its own, and a team's service (its methods are then the one mix searched).</summary>
    public override IEnumerable<Option> Takes(RunOptions options) => [.. options.Declared<CapacityPreset>().SearchOptions, Knobs, BudgetMinutes, options.ServiceAssembly];

    public override bool TakesTarget => false;

    public override RunPlan Read(RunPlan plan, PlanReader reader)
    {
        if (plan.Load.Closed is not null) throw new FormatException(ClosedModelOptions.Refusal);
        var preset = plan.OptionsOf<AdviseOptions>();
        var capacity = reader.Options.Declared<CapacityPreset>().Read(preset.Capacity, reader);
        if (capacity.Mixes.Count != 1)
            throw new FormatException($"--mixes {string.Join(",", capacity.Mixes)}: advise searches one mix: allowed {string.Join(", ", CapacityPresetRun.MixNames)}");
        var advise = preset with
        {
            Knobs = reader.Chosen(Knobs, preset.Knobs),
            ConfirmRepeats = reader.Value(reader.Options.Repeat) ?? preset.ConfirmRepeats,
            Threshold = capacity.Threshold,
            BudgetMinutes = reader.Value(BudgetMinutes) ?? preset.BudgetMinutes,
            Capacity = capacity,
        };
        return AdviseBudget.TooSmall(advise, plan.Quick) is { } tooSmall ? throw new FormatException(tooSmall) : plan with { PresetOptions = advise, Repeat = 1 };
    }

    public override IPresetRun Run(RunPlan plan) => new AdvisePresetRun(plan, plan.OptionsOf<AdviseOptions>());
}
