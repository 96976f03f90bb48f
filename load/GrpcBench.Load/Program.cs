using System.CommandLine;
using GrpcBench.Hosting;
using GrpcBench.Load;
using GrpcBench.Load.Hazards;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;
using static GrpcBench.Load.CommandLineOptions;

string[] servers = [.. Terms.Texts(ServerStack.GrpcCore, ServerStack.Kestrel)], clients = [.. Terms.Texts(ClientStack.GrpcCore, ClientStack.GrpcNet)],
    compressions = [.. Terms.Texts<Compression>()], transports = [.. Terms.Texts(Transport.H2c, Transport.Tls, Transport.Uds)],
    clientProfiles = ["default", "seed", "split-channels"], baselines = [.. Terms.Texts(ConfigurationKind.RawHttp2, ConfigurationKind.RawTcp)],
    pairs = [RunPlan.MatchedPairs, RunPlan.AllPairs];

Option<string> preset = new("--preset") { Description = $"Named set of configurations and load: {string.Join(", ", Presets.Names)}", DefaultValueFactory = _ => Presets.Seed };
OneOf(preset, [.. Presets.Names]);
Option<bool> quick = new("--quick") { Description = "The preset small and short: about a minute, for CI and a first look" };
var server = List("--server", "Server stacks", servers);
var client = List("--client", "Client stacks", clients);
Option<string?> pairing = new("--pairs") { Description = "matched: each server with its migration client (grpc-core/grpc-core, kestrel/grpc-net); all: every client with every server (default: matched; transports: all, quick: matched)" };
OneOf(pairing, pairs);
var runtime = List("--runtime", "Host runtimes", [.. DotnetRoots.Runtimes]);
Option<string?> clientRuntime = new("--client-runtime") { Description = "Runtime of the load worker (default: the host's)" };
OneOf(clientRuntime, [.. DotnetRoots.Runtimes]);
var compression = List("--compression", "Call compression, requests and responses", compressions);
var codec = List("--codec", "ExampleService's message encoding, one configuration each (transports: both)", ["protobuf", "json"]);
var transport = List("--transport", "h2c (cleartext TCP), tls and/or uds (cleartext over a Unix domain socket)", transports);
var kestrelProfile = List("--kestrel-profile", "Kestrel HTTP/2 window profiles", [.. KestrelProfiles.Names]);
var clientProfile = List("--client-profile", "Client profiles", clientProfiles);
var baseline = List("--baselines", "Floors measured in the same run: raw-http2 (Kestrel without gRPC), raw-tcp (a bare socket)", baselines);
string[] kestrelSettingNames = ["initialStreamWindowSize", "initialConnectionWindowSize", "maxStreamsPerConnection", "maxFrameSize",
    "maxRequestBufferSize", "sockets:unsafePreferInlineScheduling", "sockets:ioQueueCount", "sockets:waitForDataBeforeAllocatingBuffer", "sockets:maxReadBufferSize"];
