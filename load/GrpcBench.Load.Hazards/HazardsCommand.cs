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
        Option<string?> assembly = new("--service-assembly") { Description = "A team's service assembly, served by both hosts; with --scenarios FILE (docs/your-service.md)" };
        Option<string?> scenarios = new("--scenarios") { Description = "A team's scenario file: the cases are aimed at its first unary method, with its first request" };
        var command = new Command("hazards", "Sends both hosts requests a correct client would not (oversize, malformed, floods) and reports what each stack answers (docs/hazards.md).")
        {
            runtime, output, assembly, scenarios,
        };
        command.SetAction((parse, cancellationToken) =>
        {
            HazardTarget target;
            try
            {
                target = Target(parse.GetValue(assembly), parse.GetValue(scenarios));
            }
            catch (FormatException e)
            {
                Console.Error.WriteLine("invalid option: " + e.Message);
                return Task.FromResult(2);
            }
            return HazardProbe.RunAsync(parse.GetValue(runtime)!, parse.GetValue(output),
                string.Join(' ', Environment.GetCommandLineArgs().Skip(1)), cancellationToken, target);
        });
        return command;
    }

    /// <exception cref="FormatException">The one line that says what is wrong.</exception>
    private static HazardTarget Target(string? assembly, string? scenarios) => (assembly, scenarios) switch
    {
        (null, null) => HazardTarget.Story,
        (_, null) => throw new FormatException($"--service-assembly {assembly}: needs --scenarios FILE, whose first unary method the cases are aimed at (docs/hazards.md)"),
        (null, _) => throw new FormatException($"--scenarios {scenarios}: needs --service-assembly PATH, the assembly that serves its methods (docs/hazards.md)"),
        _ => HazardTargets.FirstUnary(assembly, scenarios),
    };
}
