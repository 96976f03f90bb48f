using System.CommandLine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class CapacityPreset() : Preset("capacity",
    "The highest steady rate each configuration holds within an SLO, for uploads, getInt and both, repeated: which settings close the gap.")
{
    public Option<string[]> Mixes { get; } = CommandLineOptions.List("--mixes", "capacity: the scenario mixes searched", [.. CapacityPresetRun.MixNames]);
    public Option<int?> SloUploadMs { get; } = new Option<int?>("--slo-upload-ms") { Description = "capacity: the p99 bound of sendLargeData, ms, 1-600,000 (1000)" }.Within(1, 600_000);
    public Option<int?> SloGetIntMs { get; } = new Option<int?>("--slo-getint-ms") { Description = "capacity: the p99 bound of getInt, alone or beside uploads, ms, 1-600,000 (50)" }.Within(1, 600_000);
    public Option<double?> Threshold { get; } = new Option<double?>("--threshold")
        { Description = "capacity: the relative difference a decision against Grpc.Core must exceed, 0.01-1 (0.1 = 10 %)" }.Within(0.01, 1);

    public override RunPlan Plan(bool quick) => new()
    {
        Preset = Name,
        Load = Presets.QuickLoad,
        Runtimes = quick ? ["net10.0"] : Presets.StoryRuntimes,
        KestrelProfiles = quick ? ["default"] : ["default", "large-windows"],
        Baselines = quick ? [] : [ConfigurationKind.RawHttp2, ConfigurationKind.RawTcp],
        PresetOptions = CapacityOptions.Default(quick),
    };

    /// <summary>The options of its searches, which the advise preset's searches take too.</summary>
    public IEnumerable<Option> SearchOptions => [Mixes, SloUploadMs, SloGetIntMs, Threshold];

    public override IEnumerable<Option> Takes(RunOptions options) => [.. SearchOptions, options.ServiceAssembly];

    public override bool TakesTarget => false;

    /// <summary>Its repeats are each search's (in its options): the plan runs once.</summary>
    public override RunPlan Read(RunPlan plan, PlanReader reader) => plan.Load.Closed is not null ? throw new FormatException(ClosedModelOptions.Refusal)
        : plan with { PresetOptions = Read(plan.OptionsOf<CapacityOptions>(), reader), Repeat = 1 };

    /// <summary><paramref name="preset"/> with the options given on top: also the advise preset's searches.</summary>
    public CapacityOptions Read(CapacityOptions preset, PlanReader reader) => reader.Service is { } service ? ReadService(preset, reader, service) : preset with
    {
        Mixes = reader.Chosen(Mixes, preset.Mixes),
        Repeat = reader.Value(reader.Options.Repeat) ?? preset.Repeat,
        Arrivals = reader.Spacing,
        Slo = preset.Slo with { UploadP99Ms = reader.Value(SloUploadMs) ?? preset.Slo.UploadP99Ms, GetIntP99Ms = reader.Value(SloGetIntMs) ?? preset.Slo.GetIntP99Ms },
        Threshold = reader.Value(Threshold) ?? preset.Threshold,
        PayloadBytes = reader.PayloadBytes(preset.PayloadBytes),
        GetIntBeside = reader.Value(reader.Options.GetIntRate) ?? preset.GetIntBeside,
        PayloadContent = reader.Value(reader.Options.PayloadContent) ?? preset.PayloadContent,
    };

    /// <summary>A team's methods: one mix, each method held to the bound its scenario file gives.</summary>
    private CapacityOptions ReadService(CapacityOptions preset, PlanReader reader, ServiceLoad service)
    {
        foreach (var option in new Option[] { Mixes, SloUploadMs, SloGetIntMs, reader.Options.PayloadMib, reader.Options.GetIntRate, reader.Options.PayloadContent })
            if (reader.IsGiven(option))
                throw new FormatException($"{option.Name}: not with --scenarios FILE, whose methods are the one mix, each with its own rate or share and slo");
        return preset with
        {
            Mixes = [CapacityPresetRun.Service],
            Service = service,
            Repeat = reader.Value(reader.Options.Repeat) ?? preset.Repeat,
            Arrivals = reader.Spacing,
            Slo = preset.Slo with { Bounds = service.Methods.ToDictionary(m => m.Name, m => m.SloP99Ms) },
            Threshold = reader.Value(Threshold) ?? preset.Threshold,
        };
    }

    public override IPresetRun Run(RunPlan plan) => new CapacityPresetRun(plan, plan.OptionsOf<CapacityOptions>());
}