Option<string[]> kestrelSetting = new("--kestrel") { Description = $"Explicit Kestrel setting on top of the profile, NAME=VALUE ({string.Join(", ", kestrelSettingNames)})", AllowMultipleArgumentsPerToken = true };
Option<string[]> hostEnvironment = new("--host-env") { Description = "Runtime knob of the Kestrel hosts as an environment variable, NAME=VALUE with NAME DOTNET_... (DOTNET_gcServer=0, DOTNET_TieredPGO=0, DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1); the host reports what it runs with", AllowMultipleArgumentsPerToken = true };
Option<string[]> clientEnvironment = new("--client-env") { Description = "Runtime knob of the grpc-dotnet clients' load workers, NAME=VALUE as --host-env; the worker reports what it runs with", AllowMultipleArgumentsPerToken = true };
Option<string[]> clientSetting = new("--client-setting") { Description = "Explicit client setting, NAME=VALUE (enableMultipleHttp2Connections, initialHttp2StreamWindowSize, channels: 1-16 channels each call kind goes over in turn, keepAlivePingDelaySeconds: 1-3600)", AllowMultipleArgumentsPerToken = true };
Option<int?> payload = new("--payload-mib") { Description = "sendLargeData payload in MiB, 1-200 (seed: 20)" };
Option<string[]> phases = new("--phases") { Description = "The ramp, RATExSECONDS each, e.g. 50x30 20x30 (seed: 50x15 20x15)", AllowMultipleArgumentsPerToken = true };
Option<int?> warmUp = new("--warmup-seconds") { Description = "Warm-up at the first phase's rate, not counted, 0-60 (seed: 3)" };
Option<int?> callTimeout = new("--call-timeout-seconds") { Description = "Deadline of each call from its scheduled start, 1-300 (seed: 30)" };
var scenarios = List("--scenarios", "Scenarios run at once (in every configuration, instead of the preset's sets)", [.. LoadShape.KnownScenarios]);
Option<string[]> link = new("--link") { Description = "Loopback link: none, or a private network namespace whose loopback tc tbf shapes to RATE (e.g. 1gbit, 100mbit, 20mbit; needs root)", AllowMultipleArgumentsPerToken = true };
link.Validators.Add(result =>
{
    foreach (var value in (result.GetValueOrDefault<string[]>() ?? []).SelectMany(Split))
        if (value != "none" && !ShapedLink.IsValidRate(value)) result.AddError($"--link {value}: allowed none or a whole number with kbit, mbit or gbit, e.g. 20mbit");
});
var compressionLevel = List("--compression-level", "zlib level where the stacks take one (Kestrel's responses, grpc-dotnet's requests; not C-core's)", ["default", "fastest", "optimal"]);
Option<string[]> messageSizes = new("--message-sizes") { Description = "sendLargeData / uploadChunks sizes, one configuration each, 1B to 200MiB, e.g. 100b,1.9mb,20mib", AllowMultipleArgumentsPerToken = true };
Option<string[]> chunkSizes = new("--chunk-sizes") { Description = "uploadChunks chunk sizes, 1KiB to 16MiB, e.g. 64kib,1mib,4mib", AllowMultipleArgumentsPerToken = true };
Option<string[]> pageSizes = new("--page-sizes") { Description = "Records per page of pages / pagesConcurrent, 1-10,000 (the service's limit), e.g. 100,1000,10000", AllowMultipleArgumentsPerToken = true };
Option<int?> records = new("--records") { Description = "Records the record scenarios read (the host holds as many), 1-10,000,000 (streaming: 100,000; slow-link: 5,000)" };
Option<string?> payloadContent = new("--payload-content") { Description = "random (incompressible), text (JSON lines, compressible) or zeros (every byte zero, compresses to almost nothing) (slow-link: text; others: random)" };
OneOf(payloadContent, [.. Payload.Contents]);
Option<int?> getIntRate = new("--getint-rate") { Description = "getInt at its own steady rate beside the other scenarios, 1-10,000 per second (chunked: 50)" };
Option<string[]> cpus = new("--cpus")
{
    Description = "Where host and load worker run: host=LIST worker=LIST (disjoint CPU lists, set with taskset and checked from /proc), or shared "
                  + "(default: host on the last CPU, worker on the first, e.g. host=1 worker=0 on 2 CPUs; shared on 1)",
    AllowMultipleArgumentsPerToken = true,
};
Option<int?> repeat = new("--repeat") { Description = "Each configuration N times, interleaved (every configuration once, then all again), 1-20 (capacity: each search; 3, quick: 2; other presets: 1)" };
Option<string?> arrivals = new("--arrivals") { Description = "How open-model calls are spaced: uniform (evenly, as NBomber's inject) or poisson (as gRPC's benchmark driver; shows queueing that even spacing hides)" };
OneOf(arrivals, ["uniform", "poisson"]);
var mixes = List("--mixes", "capacity: the scenario mixes searched", [.. CapacityPreset.MixNames]);
Option<int?> sloUpload = new("--slo-upload-ms") { Description = "capacity: the p99 bound of sendLargeData, ms, 1-600,000 (1000)" };
Option<int?> sloGetInt = new("--slo-getint-ms") { Description = "capacity: the p99 bound of getInt, alone or beside uploads, ms, 1-600,000 (50)" };
Option<double?> capacityThreshold = new("--threshold") { Description = "capacity: the relative difference a decision against Grpc.Core must exceed, 0.01-1 (0.1 = 10 %)" };
Option<string[]> knobs = new("--knobs") { Description = $"advise: the knobs screened (default: all): {string.Join(", ", Knobs.All.Select(k => k.Name))}", AllowMultipleArgumentsPerToken = true };
Option<double?> budgetMinutes = new("--budget-minutes") { Description = "advise: the time each runtime may take, minutes, 1-600 (45; quick: 7)" };
Option<double?> soakRate = new("--rate") { Description = "soak: sendLargeData calls per second, 0.1-100 (default: 120 MiB/s worth of the payload, 6/s of 20 MiB)" };
Option<string?> soakCapacityFrom = new("--capacity-from") { Description = "soak: a capacity run's folder or summary.json: each configuration at 50 % of the capacity it held there with the mixed mix (instead of one --rate for all)" };
Option<int?> soakMinutes = new("--minutes") { Description = "soak: how long the steady load lasts per configuration, minutes, 1-60 (30; quick: 2)" };
Option<string?> target = new("--target") { Description = $"Run against a server the bench did not start, implementing the contract: {ExternalTarget.Allowed[8..]}; its side is not measured" };
Option<string?> targetCa = new("--target-ca") { Description = "PEM file of the certificate (or its CA) an https --target presents" };
Option<int?> concurrency = new("--concurrency") { Description = "Closed model: callers at once per scenario, each starting its next call when its previous one ends, 1-10,000, with --requests (transports: 100)" };
Option<int?> requests = new("--requests") { Description = "Closed model: calls per scenario in total, 1-10,000,000, with --concurrency (transports: 100,000; quick: 2,000)" };
Option<int?> maxSeconds = new("--max-seconds") { Description = "Closed model: the longest a scenario's requests may take, 1-3,600 s (transports: 600; quick: 60)" };
Option<string?> output = new("--out") { Description = "Results folder (default results/<timestamp>); never overwritten" };

