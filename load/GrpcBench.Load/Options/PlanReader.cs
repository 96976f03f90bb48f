using System.CommandLine;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using static GrpcBench.Load.CommandLineOptions;

namespace GrpcBench.Load;

/// <summary>
/// The plan a command line asks for: its preset's plan with every option given on top. Each option's values are
/// checked where it is declared (<see cref="RunOptions"/>); what only options together rule out is refused here.
/// </summary>
public sealed class PlanReader(ParseResult parse, RunOptions options)
{
    /// <exception cref="FormatException">Options that do not go together, named in the message.</exception>
    public RunPlan Read()
    {
        var preset = Presets.For(parse.GetValue(options.Preset)!, Quick);
        var capacity = preset.Preset == Presets.Capacity ? Capacity(CapacityOptions.Default(Quick)) : null;
        var advise = preset.Preset == Presets.Advise ? Advise() : null;
        var searching = capacity is not null || advise is not null;
        var load = Load(preset.Load);
        if (load.Closed is not null && (searching || Given(options.Phases) is not null || parse.GetValue(options.GetIntRate) is not null))
            throw new FormatException("--concurrency / --requests: allowed without --phases and --getint-rate, and not with --preset capacity or advise");
        var plan = preset with
        {
            Servers = Chosen(parse, options.Servers, preset.Servers),
            Clients = Chosen(parse, options.Clients, preset.Clients),
            Pairs = parse.GetValue(options.Pairs) ?? preset.Pairs,
            Runtimes = Chosen(parse, options.Runtimes, preset.Runtimes),
            ClientRuntime = parse.GetValue(options.ClientRuntime),
            Compressions = Chosen(parse, options.Compressions, preset.Compressions),
            Transports = Chosen(parse, options.Transports, preset.Transports),
            Codecs = Chosen(parse, options.Codecs, preset.Codecs),
            KestrelProfiles = Chosen(parse, options.KestrelProfiles, preset.KestrelProfiles),
            ClientProfiles = Chosen(parse, options.ClientProfiles, preset.ClientProfiles),
            Baselines = Chosen(parse, options.Baselines, preset.Baselines),
            KestrelSettings = Given(options.KestrelSettings) ?? preset.KestrelSettings,
            HostEnvironment = Given(options.HostEnvironment) ?? preset.HostEnvironment,
            ClientEnvironment = Given(options.ClientEnvironment) ?? preset.ClientEnvironment,
            ClientSettings = Given(options.ClientSettings) ?? preset.ClientSettings,
            Load = load,
            ScenarioSets = parse.GetValue(options.Scenarios) is { Length: > 0 } ? null : preset.ScenarioSets,
            // A preset without sizes of its own (seed, sweep) keeps --payload-mib in its load, and its labels as they were.
            PayloadSizes = Given(options.MessageSizes) is { Count: > 0 } sizes ? sizes
                : parse.GetValue(options.PayloadMib) is { } mib && preset.PayloadSizes.Count > 0 ? [mib * 1024L * 1024] : preset.PayloadSizes,
            ChunkSizes = Given(options.ChunkSizes) is { Length: > 0 } chunks ? chunks : preset.ChunkSizes,
            PageSizes = Given(options.PageSizes) is { Count: > 0 } pages ? pages : preset.PageSizes,
            CompressionLevels = Chosen(parse, options.CompressionLevels, preset.CompressionLevels),
            Links = Chosen(parse, options.Links, preset.Links),
            Cpus = Given(options.Cpus) ?? CpuPlacement.Default(CpuAffinity.OfThisProcess()),
            Capacity = capacity,
            Advise = advise,
            // The capacity and advise presets keep their repeats in their options; the others run each configuration this many times.
            Repeat = searching ? 1 : parse.GetValue(options.Repeat) ?? 1,
            Quick = Quick,
        };
        if (plan.Preset == Presets.Soak) plan = WithSoak(plan);
        if (plan.Advise is { } adviseAsked && AdvisePreset.TooSmall(adviseAsked, plan.Quick) is { } tooSmall) throw new FormatException(tooSmall);
        plan = WithTarget(plan);
        if (plan.Transports.Contains(Transport.Uds) && plan.Links.Any(l => l != "none"))
            throw new FormatException("--transport uds: a Unix domain socket does not go through the shaped loopback; allowed with --link none only");
        return plan;
    }

    private bool Quick => parse.GetValue(options.Quick);

    /// <summary>The option's value where it is given, else null (System.CommandLine has an empty array for an array option not given).</summary>
    private T? Given<T>(Option<T> option) where T : class => parse.GetResult(option) is null ? null : parse.GetValue(option);

    private Arrivals Spacing => parse.GetValue(options.Arrivals) == "poisson" ? Arrivals.Poisson : Arrivals.Uniform;

