using System.CommandLine;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.ServiceAssembly;
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
        var declared = options.PresetNamed(parse.GetValue(options.Preset)!);
        var preset = declared.Plan(Quick);
        var load = Load(preset.Load);
        if (load.Closed is not null && (Given(options.Phases) is not null || parse.GetValue(options.GetIntRate) is not null))
            throw new FormatException(ClosedModelOptions.Refusal);
        var plan = preset with
        {
            Servers = CommandLineOptions.Chosen(parse, options.Servers, preset.Servers),
            Clients = CommandLineOptions.Chosen(parse, options.Clients, preset.Clients),
            Pairs = parse.GetValue(options.Pairs) ?? preset.Pairs,
            Runtimes = CommandLineOptions.Chosen(parse, options.Runtimes, preset.Runtimes),
            ClientRuntime = parse.GetValue(options.ClientRuntime),
            Compressions = CommandLineOptions.Chosen(parse, options.Compressions, preset.Compressions),
            Transports = CommandLineOptions.Chosen(parse, options.Transports, preset.Transports),
            Codecs = CommandLineOptions.Chosen(parse, options.Codecs, preset.Codecs),
            KestrelProfiles = CommandLineOptions.Chosen(parse, options.KestrelProfiles, preset.KestrelProfiles),
            ClientProfiles = CommandLineOptions.Chosen(parse, options.ClientProfiles, preset.ClientProfiles),
            Baselines = CommandLineOptions.Chosen(parse, options.Baselines, preset.Baselines),
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
            CompressionLevels = CommandLineOptions.Chosen(parse, options.CompressionLevels, preset.CompressionLevels),
            Links = CommandLineOptions.Chosen(parse, options.Links, preset.Links),
            Cpus = Given(options.Cpus) ?? CpuPlacement.Default(CpuAffinity.OfThisProcess()),
            Repeat = parse.GetValue(options.Repeat) ?? 1,
            Quick = Quick,
        };
        if (Service is { } service)
        {
            if (Given(options.Baselines) is { Length: > 0 }) throw new FormatException("--baselines: the floors post to the bench's own endpoints, not your methods; not with --scenarios FILE");
            RefuseNewerThan(plan.Runtimes.Append(plan.ClientRuntime ?? plan.Runtimes[0]));
            // The bench's hosts serve its services (a --target serves them itself: its assembly need only give the message types).
            if (parse.GetValue(options.Target) is null) Refusing(() => _assembly!.Services());
            plan = plan with { Load = plan.Load with { Service = service, Scenarios = [.. service.Methods.Select(m => m.Name)] }, ScenarioSets = null, Baselines = [] };
        }
        plan = WithTarget(declared.Read(plan, this), declared);
        if (plan.Transports.Contains(Transport.Uds) && plan.Links.Any(l => l != "none"))
            throw new FormatException("--transport uds: a Unix domain socket does not go through the shaped loopback; allowed with --link none only");
        return plan;
    }

    /// <summary>Every preset's options, for a preset's own <see cref="Preset.Read"/>.</summary>
    public RunOptions Options => options;

    /// <summary>The option's value, given or its default.</summary>
    public T? Value<T>(Option<T> option) => parse.GetValue(option);

    /// <summary>The values given, else <paramref name="preset"/>.</summary>
    public IReadOnlyList<string> Chosen(Option<string[]> option, IReadOnlyList<string> preset) => CommandLineOptions.Chosen(parse, option, preset);

    public bool Quick => parse.GetValue(options.Quick);

    public bool IsGiven(Option option) => parse.GetResult(option) is not null;

    /// <summary>The option's value where it is given, else null (System.CommandLine has an empty array for an array option not given).</summary>
    public T? Given<T>(Option<T> option) where T : class => parse.GetResult(option) is null ? null : parse.GetValue(option);

    /// <summary>A team's service and methods (<c>--service-assembly</c> with <c>--scenarios FILE</c>), or null for the bench's own scenarios.</summary>
    /// <exception cref="FormatException">The assembly or the file, and what is wrong with it.</exception>
    public ServiceLoad? Service => _service ??= ReadService();

    private ServiceLoad? _service;
    private LoadedServiceAssembly? _assembly;

    private ServiceLoad? ReadService()
    {
        var file = parse.GetValue(options.Scenarios)?.SelectMany(Split).FirstOrDefault(ScenarioFile.IsFile);
        var assembly = parse.GetValue(options.ServiceAssembly);
        if (file is null && assembly is null) return null;
        if (file is null) throw new FormatException($"{options.ServiceAssembly.Name} {assembly}: needs --scenarios FILE, naming the methods to call (docs/your-service.md)");
        if (assembly is null) throw new FormatException($"--scenarios {file}: needs {options.ServiceAssembly.Name} PATH, the assembly that holds its methods' message types (docs/your-service.md)");
        if (parse.GetValue(options.Scenarios)!.SelectMany(Split).Count() > 1) throw new FormatException($"--scenarios {file}: a scenario file goes alone, without other scenarios");
        _assembly = Refusing(() => LoadedServiceAssembly.Load(assembly));
        return ScenarioFile.Read(file, _assembly) with { AssemblyPath = Path.GetFullPath(assembly) };
    }

    private static T Refusing<T>(Func<T> read)
    {
        try
        {
            return read();
        }
        catch (ServiceAssemblyException e)
        {
            throw new FormatException(e.Message);
        }
    }

    /// <summary>A host or worker on an older runtime than the assembly's could not load it: refused before anything starts.</summary>
    private void RefuseNewerThan(IEnumerable<string> runtimes)
    {
        if (LoadedServiceAssembly.TargetRuntime(_assembly!.Path) is not { } built) return;
        foreach (var runtime in runtimes.Distinct())
            if (int.Parse(runtime[3..runtime.IndexOf('.')], System.Globalization.CultureInfo.InvariantCulture) < built)
                throw new FormatException($"{options.ServiceAssembly.Name} {_assembly.Path}: built for .NET {built}, newer than {runtime} asked for; build it for {runtime} or older, or leave {runtime} out");
    }

    public Arrivals Spacing => parse.GetValue(options.Arrivals) == "poisson" ? Arrivals.Poisson : Arrivals.Uniform;

    /// <summary>--payload-mib in bytes where given, else <paramref name="preset"/>.</summary>
    public int PayloadBytes(int preset) => parse.GetValue(options.PayloadMib) is { } mib ? mib * 1024 * 1024 : preset;

    private LoadShape Load(LoadShape preset) => preset with
    {
        Phases = Given(options.Phases) ?? preset.Phases,
        PayloadBytes = PayloadBytes(preset.PayloadBytes),
        WarmUpSeconds = parse.GetValue(options.WarmUpSeconds) ?? preset.WarmUpSeconds,
        CallTimeoutSeconds = parse.GetValue(options.CallTimeoutSeconds) ?? preset.CallTimeoutSeconds,
        Scenarios = CommandLineOptions.Chosen(parse, options.Scenarios, preset.Scenarios),
        RecordCount = parse.GetValue(options.Records) ?? preset.RecordCount,
        PayloadContent = parse.GetValue(options.PayloadContent) ?? preset.PayloadContent,
        GetIntPerSecond = parse.GetValue(options.GetIntRate) ?? preset.GetIntPerSecond,
        Arrivals = Spacing,
        Closed = ClosedModelOptions.Read(parse.GetValue(options.Concurrency), parse.GetValue(options.Requests), parse.GetValue(options.MaxSeconds), preset.Closed),
    };

    private RunPlan WithTarget(RunPlan plan, Preset preset)
    {
        var ca = parse.GetValue(options.TargetCa);
        if (parse.GetValue(options.Target) is not { } target)
            return ca is null ? plan : throw new FormatException($"--target-ca {ca}: allowed with an https --target only");
        plan = plan with { Target = ExternalTarget.Validate(target, ca), TargetCa = ca is null ? null : Path.GetFullPath(ca) };
        if (preset.TakesTarget && plan.Links.All(l => l == "none")) return plan;
        var taking = options.Presets.Where(p => p.TakesTarget).Select(p => p.Name).ToList();
        throw new FormatException($"--target: allowed with the {string.Join(", ", taking[..^1])} and {taking[^1]} presets, on --link none");
    }
}
