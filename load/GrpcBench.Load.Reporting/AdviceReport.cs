using System.Globalization;
using System.Text;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// advice/advice.md of the advise preset: per runtime, the recommended combination confirmed beside the default and
/// Grpc.Core, every knob value ranked with its verdict and intervals, and the settings as code a team pastes.
/// </summary>
public static class AdviceReport
{
    public const string Folder = "advice", FileName = "advice.md";

    public static string Render(LoadRunSummary summary)
    {
        var md = new StringBuilder();
        MarkdownReport.Setup(md, summary);
        foreach (var advice in summary.Advice ?? []) Runtime(md, advice, AdviceTerms.Of(summary), summary.Run.Machine.Memory);
        md.AppendLine("## What this cannot see");
        md.AppendLine();
        md.AppendLine("- One machine, loopback: no network latency or bandwidth limit, no other tenants; host and load worker pinned to their own CPUs.");
        if (summary.Advice?.Any(a => a.Screen is not null) == true)
            md.AppendLine("- Knobs are screened together in two-level designs: each verdict is a main effect, averaged over the other values' levels (clear of "
                          + "two-factor interactions where the stage folded over); a value that helps only beside another shows as a smaller effect. Saturated "
                          + "throughput is the host's ceiling, not its SLO capacity: the headline capacities are searched apart.");
        else md.AppendLine("- Knobs are screened one at a time on top of the defaults; two knobs that help only together are not found, and the combination is built greedily.");
        md.AppendLine("- \"No effect found\" means within the interval shown, at the threshold; smaller effects than the run could resolve may exist.");
        md.AppendLine("- Client runtime knobs (the load worker's GC and thread pool) are not screened; the client knobs here are SocketsHttpHandler settings.");
        return md.ToString();
    }

