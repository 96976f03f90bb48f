using System.CommandLine;
using GrpcBench.Orchestration;
using static GrpcBench.Load.CommandLineOptions;

namespace GrpcBench.Load.Hazards;

/// <summary>`hazards`: the edge-case catalogue against both stacks (docs/hazards.md).</summary>
public static class HazardsCommand
{
    public static Command Create()
    {
        Option<string> runtime = new("--runtime") { Description = $"Runtime of both hosts: {string.Join(", ", DotnetRoots.Runtimes)}", DefaultValueFactory = _ => "net10.0" };
        OneOf(runtime, [.. DotnetRoots.Runtimes]);
        Option<string?> output = new("--out") { Description = "Results folder (default results/<timestamp>); never overwritten" };
        var command = new Command("hazards", "Sends both hosts requests a correct client would not (oversize, malformed, floods) and reports what each stack answers (docs/hazards.md).")
        {
            runtime, output,
        };
        command.SetAction((parse, cancellationToken) => HazardProbe.RunAsync(parse.GetValue(runtime)!, parse.GetValue(output),
            string.Join(' ', Environment.GetCommandLineArgs().Skip(1)), cancellationToken));
        return command;
    }
}
