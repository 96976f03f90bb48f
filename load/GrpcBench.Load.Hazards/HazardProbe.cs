using System.Runtime.InteropServices;
using System.Text.Json;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Hazards;

/// <summary>
/// `hazards`: both hosts on one runtime, one host per stack for the whole catalogue, every case against each; the
/// results so far are written whatever ends the run.
/// </summary>
public static class HazardProbe
{
    public static readonly string[] Stacks = [.. Terms.Texts(ServerStack.GrpcCore, ServerStack.Kestrel)];

    public sealed record StackRun(string Stack, string? RuntimeReported, Dictionary<string, string>? Components, string? Failure);

    public static async Task<int> RunAsync(string runtime, string? output, string commandLine, CancellationToken cancellationToken, HazardTarget? target = null)
    {
        target ??= HazardTarget.Story;
        var catalogue = HazardCatalogue.For(target);
        if (ResultsFolder.CreateOrSayWhy(output) is not { } folder) return 2;
        var results = new List<HazardResult>();
        var stacks = new List<StackRun>();
        Console.WriteLine($"hazards: {catalogue.Count} cases on {target.Call} x {Stacks.Length} stacks on {runtime}; results: {folder}");
        try
        {
            foreach (var stack in Stacks)
            {
                if (cancellationToken.IsCancellationRequested) break;
                // One host per stack for the cases of the same host settings, in catalogue order.
                foreach (var cases in catalogue.GroupBy(c => c.HostKey))
                {
                    if (cancellationToken.IsCancellationRequested) break;
                    var arguments = cases.First().HostArguments ?? [];
                    // The hosts of the target's own settings run most cases: they are named by their stack alone.
                    var asTarget = arguments.SequenceEqual(target.HostArguments);
                    var named = asTarget ? stack : $"{stack} ({string.Join(' ', arguments.Skip(target.HostArguments.Count))})";
                    try
                    {
                        await using var host = await HostProcess.StartAsync(new HostLaunch(HazardRunner.Stack(stack).Project, runtime, arguments), cancellationToken);
                        foreach (var hazard in cases)
                        {
                            if (cancellationToken.IsCancellationRequested || host.HasExited) break;
                            var result = await HazardRunner.RunAsync(hazard, stack, host, target);
                            results.Add(result);
                            Console.WriteLine($"  {stack,-9} {hazard.Id,-28} {result.Answer}{(result.ServedNext ? "" : "; NEXT CALL FAILED: " + result.NextCallError)}");
                        }
                        if (asTarget || host.HasExited)
                            stacks.Add(new StackRun(named, host.Ready.Runtime, host.Ready.Components, host.HasExited ? $"the host exited with {host.ExitCode}" : null));
                    }
                    catch (HostStartException e)
                    {
                        Console.WriteLine($"{named} {runtime}: not started: {e.Message}");
                        stacks.Add(new StackRun(named, null, null, e.Message));
                    }
                }
            }
        }
        finally
        {
            var status = stacks.Any(s => s.Failure is not null) ? "failed" : cancellationToken.IsCancellationRequested ? "stopped" : "completed";
            var rows = HazardRows.From(catalogue, results, Stacks);
            File.WriteAllText(Path.Combine(folder, "hazards.json"), JsonSerializer.Serialize(new
            {
                commandLine,
                status,
                run = RunRecord.Now(),
                runtime,
                method = target.Call,
                serviceAssembly = target.AssemblyPath,
                leftOut = target.IsStory ? null : HazardCatalogue.StoryOnly,
                probeRuntime = RuntimeInformation.FrameworkDescription,
                stacks,
                cases = rows,
            }, new JsonSerializerOptions(JsonSerializerDefaults.Web) { WriteIndented = true }));
            File.WriteAllText(Path.Combine(folder, "hazards.md"), HazardReport.Markdown(runtime, stacks, rows, target));
            Console.WriteLine($"results: {folder}");
        }
        return stacks.Any(s => s.Failure is not null) ? 1 : cancellationToken.IsCancellationRequested ? 130 : 0;
    }
}