var root = new RootCommand("Reproduces the Grpc.Core -> grpc-dotnet migration story under open-model load and finds the settings that fix it.")
{
    preset, quick, server, client, pairing, runtime, clientRuntime, compression, transport, kestrelProfile, clientProfile, baseline,
    kestrelSetting, hostEnvironment, clientEnvironment, clientSetting, payload, phases, warmUp, callTimeout, scenarios, link, compressionLevel, messageSizes, chunkSizes, pageSizes, records,
    payloadContent, getIntRate, cpus, repeat, arrivals, mixes, sloUpload, sloGetInt, capacityThreshold, knobs, budgetMinutes, soakRate, soakMinutes, soakCapacityFrom, target, targetCa, concurrency, requests, maxSeconds, codec, output,
};
root.SetAction(async (parse, cancellationToken) =>
{
    // System.CommandLine takes Ctrl+C over once the action has returned its task: until then a Ctrl+C would end the tool
    // at once, leaving the host it may have started (everything up to the host's start runs before the first await).
    await Task.Yield();
    RunPlan plan;
    try
    {
        var defaults = Presets.For(parse.GetValue(preset)!, parse.GetValue(quick));
        var spacing = parse.GetValue(arrivals) == "poisson" ? GrpcBench.Load.Engine.Arrivals.Poisson : GrpcBench.Load.Engine.Arrivals.Uniform;
        // Checked first, so that a bad value is named before anything else the command line holds.
        var repeats = parse.GetValue(repeat) is { } repeatsGiven ? Within("--repeat", repeatsGiven, 1, 20) : (int?)null;
        var searching = defaults.Preset is Presets.Capacity or Presets.Advise;
        if (!searching)
        {
            foreach (var (option, given) in new (string, bool)[] { ("--mixes", parse.GetValue(mixes) is { Length: > 0 }),
                         ("--slo-upload-ms", parse.GetValue(sloUpload) is not null), ("--slo-getint-ms", parse.GetValue(sloGetInt) is not null), ("--threshold", parse.GetValue(capacityThreshold) is not null) })
                if (given) throw new FormatException($"{option}: allowed with --preset capacity or advise only");
        }
        if (defaults.Preset != Presets.Advise)
        {
            foreach (var (option, given) in new (string, bool)[] { ("--knobs", parse.GetValue(knobs) is { Length: > 0 }), ("--budget-minutes", parse.GetValue(budgetMinutes) is not null) })
                if (given) throw new FormatException($"{option}: allowed with --preset advise only");
        }
        if (defaults.Preset != Presets.Soak)
        {
            foreach (var (option, given) in new (string, bool)[] { ("--rate", parse.GetValue(soakRate) is not null), ("--minutes", parse.GetValue(soakMinutes) is not null),
                         ("--capacity-from", parse.GetValue(soakCapacityFrom) is not null) })
                if (given) throw new FormatException($"{option}: allowed with --preset soak only");
        }
        else
        {
            foreach (var (option, given) in new (string, bool)[] { ("--phases", parse.GetValue(phases) is { Length: > 0 }), ("--scenarios", parse.GetValue(scenarios) is { Length: > 0 }),
                         ("--concurrency", parse.GetValue(concurrency) is not null), ("--requests", parse.GetValue(requests) is not null) })
                if (given) throw new FormatException($"{option}: not with --preset soak, whose load is sendLargeData and getInt at steady rates: allowed --rate, --getint-rate, --minutes, --payload-mib");
        }
        CapacityOptions? capacityOptions = null;
        AdviseOptions? adviseOptions = null;
        if (searching)
        {
            var adviseDefaults = AdviseOptions.Default(parse.GetValue(quick));
            var capacityDefaults = defaults.Preset == Presets.Advise ? adviseDefaults.Capacity : CapacityOptions.Default(parse.GetValue(quick));
            capacityOptions = capacityDefaults with
            {
                Mixes = Chosen(parse, mixes, capacityDefaults.Mixes),
                Repeat = repeats ?? capacityDefaults.Repeat,
                Arrivals = spacing,
                Slo = new CapacitySlo(parse.GetValue(sloUpload) is { } u ? Within("--slo-upload-ms", u, 1, 600_000) : capacityDefaults.Slo.UploadP99Ms,
                    parse.GetValue(sloGetInt) is { } g ? Within("--slo-getint-ms", g, 1, 600_000) : capacityDefaults.Slo.GetIntP99Ms),
                Threshold = parse.GetValue(capacityThreshold) is { } threshold ? (threshold is >= 0.01 and <= 1 ? threshold : throw new FormatException($"--threshold {threshold}: allowed 0.01 to 1")) : capacityDefaults.Threshold,
                PayloadBytes = parse.GetValue(payload) is { } capacityMib ? Within("--payload-mib", capacityMib, 1, 200) * 1024 * 1024 : capacityDefaults.PayloadBytes,
                GetIntBeside = parse.GetValue(getIntRate) is { } beside ? Within("--getint-rate", beside, 1, 10_000) : capacityDefaults.GetIntBeside,
                PayloadContent = parse.GetValue(payloadContent) ?? capacityDefaults.PayloadContent,
            };
            if (defaults.Preset == Presets.Advise)
            {
                if (capacityOptions.Mixes.Count != 1) throw new FormatException($"--mixes {string.Join(",", capacityOptions.Mixes)}: advise searches one mix: allowed {string.Join(", ", CapacityPreset.MixNames)}");
                adviseOptions = adviseDefaults with
                {
                    Knobs = parse.GetValue(knobs) is { Length: > 0 } named ? [.. named.SelectMany(Split).Select(n => Knobs.All.Any(k => k.Name == n) ? n
                        : throw new FormatException($"--knobs {n}: allowed {string.Join(", ", Knobs.All.Select(k => k.Name))}")).Distinct()] : adviseDefaults.Knobs,
                    ConfirmRepeats = repeats ?? adviseDefaults.ConfirmRepeats,
                    Threshold = capacityOptions.Threshold,
                    BudgetMinutes = parse.GetValue(budgetMinutes) is { } minutes ? (minutes is >= 1 and <= 600 ? minutes : throw new FormatException($"--budget-minutes {minutes}: allowed 1 to 600")) : adviseDefaults.BudgetMinutes,
                    Capacity = capacityOptions,
                };
                capacityOptions = null;
            }
        }
        var load = defaults.Load with
        {
            Phases = parse.GetValue(phases) is { Length: > 0 } ramp ? ramp.SelectMany(Split).Select(RampPhase.Parse).ToArray() : defaults.Load.Phases,
            PayloadBytes = parse.GetValue(payload) is { } mib ? Within("--payload-mib", mib, 1, 200) * 1024 * 1024 : defaults.Load.PayloadBytes,
            WarmUpSeconds = parse.GetValue(warmUp) is { } w ? Within("--warmup-seconds", w, 0, 60) : defaults.Load.WarmUpSeconds,
            CallTimeoutSeconds = parse.GetValue(callTimeout) is { } t ? Within("--call-timeout-seconds", t, 1, 300) : defaults.Load.CallTimeoutSeconds,
            Scenarios = Chosen(parse, scenarios, defaults.Load.Scenarios),
            RecordCount = parse.GetValue(records) is { } n ? Within("--records", n, 1, 10_000_000) : defaults.Load.RecordCount,
            PayloadContent = parse.GetValue(payloadContent) ?? defaults.Load.PayloadContent,
            GetIntPerSecond = parse.GetValue(getIntRate) is { } rate ? Within("--getint-rate", rate, 1, 10_000) : defaults.Load.GetIntPerSecond,
            Arrivals = spacing,
            Closed = ClosedModelOptions.Read(parse.GetValue(concurrency), parse.GetValue(requests), parse.GetValue(maxSeconds), defaults.Load.Closed),
        };
        if (load.Closed is not null && (searching || parse.GetValue(phases) is { Length: > 0 } || parse.GetValue(getIntRate) is not null))
            throw new FormatException("--concurrency / --requests: allowed without --phases and --getint-rate, and not with --preset capacity or advise");
        plan = defaults with
        {
            Servers = Chosen(parse, server, defaults.Servers),
            Clients = Chosen(parse, client, defaults.Clients),
            Pairs = parse.GetValue(pairing) ?? defaults.Pairs,
            Runtimes = Chosen(parse, runtime, defaults.Runtimes),
            ClientRuntime = parse.GetValue(clientRuntime),
            Compressions = Chosen(parse, compression, defaults.Compressions),
            Transports = Chosen(parse, transport, defaults.Transports),
            Codecs = Chosen(parse, codec, defaults.Codecs),
            KestrelProfiles = Chosen(parse, kestrelProfile, defaults.KestrelProfiles),
            ClientProfiles = Chosen(parse, clientProfile, defaults.ClientProfiles),
            Baselines = Chosen(parse, baseline, defaults.Baselines),
            KestrelSettings = Settings("--kestrel", parse.GetValue(kestrelSetting), kestrelSettingNames),
            HostEnvironment = EnvironmentKnobs("--host-env", parse.GetValue(hostEnvironment)),
            ClientEnvironment = EnvironmentKnobs("--client-env", parse.GetValue(clientEnvironment)),
            ClientSettings = ClientChannels(Settings("--client-setting", parse.GetValue(clientSetting), ["enableMultipleHttp2Connections", "initialHttp2StreamWindowSize", "channels", "keepAlivePingDelaySeconds"])),
            Load = load,
            ScenarioSets = parse.GetValue(scenarios) is { Length: > 0 } ? null : defaults.ScenarioSets,
            // A preset without sizes of its own (seed, sweep) keeps --payload-mib in its load, and its labels as they were.
            PayloadSizes = Sizes("--message-sizes", parse.GetValue(messageSizes), 1, 200L * 1024 * 1024)
                ?? (parse.GetValue(payload) is { } onePayload && defaults.PayloadSizes.Count > 0 ? [onePayload * 1024L * 1024] : defaults.PayloadSizes),
            ChunkSizes = Sizes("--chunk-sizes", parse.GetValue(chunkSizes), 1024, 16 * 1024 * 1024)?.Select(c => (int)c).ToArray() ?? defaults.ChunkSizes,
            PageSizes = Counts("--page-sizes", parse.GetValue(pageSizes), 1, 10_000) ?? defaults.PageSizes,
            CompressionLevels = Chosen(parse, compressionLevel, defaults.CompressionLevels),
            Links = Chosen(parse, link, defaults.Links),
            Cpus = parse.GetValue(cpus) is { Length: > 0 } placement
                ? CpuPlacement.Parse([.. placement.SelectMany(p => p.Split(' ', StringSplitOptions.RemoveEmptyEntries))], CpuAffinity.OfThisProcess())
                : CpuPlacement.Default(CpuAffinity.OfThisProcess()),
            Capacity = capacityOptions,
            Advise = adviseOptions,
            // The capacity and advise presets keep their repeats in their options; the others run each configuration this many times.
            Repeat = capacityOptions is null && adviseOptions is null ? repeats ?? 1 : 1,
            Quick = parse.GetValue(quick),
        };
        if (plan.Preset == Presets.Soak)
        {
            var soakDefaults = SoakOptions.Default(plan.Quick, plan.Load.PayloadBytes);
            var soak = soakDefaults with
            {
                UploadsPerSecond = parse.GetValue(soakRate) is { } r ? (r is >= 0.1 and <= 100 ? r : throw new FormatException($"--rate {r}: allowed 0.1 to 100 calls per second")) : soakDefaults.UploadsPerSecond,
                RateSource = parse.GetValue(soakRate) is not null ? "given with --rate" : soakDefaults.RateSource,
                Seconds = parse.GetValue(soakMinutes) is { } m ? Within("--minutes", m, 1, 60) * 60 : soakDefaults.Seconds,
                GetIntPerSecond = parse.GetValue(getIntRate) ?? soakDefaults.GetIntPerSecond,
            };
            if (parse.GetValue(soakCapacityFrom) is { } capacityRun)
            {
                if (parse.GetValue(soakRate) is not null) throw new FormatException("--capacity-from: not with --rate; allowed one of them");
                soak = SoakRates.HalfOfCapacity(soak, capacityRun, plan.Configurations());
            }
            plan = plan with
            {
                Soak = soak,
                Load = SoakPreset.Load(soak) with { WarmUpSeconds = plan.Load.WarmUpSeconds, CallTimeoutSeconds = plan.Load.CallTimeoutSeconds, Arrivals = spacing },
            };
        }
        if (plan.Advise is { } adviseAsked && AdvisePreset.TooSmall(adviseAsked, plan.Quick) is { } tooSmall) throw new FormatException(tooSmall);
        if (parse.GetValue(target) is { } external)
        {
            plan = plan with { Target = ExternalTarget.Validate(external, parse.GetValue(targetCa)), TargetCa = parse.GetValue(targetCa) is { } ca ? Path.GetFullPath(ca) : null };
            if (plan.Capacity is not null || plan.Advise is not null || plan.Soak is not null || plan.Preset == Presets.Sweep || plan.Links.Any(l => l != "none"))
                throw new FormatException($"--target: allowed with the {Presets.Seed}, {Presets.Streaming} and {Presets.Chunked} presets, on --link none");
        }
        else if (parse.GetValue(targetCa) is { } lonely) throw new FormatException($"--target-ca {lonely}: allowed with an https --target only");
        if (plan.Transports.Contains(Transport.Uds) && plan.Links.Any(l => l != "none"))
            throw new FormatException("--transport uds: a Unix domain socket does not go through the shaped loopback; allowed with --link none only");
    }
    catch (FormatException e)
    {
        Console.Error.WriteLine("invalid option: " + e.Message);
        return 2;
    }
    if (plan.Target is { } reachable && await ExternalTarget.ProbeAsync(reachable, plan.TargetCa, cancellationToken) is { } unreachable)
    {
        Console.Error.WriteLine(unreachable);
        return 1;
    }
    return await PresetRun.RunAsync(plan, parse.GetValue(output), string.Join(' ', args), cancellationToken);
});

