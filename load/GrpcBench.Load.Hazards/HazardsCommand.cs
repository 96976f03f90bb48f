using System.CommandLine;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Hazards;

/// <summary>`hazards`: the edge-case catalogue against both stacks (docs/hazards.md).</summary>
public static class HazardsCommand
{
    /// <param name="allowOnly">The tool's check of an option's allowed values, so that its errors read like every other command's.</param>
    public static Command Create(Action<Option, string[]> allowOnly)
    {
        Option<string> runtime = new("--runtime") { Description = $"Runtime of both hosts: {string.Join(", ", DotnetRoots.Runtimes)}", DefaultValueFactory = _ => "net10.0" };
        allowOnly(runtime, [.. DotnetRoots.Runtimes]);
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