    private int PayloadBytes(int preset) => parse.GetValue(options.PayloadMib) is { } mib ? mib * 1024 * 1024 : preset;

    private LoadShape Load(LoadShape preset) => preset with
    {
        Phases = Given(options.Phases) ?? preset.Phases,
        PayloadBytes = PayloadBytes(preset.PayloadBytes),
        WarmUpSeconds = parse.GetValue(options.WarmUpSeconds) ?? preset.WarmUpSeconds,
        CallTimeoutSeconds = parse.GetValue(options.CallTimeoutSeconds) ?? preset.CallTimeoutSeconds,
        Scenarios = Chosen(parse, options.Scenarios, preset.Scenarios),
        RecordCount = parse.GetValue(options.Records) ?? preset.RecordCount,
        PayloadContent = parse.GetValue(options.PayloadContent) ?? preset.PayloadContent,
        GetIntPerSecond = parse.GetValue(options.GetIntRate) ?? preset.GetIntPerSecond,
        Arrivals = Spacing,
        Closed = ClosedModelOptions.Read(parse.GetValue(options.Concurrency), parse.GetValue(options.Requests), parse.GetValue(options.MaxSeconds), preset.Closed),
    };

    private CapacityOptions Capacity(CapacityOptions preset) => preset with
    {
        Mixes = Chosen(parse, options.Mixes, preset.Mixes),
        Repeat = parse.GetValue(options.Repeat) ?? preset.Repeat,
        Arrivals = Spacing,
        Slo = new CapacitySlo(parse.GetValue(options.SloUploadMs) ?? preset.Slo.UploadP99Ms, parse.GetValue(options.SloGetIntMs) ?? preset.Slo.GetIntP99Ms),
        Threshold = parse.GetValue(options.Threshold) ?? preset.Threshold,
        PayloadBytes = PayloadBytes(preset.PayloadBytes),
        GetIntBeside = parse.GetValue(options.GetIntRate) ?? preset.GetIntBeside,
        PayloadContent = parse.GetValue(options.PayloadContent) ?? preset.PayloadContent,
    };

    private AdviseOptions Advise()
    {
        var preset = AdviseOptions.Default(Quick);
        var capacity = Capacity(preset.Capacity);
        if (capacity.Mixes.Count != 1)
            throw new FormatException($"--mixes {string.Join(",", capacity.Mixes)}: advise searches one mix: allowed {string.Join(", ", CapacityPreset.MixNames)}");
        return preset with
        {
            Knobs = Chosen(parse, options.Knobs, preset.Knobs),
            ConfirmRepeats = parse.GetValue(options.Repeat) ?? preset.ConfirmRepeats,
            Threshold = capacity.Threshold,
            BudgetMinutes = parse.GetValue(options.BudgetMinutes) ?? preset.BudgetMinutes,
            Capacity = capacity,
        };
    }

    private RunPlan WithSoak(RunPlan plan)
    {
        var preset = SoakOptions.Default(plan.Quick, plan.Load.PayloadBytes);
        var rate = parse.GetValue(options.SoakRate);
        var soak = preset with
        {
            UploadsPerSecond = rate ?? preset.UploadsPerSecond,
            RateSource = rate is null ? preset.RateSource : "given with --rate",
            Seconds = parse.GetValue(options.SoakMinutes) is { } minutes ? minutes * 60 : preset.Seconds,
            GetIntPerSecond = parse.GetValue(options.GetIntRate) ?? preset.GetIntPerSecond,
        };
        if (parse.GetValue(options.SoakCapacityFrom) is { } capacityRun)
        {
            if (rate is not null) throw new FormatException("--capacity-from: not with --rate; allowed one of them");
            soak = SoakRates.HalfOfCapacity(soak, capacityRun, plan.Configurations());
        }
        return plan with
        {
            Soak = soak,
            Load = SoakPreset.Load(soak) with { WarmUpSeconds = plan.Load.WarmUpSeconds, CallTimeoutSeconds = plan.Load.CallTimeoutSeconds, Arrivals = Spacing },
        };
    }

    private RunPlan WithTarget(RunPlan plan)
    {
        var ca = parse.GetValue(options.TargetCa);
        if (parse.GetValue(options.Target) is not { } target)
            return ca is null ? plan : throw new FormatException($"--target-ca {ca}: allowed with an https --target only");
        plan = plan with { Target = ExternalTarget.Validate(target, ca), TargetCa = ca is null ? null : Path.GetFullPath(ca) };
        return plan.Capacity is null && plan.Advise is null && plan.Soak is null && plan.Preset != Presets.Sweep && plan.Links.All(l => l == "none") ? plan
            : throw new FormatException($"--target: allowed with the {Presets.Seed}, {Presets.Streaming} and {Presets.Chunked} presets, on --link none");
    }
}