Argument<string> baseFolder = new("base") { Description = "Results folder of the base run" };
Argument<string> diffFolder = new("diff") { Description = "Results folder of the run to compare with it" };
Option<double> threshold = new("--threshold") { Description = "Ratio beyond which a difference counts, e.g. 0.1 for 10 %", DefaultValueFactory = _ => 0.1 };
Option<bool> acrossRuntimes = new("--across-runtimes") { Description = "Pair configurations that differ only in their runtimes (e.g. two CI matrix cells)" };
var compare = new Command("compare", "Puts two runs side by side: every shared configuration, diff / base, decided at the threshold over its repeats or 5 s windows of its calls, never single calls; two advise runs: whether their verdicts agree.")
{
    baseFolder, diffFolder, threshold, acrossRuntimes,
};
compare.SetAction(parse => LoadRun.Compare(parse.GetValue(baseFolder)!, parse.GetValue(diffFolder)!, parse.GetValue(threshold), parse.GetValue(acrossRuntimes)));
root.Subcommands.Add(compare);

Argument<string> resultsFolder = new("results") { Description = "Results folder of a run (summary.json, with calls.csv.gz where it has them)" };
Option<string[]> charts = new("--charts") { Description = "The charts drawn, by name without page and .png (e.g. closed-model,ratio), or none (default: all)", AllowMultipleArgumentsPerToken = true };
var report = new Command("report", "Draws a run's report and charts again from its summary.json (and calls.csv.gz), into its folder.") { resultsFolder, charts };
report.SetAction(parse => LoadRun.Report(parse.GetValue(resultsFolder)!, null, parse.GetValue(charts)));
root.Subcommands.Add(report);

Argument<string> referenceFolder = new("folder") { Description = "Where the reference run goes, e.g. docs/reference-runs/load/NAME" };
var keep = new Command("keep", "Keeps a run as a reference run: summary.json.gz without the calls, the report and its charts (per-call data stays in results/).")
{
    resultsFolder, referenceFolder, charts,
};
keep.SetAction(parse => LoadRun.Report(parse.GetValue(resultsFolder)!, parse.GetValue(referenceFolder), parse.GetValue(charts)));
root.Subcommands.Add(keep);

root.Subcommands.Add(LostResponsesCommand.Create());
root.Subcommands.Add(HazardsCommand.Create(OneOf));

var parsed = root.Parse(args);
if (parsed.Errors.Count > 0)
{
    // One line naming the option and what it allows, rather than the full help text.
    Console.Error.WriteLine("invalid option: " + string.Join(" ", parsed.Errors[0].Message.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)));
    return 2;
}
// Ctrl+C cancels the run, whose calls, worker and hosts then stop and whose results are still written: that
// takes seconds, and System.CommandLine would end the process after 2.
return await parsed.InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = TimeSpan.FromSeconds(60) });
