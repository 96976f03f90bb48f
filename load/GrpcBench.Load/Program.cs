using System.CommandLine;
using GrpcBench.Load;
using GrpcBench.Load.Hazards;
using static GrpcBench.Load.CommandLineOptions;

var options = new RunOptions();
var root = new RootCommand("Reproduces the Grpc.Core -> grpc-dotnet migration story under open-model load and finds the settings that fix it.");
options.AddTo(root);
root.SetAction(async (parse, cancellationToken) =>
{
    // System.CommandLine takes Ctrl+C over once the action has returned its task: until then a Ctrl+C would end the tool
    // at once, leaving the host it may have started (everything up to the host's start runs before the first await).
    await Task.Yield();
    RunPlan plan;
    IPresetRun preset;
    try
    {
        plan = new PlanReader(parse, options).Read();
        preset = options.PresetNamed(plan.Preset).Run(plan);
    }
    catch (FormatException e)
    {
        Console.Error.WriteLine("invalid option: " + e.Message);
        return 2;
    }
    var config = ConfigFile.Of(parse, options);
    if (parse.GetValue(options.PrintConfig))
    {
        Console.WriteLine(ConfigFile.Json(config));
        return 0;
    }
    if (plan.Target is { } reachable && await ExternalTarget.ProbeAsync(reachable, plan.TargetCa, cancellationToken, plan.Load.Service is not null) is { } unreachable)
    {
        Console.Error.WriteLine(unreachable);
        return 1;
    }
    return await PresetRun.RunAsync(plan, preset, parse.GetValue(options.Output), string.Join(' ', args), cancellationToken, config);
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

string[] merged;
try
{
    merged = ConfigFile.Merge(args, options);
}
catch (FormatException e)
{
    Console.Error.WriteLine("invalid option: " + e.Message);
    return 2;
}
var parsed = root.Parse(merged);
if (parsed.Errors.Count > 0)
{
    // One line naming the option and what it allows, rather than the full help text.
    Console.Error.WriteLine("invalid option: " + string.Join(" ", parsed.Errors[0].Message.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)));
    return 2;
}
// Ctrl+C cancels the run, whose calls, worker and hosts then stop and whose results are still written: that
// takes seconds, and System.CommandLine would end the process after 2.
return await parsed.InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = TimeSpan.FromSeconds(60) });
