using System.Text;

namespace GrpcBench.Load.Hazards;

/// <summary>hazards.md: the side-by-side table, differences first, each with what it means for a team's clients.</summary>
public static class HazardReport
{
    public static string Markdown(string runtime, IReadOnlyList<HazardProbe.StackRun> stacks, IReadOnlyList<HazardRow> rows, HazardTarget? target = null)
    {
        target ??= HazardTarget.Story;
        var text = new StringBuilder();
        text.AppendLine($"# Hazards: what each stack answers to requests a correct client would not send ({runtime})").AppendLine();
        foreach (var stack in stacks)
            text.AppendLine($"- {stack.Stack}: {stack.RuntimeReported ?? "not run"}{(stack.Failure is null ? "" : $" ({stack.Failure})")}"
                + (stack.Components is { } components ? $"; {string.Join(", ", components.Select(c => $"{c.Key} {c.Value}"))}" : ""));
        text.AppendLine();
        if (!target.IsStory)
        {
            text.AppendLine($"Aimed at {target.Call} of {Path.GetFileName(target.AssemblyPath)}, with the first request of the scenario file ({target.Request.Length} bytes); \"what this means\" is from the story's reference run on GetInt.").AppendLine();
            text.AppendLine($"Left out: {string.Join(", ", HazardCatalogue.StoryOnly)}: {HazardCatalogue.StoryOnlyReason}.").AppendLine();
        }
        var differ = rows.Count(r => r.Differ);
        text.AppendLine($"{rows.Count} cases, {differ} where the stacks answer differently (first). \"next call\" is a correct {target.Call} from the stack's own client after the case; RSS is the host's before and after, MiB.").AppendLine();
        text.AppendLine("| case | sends | grpc-core (Grpc.Core 2.46.5) | kestrel (grpc-dotnet) | next call | RSS MiB grpc-core / kestrel | what this means for your clients |");
        text.AppendLine("|---|---|---|---|---|---|---|");
        foreach (var row in rows)
        {
            var core = row.Results.GetValueOrDefault("grpc-core");
            var kestrel = row.Results.GetValueOrDefault("kestrel");
            text.AppendLine($"| {(row.Differ ? "**" + row.Case + "**" : row.Case)} | {Cell(row.Sends)} | {Answer(core)} | {Answer(kestrel)} | {Served(core)} / {Served(kestrel)} | {Rss(core)} / {Rss(kestrel)} | {Cell(row.Meaning)} |");
        }
        return text.ToString();
    }

    private static string Answer(HazardResult? result) =>
        result is null ? "not run" : Cell(result.Answer + (result.Detail is { Length: > 0 } detail ? $": {Shorten(detail)}" : ""));

    private static string Served(HazardResult? result) => result is null ? "-" : result.ServedNext ? "ok" : "FAILED";

    private static string Rss(HazardResult? result) => result is null ? "-" : $"{result.RssBeforeMiB:0}→{result.RssAfterMiB:0}";

    private static string Shorten(string text) => text.Length <= 120 ? text : text[..117] + "...";

    private static string Cell(string text) => text.Replace("|", "\\|").Replace("\r", " ").Replace("\n", " ");
}