    private static void Runtime(StringBuilder md, AdviceSummary advice, AdviceTerms terms, MemoryCost? memory)
    {
        if (advice.Screen is { } screen)
        {
            ScreenedAdviceSection.Append(md, advice, screen, terms, memory);
            return;
        }
        var screening = advice.ScreeningPerSecond is { } rate ? CapacityReport.Rate(rate) + "/s" : "-";
        md.AppendLine($"## {advice.Workload} on {advice.Runtime}");
        md.AppendLine();
        md.AppendLine($"Kestrel + grpc-dotnet with its defaults held {(advice.DefaultCapacity is { } c ? CapacityReport.Rate(c) + "/s" : "no rate")} (first search). "
                      + $"Every knob value was searched on top of the defaults, each search probing {screening} first (where host CPU per call and p99 are "
                      + $"compared, below saturation), then its capacity; verdicts at ±{advice.Threshold * 100:0.#} % (two one-sided tests, α 0.05, from two "
                      + "searches a side; a value searched once counts as \"no effect found\" only within half the threshold). Ratios are value / default, "
                      + $"with the range of every search pair (a 95 % interval from 6 a side). The run took {advice.Minutes:0.#} min.");
        md.AppendLine();

        Recommended(md, advice);
        if (advice.Confirmed.Count > 0)
        {
            md.AppendLine("Confirmed in one interleaved, repeated run:");
            md.AppendLine();
            MarkdownTable.Append(md, ["configuration", "capacity /s", "vs default", "vs Grpc.Core", "vs default, decided", $"p99 at {screening}, ms", "host CPU ms/call", "host peak RSS MiB"],
                [false, true, true, true, false, true, true, true],
                advice.Confirmed.Select(r => (IReadOnlyList<string>)[$"{r.Name}: {r.Label}", Figure(r.Capacity, "#,##0.#"), Times(r.VersusDefault), Times(r.VersusGrpcCore), r.Decision ?? "-",
                    Figure(r.P99AtScreening, "#,##0.#"), Figure(r.ServerCpuMsPerCall, "0.00"), Figure(r.ServerRssMiB, "#,##0")]));
            md.AppendLine();
        }

        md.AppendLine("### Every knob value, ranked");
        md.AppendLine();
        foreach (var (fileName, title, _) in ChartImage.Paged(ChartName(advice), "capacity per knob value", HorizontalBars.Pages(Chart(advice))))
            md.AppendLine($"![{title}]({fileName})").AppendLine();
        MarkdownTable.Append(md, ["knob", "value", "verdict", "capacity vs default", "host CPU/call vs default", $"p99 at {screening} vs default", "client CPU/call vs default",
                "host peak RSS vs default", "searches", "reported back", "what it is"],
            [false, false, false, true, true, true, true, true, true, false, false],
            advice.Knobs.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, k.Choice.Value, Verdict(k, advice.Threshold), Times(k.Capacity, k.CapacityDecision), Times(k.ServerCpu, k.ServerCpuDecision),
                Times(k.P99), Times(k.ClientCpu), Times(k.ServerRss), k.Searches.ToString(CultureInfo.InvariantCulture), k.Reported ?? "-", k.Meaning]));
        md.AppendLine();

        if (advice.Alternatives.Count > 0)
        {
            md.AppendLine("### Design alternatives (they change code)");
            md.AppendLine();
            md.AppendLine("The same uploads sent another way, or compressed, against the same default searches; capacity still counts uploads per second. "
                          + "Never combined with the settings above: a team weighs them as changes of its contract or its calls.");
            md.AppendLine();
            MarkdownTable.Append(md, ["alternative", "verdict", "capacity vs default", "host CPU/call vs default", $"p99 at {screening} vs default", "client CPU/call vs default",
                    "host peak RSS vs default", "searches", "what it is", "the change"],
                [false, false, true, true, true, true, true, true, false, false],
                advice.Alternatives.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, Verdict(k, advice.Threshold), Times(k.Capacity, k.CapacityDecision), Times(k.ServerCpu, k.ServerCpuDecision),
                    Times(k.P99), Times(k.ClientCpu), Times(k.ServerRss), k.Searches.ToString(CultureInfo.InvariantCulture), k.Meaning, $"`{k.Choice.Code}`"]));
            md.AppendLine();
        }

        Tail(md, advice);
    }

    /// <summary>Where the host's CPU goes, the settings as code and the notes.</summary>
    internal static void Tail(StringBuilder md, AdviceSummary advice)
    {
        var screening = advice.ScreeningPerSecond is { } rate ? CapacityReport.Rate(rate) + "/s" : "-";
        if (advice.Profiles.Count > 0) HostProfilesSection.Append(md, advice, screening);

        md.AppendLine("### Settings as code");
        md.AppendLine();
        if (advice.Recommended.Count == 0)
        {
            md.AppendLine("None to keep.");
            md.AppendLine();
        }
        else
        {
            foreach (var group in advice.Recommended.GroupBy(Where))
            {
                md.AppendLine($"{group.Key}:");
                md.AppendLine();
                md.AppendLine("```");
                foreach (var choice in group) md.AppendLine(choice.Code);
                md.AppendLine("```");
                md.AppendLine();
            }
        }
        foreach (var note in advice.Notes) md.AppendLine($"- {note}");
        if (advice.Notes.Count > 0) md.AppendLine();
    }

    internal static void Recommended(StringBuilder md, AdviceSummary advice)
    {
        md.AppendLine("### Recommended");
        md.AppendLine();
        if (advice.Recommended.Count == 0) md.AppendLine("Nothing: no knob helped beyond the threshold. Keep the defaults; see the table for what was tried.");
        else foreach (var choice in advice.Recommended) md.AppendLine($"- `{choice.Knob}` = {choice.Value} ({choice.Setting})");
        md.AppendLine();
        if (advice.Path is { } path)
        {
            md.AppendLine($"The changes above are the migration path's steps, each taken where it still helped on top of the ones before it ([{PathReport.FileName}]({PathReport.FileName})): {path.Ending}");
            md.AppendLine();
        }
    }

    internal static string Percent(double fraction) => (fraction * 100).ToString("0.#", CultureInfo.InvariantCulture) + " %";

    /// <summary>Where a line goes, from the comment it carries.</summary>
    private static string Where(KnobChoice choice) => choice.Code switch
    {
        var code when code.Contains("<!-- csproj -->", StringComparison.Ordinal) => "The service's project file (csproj), in a PropertyGroup",
        var code when code.Contains("<!-- the client's csproj -->", StringComparison.Ordinal) => "The client's project file (csproj), in a PropertyGroup",
        var code when code.Contains("# the client's environment", StringComparison.Ordinal) => "The client's environment",
        var code when code.Contains("runtimeconfig.template.json", StringComparison.Ordinal) => "runtimeconfig.template.json, under configProperties",
        var code when code.Contains("// the client, where it makes its channels", StringComparison.Ordinal) => "The client: where it makes its channels",
        var code when code.Contains("GrpcChannelOptions", StringComparison.Ordinal) => "The client: the SocketsHttpHandler given to GrpcChannelOptions.HttpHandler",
        var code when code.Contains("Program.cs", StringComparison.Ordinal) => "The service's Program.cs",
        _ => "The service's environment",
    };

    /// <param name="threshold">The threshold asked and decided at: a value its spread could not decide is "undecided at" it, never "no effect".</param>
    public static string Verdict(KnobFinding finding, double threshold) => finding.Verdict switch
    {
        AdviceFindings.NoEffect when finding.SmallestEffectSeen is { } reach => $"no effect found (within ±{reach * 100:0} %)",
        AdviceFindings.CouldNotTell when finding.NeedsThreshold is { } needs => $"undecided at ±{Percent(threshold)} (would need ±{needs * 100:0} %)",
        AdviceFindings.CouldNotTell => $"undecided at ±{Percent(threshold)}",
        _ => finding.Verdict,
    };

    public static BarChart Chart(AdviceSummary advice) => advice.Screen is null
        ? new($"Capacity with each knob value, over Kestrel's default ({RuntimeBuilds.Describe(advice.Runtime)}, {advice.Mix})",
            ["capacity vs default (median)"], ["#4477aa"],
            [.. advice.Knobs.Where(k => k.Verdict != AdviceFindings.NotOnRuntime).Select(k => new ChartRow($"{k.Choice.Knob}={k.Choice.Value} ({k.Verdict})", [k.Capacity?.Median]))],
            v => "x" + v.ToString("0.00", CultureInfo.InvariantCulture), "capacity with the value / the default's, same run", 1.0, "default")
        : new($"Saturated throughput with each knob value, over Kestrel's default ({RuntimeBuilds.Describe(advice.Runtime)}, {advice.Mix})",
            ["throughput vs default"], ["#4477aa"],
            [.. advice.Knobs.Concat(advice.Alternatives).Where(k => k.Throughput is not null).Select(k => new ChartRow(
                $"{k.Choice.Knob}={k.Choice.Value} ({k.Verdict}, {k.Throughput!.Bounds()})", [k.Throughput!.Median]))],
            v => "x" + v.ToString("0.00", CultureInfo.InvariantCulture), "throughput with the value / the default's, same run", 1.0, "default");

    /// <summary>One chart per runtime (in pages where it is long), to go beside advice.md.</summary>
    public static IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) =>
        (summary.Advice ?? []).SelectMany(runtime => ChartImage.Paged(ChartName(runtime),
            runtime.Screen is null ? $"capacity with each knob value, {runtime.Runtime}" : $"throughput with each knob value, {runtime.Runtime}", HorizontalBars.Pages(Chart(runtime))));

    internal static string ChartName(AdviceSummary advice) => advice.Screen is null ? $"capacity-{advice.Runtime}.png" : $"throughput-{advice.Runtime}.png";

    /// <summary>"x1.28 [1.13, 1.44]" (a 95 % interval) or "x1.28 (range of 4 search ratios: 1.13-1.44)", and the decision after it where given.</summary>
    internal static string Times(Spread? ratio, string? decision = null) => ratio is null ? "-"
        : $"x{ratio.Describe("0.00")}" + (decision is null ? "" : $" {decision}");

    internal static string Figure(Spread? spread, string format) => spread is null ? "-" : spread.Describe(format);
}

/// <summary>The advise preset's reading: advice/advice.md and its charts, with path.md where the run walked the migration path.</summary>
public sealed class AdviceReading : IPresetReading
{
    public bool Reads(LoadRunSummary summary) => summary.Advice is not null;

    public Reading Of(LoadRunSummary summary) =>
        new(AdviceReport.Folder, AdviceReport.FileName, AdviceReport.Render(summary), [.. AdviceReport.Charts(summary), .. CostChart.Charts(summary), .. PathReport.Charts(summary)])
        {
            Others = PathReport.Has(summary) ? [(PathReport.FileName, PathReport.Render(summary))] : [],
        };
}
