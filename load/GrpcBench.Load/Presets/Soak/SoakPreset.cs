using System.CommandLine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

public sealed class SoakPreset() : Preset("soak",
    "The story's mix at a steady rate for 30 minutes (quick: 2), both processes' memory sampled: does either grow, does a call fail.")
{
    private const string SteadyLoad = "whose load is sendLargeData and getInt at steady rates: allowed --rate, --getint-rate, --minutes, --payload-mib";

    public Option<double?> Rate { get; } = new Option<double?>("--rate")
        { Description = "soak: sendLargeData calls per second, 0.1-100 (default: 120 MiB/s worth of the payload, 6/s of 20 MiB)" }.Within(0.1, 100, " calls per second");
    public Option<int?> Minutes { get; } = new Option<int?>("--minutes") { Description = "soak: how long the steady load lasts per configuration, minutes, 1-60 (30; quick: 2)" }.Within(1, 60);
    public Option<string?> CapacityFrom { get; } = new("--capacity-from")
        { Description = "soak: a capacity run's folder or summary.json: each configuration at 50 % of the capacity it held there with the mixed mix (instead of one --rate for all)" };

    public override RunPlan Plan(bool quick) => new() { Preset = Name, Load = SoakPresetRun.Load(SoakOptions.Default(quick)), PresetOptions = SoakOptions.Default(quick) };

    public override IEnumerable<Option> Takes(RunOptions options) => [Rate, Minutes, CapacityFrom, options.ServiceAssembly];

    public override IEnumerable<(Option Option, string Why)> Refuses(RunOptions options) =>
        [(options.Phases, SteadyLoad), (options.Concurrency, SteadyLoad), (options.Requests, SteadyLoad)];

    public override bool TakesTarget => false;

    public override RunPlan Read(RunPlan plan, PlanReader reader)
    {
        if (reader.IsGiven(reader.Options.Scenarios) && reader.Service is null)
            throw new FormatException($"--scenarios: not with --preset soak, {SteadyLoad}; or your own methods: --scenarios FILE with --service-assembly");
        var preset = reader.Service is { } service ? ServiceDefault(plan.Quick, service, reader) : SoakOptions.Default(plan.Quick, plan.Load.PayloadBytes);
        var rate = reader.Value(Rate);
        var soak = preset with
        {
            UploadsPerSecond = rate ?? preset.UploadsPerSecond,
            RateSource = rate is null ? preset.RateSource : "given with --rate",
            Seconds = reader.Value(Minutes) is { } minutes ? minutes * 60 : preset.Seconds,
            GetIntPerSecond = reader.Value(reader.Options.GetIntRate) ?? preset.GetIntPerSecond,
        };
        if (reader.Value(CapacityFrom) is { } capacityRun)
        {
            if (rate is not null) throw new FormatException("--capacity-from: not with --rate; allowed one of them");
            soak = SoakRates.HalfOfCapacity(soak, capacityRun, plan.Configurations());
        }
        return plan with
        {
            PresetOptions = soak,
            Load = SoakPresetRun.Load(soak) with { WarmUpSeconds = plan.Load.WarmUpSeconds, CallTimeoutSeconds = plan.Load.CallTimeoutSeconds, Arrivals = reader.Spacing },
        };
    }

    /// <summary>A team's methods at a shared steady rate; the story's payload and getInt options say nothing of them.</summary>
    private static SoakOptions ServiceDefault(bool quick, ServiceLoad service, PlanReader reader)
    {
        foreach (var option in new Option[] { reader.Options.PayloadMib, reader.Options.GetIntRate, reader.Options.PayloadContent })
            if (reader.IsGiven(option)) throw new FormatException($"{option.Name}: not with --scenarios FILE, whose methods each have their own rate or share");
        return SoakOptions.Default(quick) with
        {
            UploadsPerSecond = SoakOptions.DefaultServicePerSecond,
            PayloadBytes = 0,
            RateSource = $"default for your methods ({SoakOptions.DefaultServicePerSecond:0}/s shared; --rate or --capacity-from to choose)",
            Service = service,
        };
    }

    public override IPresetRun Run(RunPlan plan) => new SoakPresetRun(plan, plan.OptionsOf<SoakOptions>());
}
