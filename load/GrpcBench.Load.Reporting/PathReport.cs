using System.Globalization;
using System.Text;
using GrpcBench.Load.Reporting.Charts;
using ScottPlot;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// The migration path (advice/path.md): per runtime, one row per step with its change, its decision against the step
/// before, its capacity against Grpc.Core's, its cost and getInt's p99; the changes tried and not taken; the floors;
/// the story's own load on the ends; where the path ends; and each change as code. A chart of capacity along the path.
/// </summary>
public static class PathReport
{
    public const string FileName = "path.md";

    public static bool Has(LoadRunSummary summary) => summary.Advice?.Any(a => a.Path is not null) == true;

    public static string Render(LoadRunSummary summary)
    {
        var md = new StringBuilder();
        md.AppendLine("# The migration path: from Kestrel's defaults toward Grpc.Core, one decided change at a time");
        md.AppendLine();
        md.AppendLine("Each change the screen found helping (advice.md), and its helping settings together as one change (their screened ratios multiplied: "
                      + "one at a time their gains are below what a trial's few runs tell), is tried on top of the steps taken so far, the largest screened gain first, "
                      + "on saturated runs with it against the step's own runs (the first trial interleaved in pairs; each later one's runs followed by one more of the step, "
                      + "judged against all of the step's runs so far, with the screen's pooled run spread), and taken where it still helps. "
                      + $"Each step's capacity is the highest rate of {(summary.Service is null ? "the story's mix" : "your methods' mix")} held within the SLO, searched once: the range is the search's own bracket "
                      + "(the highest rate held, the lowest missed above it), not the run-to-run spread. "
                      + (summary.Service is null
                          ? "The floors post the same bytes without gRPC (Kestrel's raw HTTP/2 endpoint, on the path's end's Kestrel and runtime settings) and through a bare socket: "
                            + "no gRPC-level change can pass Kestrel's own request path. The path's end, Grpc.Core and the raw HTTP/2 floor are searched in rounds, each search starting "
                          : "No floors: they post the story's upload bytes, which your methods do not send. The path's end and Grpc.Core are searched in rounds, each search starting ")
                      + "from where that configuration's search before it ended (the first from its saturated throughput), a miss far below it probed again; and confirmed on "
                      + "interleaved saturated runs beside the default.");
        md.AppendLine();
        foreach (var advice in summary.Advice!.Where(a => a.Path is not null)) Runtime(md, advice, advice.Path!, AdviceTerms.Of(summary), summary.Run.Machine.Memory);
        return md.ToString();
    }

    private static void Runtime(StringBuilder md, AdviceSummary advice, MigrationPath path, AdviceTerms terms, MemoryCost? memory)
    {
        var grpcCore = path.Bounds.FirstOrDefault(b => b.Name == "Grpc.Core")?.Searches;
        md.AppendLine($"## {advice.Workload} on {advice.Runtime}");
        md.AppendLine();
        md.AppendLine($"**{path.Ending}**");
        md.AppendLine();
        md.AppendLine($"![capacity along the path, {advice.Runtime}]({ChartName(advice)})");
        md.AppendLine();
        // Page faults per upload where the runs counted them (2026-12-03 on): the part of the CPU that moves with the machine.
        var faults = path.Steps.Any(s => s.HostFaultsPerUpload is not null);
        MarkdownTable.Append(md, ["step", "change", "throughput vs the step before", "decision", "capacity/s held (lowest missed above)", "ended on (host / worker busy)", "vs Grpc.Core", $"host CPU per {terms.Call}, ms",
                .. faults ? [$"host page faults per {terms.Call}", FaultCost.TypicalHeader(terms.Call)] : Array.Empty<string>(), $"{terms.Beside} p99, ms", "host peak RSS, MiB"],
            [true, false, false, false, true, false, true, true, .. faults ? [true, true] : Array.Empty<bool>(), true, true],
            path.Steps.Select(s => (IReadOnlyList<string>)[s.Number.ToString(CultureInfo.InvariantCulture), s.Change?.Named() ?? "Kestrel + grpc-dotnet, every default",
                AdviceReport.Times(s.VersusBefore), s.Decision ?? "-", Capacity(s.Capacity), Limit(s.Capacity is null ? [] : [s.Capacity]), s.Capacity is { } capacity && grpcCore is not null ? AdviceReport.Times(SearchedCapacity.Ratio([capacity], grpcCore)) : "-",
                Figure(s.HostCpuMsPerUpload, "0.0"),
                .. faults ? [FaultCost.Faults(s.HostFaultsPerUpload, memory), FaultCost.AtTypicalCost(s.HostCpuMsPerUpload, s.HostFaultsPerUpload, memory)] : Array.Empty<string>(),
                Figure(s.GetIntP99Ms, "0.0"), Figure(s.HostPeakRssMiB, "0")]));
        md.AppendLine();
        var flags = PhysicsFlags(path).ToList();
        foreach (var flag in flags) md.AppendLine($"- {flag}");
        if (flags.Count > 0) md.AppendLine();
        md.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"The path's end, {Held(path.EndSearches)}, beside Grpc.Core{(terms == AdviceTerms.Story ? " and the floors" : "")} on the same mix and SLO; the saturated throughput from the confirming runs, interleaved:"));
        md.AppendLine();
        MarkdownTable.Append(md, ["", "configuration", "capacity/s (each search held)", "ended on (host / worker busy)", "the end's capacity over it", "saturated throughput/s", "the end's throughput over it", "host busy"],
            [false, false, true, false, true, true, true, true],
            [(["path's end", path.Steps[^1].Label, Held(path.EndSearches), Limit(path.EndSearches), "", "", "", ""]),
            .. path.Bounds.Select(b => (IReadOnlyList<string>)[b.Name, b.Label, Held(b.Searches), Limit(b.Searches), AdviceReport.Times(b.EndOver), Figure(b.PerSecond, "0.0"), AdviceReport.Times(b.EndThroughputOver),
                b.HostBusy is { } busy ? $"{busy * 100:0} %" : "-"])]);
        md.AppendLine();
        TwoCapacities(md, path, grpcCore);
        if (path.Trials.Count > 0)
        {
            md.AppendLine("Every change tried, in order (screened: its ratio in the screen, on top of the defaults; on the path: on top of the steps before it; "
                          + "the message path's alternatives, which the screen leaves out, are tried last and only while uploads are one message):");
            md.AppendLine();
            MarkdownTable.Append(md, ["on step", "change", "screened", "on the path", "verdict", "taken"], [true, false, false, false, false, false],
                path.Trials.Select(t => (IReadOnlyList<string>)[t.OnStep.ToString(CultureInfo.InvariantCulture), t.Change.Named(), t.Screened is null ? "not screened" : AdviceReport.Times(t.Screened), AdviceReport.Times(t.VersusBefore), t.Verdict, t.Taken ? "yes" : "no"]));
            md.AppendLine();
        }
        if (path.Story.Count > 0)
        {
            var peak = path.StoryPeakPerSecond is { } rate ? $", peaking at {CapacityReport.Rate(rate)}/s: the full story's 50/s, or Grpc.Core's capacity here where that is lower, every rate scaled alike" : "";
            md.AppendLine($"The story's own load (the story preset's ramp{peak}) on each end, the uploads sent as each sends them:");
            md.AppendLine();
            MarkdownTable.Append(md, ["", "configuration", "uploads ok", "failed", "uploads p99, ms", "getInt ok", "failed", "getInt p99, ms"], [false, false, true, true, true, true, true, true],
                path.Story.Select(s => (IReadOnlyList<string>)[s.Name, s.Label + (s.Status == ConfigurationStatus.Ok ? "" : $" ({s.Status.Text()})"), Count(s.Uploads), Count(s.UploadsFailed), Ms(s.UploadP99Ms),
                    Count(s.GetInts), Count(s.GetIntsFailed), Ms(s.GetIntP99Ms)]));
            md.AppendLine();
        }
        var changes = path.Steps.Where(s => s.Change is not null).Select(s => s.Change!).ToList();
        if (changes.Count > 0)
        {
            md.AppendLine("The path's changes as code, in order:");
            md.AppendLine();
            md.AppendLine("```");
            foreach (var change in changes) md.AppendLine(change.Code);
            md.AppendLine("```");
            md.AppendLine();
        }
    }

    public static IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) =>
        (summary.Advice ?? []).Where(a => a.Path is not null).Select(a => (ChartName(a), $"capacity along the path, {a.Runtime}", (Func<byte[]>)(() => Chart(a, a.Path!, AdviceTerms.Of(summary)))));

    private static string ChartName(AdviceSummary advice) => $"path-{advice.Runtime}.png";

    private static byte[] Chart(AdviceSummary advice, MigrationPath path, AdviceTerms terms)
    {
        var plot = ChartImage.NewPlot($"{advice.Workload} on {advice.Runtime}: capacity at each step of the path (the bar: the search's bracket), Grpc.Core{(terms == AdviceTerms.Story ? " and the floors" : "")} across");
        var steps = path.Steps.Where(s => s.Capacity?.Held is not null).ToList();
        var palette = new ScottPlot.Palettes.Category10();
        if (steps.Count > 0)
        {
            var xs = steps.Select(s => (double)s.Number).ToArray();
            var line = plot.Add.Scatter(xs, steps.Select(s => s.Capacity!.Held!.Value).ToArray(), palette.GetColor(0));
            line.LineWidth = 2;
            line.MarkerSize = 8;
            line.LegendText = "the path: capacity held";
            foreach (var s in steps.Where(s => s.Capacity!.Missed is not null))
            {
                var bracket = plot.Add.Line(s.Number, s.Capacity!.Held!.Value, s.Number, s.Capacity.Missed!.Value);
                bracket.Color = palette.GetColor(0).WithAlpha(0.5);
                bracket.LineWidth = 6;
            }
        }
        var patterns = new[] { LinePattern.Solid, LinePattern.Dashed, LinePattern.Dotted };
        foreach (var (bound, i) in path.Bounds.Where(b => b.Held is not null).Select((b, i) => (b, i)))
        {
            var across = plot.Add.HorizontalLine(bound.Held!.Value, 2, palette.GetColor(i + 1), patterns[i % patterns.Length]);
            across.LegendText = $"{bound.Name}: {CapacityReport.Rate(bound.Held.Value)}/s" + (bound.Searches.Count > 1 ? $" (median of {bound.Searches.Count})" : "");
        }
        plot.Axes.Bottom.SetTicks([.. path.Steps.Select(s => (double)s.Number)],
            [.. path.Steps.Select(s => ChartText.Shortened(s.Change switch
            {
                null => "0: defaults",
                { Kind: KnobChoice.TogetherKind } c => $"{s.Number}: {c.Knob}",
                var c => $"{s.Number}: {c.Knob}={c.Value}",
            }, 28))]);
        plot.Axes.Bottom.Label.Text = "step of the path";
        plot.Axes.Left.Label.Text = $"capacity, {terms.Calls} per second within the SLO";
        plot.Axes.SetLimitsX(-0.5, Math.Max(1, path.Steps.Count - 1) + 0.5);
        var highest = new[] { steps.Select(s => s.Capacity!.Missed ?? s.Capacity.Held!.Value).DefaultIfEmpty(0).Max(), path.Bounds.Select(b => b.Held ?? 0).DefaultIfEmpty(0).Max() }.Max();
        plot.Axes.SetLimitsY(0, Math.Max(1, highest * 1.1));
        plot.ShowLegend(Edge.Bottom);
        return ChartImage.Png(plot, ChartImage.Width, 620);
    }

    /// <summary>
    /// The headline's two capacities side by side, each with the limit that ended it: the story's mix SLO, and the uploads
    /// within their own (getInt's p99 shown, not bound), so that a ratio of two different limits is never read as one.
    /// </summary>
    private static void TwoCapacities(StringBuilder md, MigrationPath path, IReadOnlyList<SearchedCapacity>? grpcCore)
    {
        if (path.WithinUploadSlo.Count == 0 || grpcCore is null) return;
        var (end, core) = (path.WithinUploadSlo.FirstOrDefault(c => c.Name == "path's end"), path.WithinUploadSlo.FirstOrDefault(c => c.Name == PathEnding.GrpcCore));
        static string Within(UploadSloCapacity? c) => c is null ? "not searched"
            : $"{Held(c.Searches)}, {Limit(c.Searches)}" + (c.GetIntP99Ms is { } p99 ? string.Create(CultureInfo.InvariantCulture, $"; getInt p99 {p99:0.#} ms") : "")
              + (c.SameAsMixSearches ? " (the mix's searches: no probe missed on getInt's p99)" : "");
        md.AppendLine("The headline's two capacities, each with the limit that ended it: a ratio compares like with like only where both ended on the same one.");
        md.AppendLine();
        MarkdownTable.Append(md, ["SLO", "the path's end", "Grpc.Core", "the end over Grpc.Core"], [false, false, false, true],
        [
            ["the story's mix (every scenario's p99 bound)", $"{Held(path.EndSearches)}, {Limit(path.EndSearches)}", $"{Held(grpcCore)}, {Limit(grpcCore)}",
                AdviceReport.Times(SearchedCapacity.Ratio(path.EndSearches, grpcCore))],
            ["the uploads' own (getInt beside them, its p99 shown, not bound)", Within(end), Within(core),
                end is null || core is null ? "-" : AdviceReport.Times(SearchedCapacity.Ratio(end.Searches, core.Searches))],
        ]);
        md.AppendLine();
    }

    private static string Capacity(SearchedCapacity? capacity) => capacity?.Held is { } held
        ? CapacityReport.Rate(held) + (capacity.Missed is { } missed ? $" (missed {CapacityReport.Rate(missed)})" : " (none missed)")
        : capacity is null ? "-" : $"none held ({capacity.Reason})";

    /// <summary>"getInt p99 (45 % / 30 %)" for one search, "keep-pace (all 2)" for several; "-" where not kept.</summary>
    private static string Limit(IReadOnlyList<SearchedCapacity> searches) =>
        (searches.All(s => s.Limit is null) ? "-"
            : searches.Count == 1 ? $"{searches[0].Limit} ({Busy(searches[0].HostBusy)} / {Busy(searches[0].WorkerBusy)})"
            : CapacityLimit.Describe(searches.Select(s => s.Limit)))
        + (searches.Any(s => PhysicsCheck.Fails(s.Physics)) ? "; physics flagged" : "");

    /// <summary>Every search of the path whose physics check fails, named, one line each.</summary>
    public static IEnumerable<string> PhysicsFlags(MigrationPath path) =>
        path.Steps.Where(s => s.Capacity is not null).Select(s => (Name: $"step {s.Number}", Search: s.Capacity!))
            .Concat(path.EndSearches.Select((s, i) => (Name: $"the path's end, search {i + 1}", Search: s)))
            .Concat(path.Bounds.SelectMany(b => b.Searches.Select((s, i) => (Name: $"{b.Name}, search {i + 1}", Search: s))))
            .Where(n => PhysicsCheck.Fails(n.Search.Physics))
            .Select(n => $"{n.Name} ({CapacityReport.Rate(n.Search.Held ?? 0)}/s): {PhysicsCheck.Flag(n.Search.Physics)}")
            .Distinct();

    private static string Busy(double? fraction) => fraction is { } f ? $"{f * 100:0} %" : "-";

    /// <summary>"41.5 (median of 40, 43)", or one search's held rate.</summary>
    private static string Held(IReadOnlyList<SearchedCapacity> searches) => SearchedCapacity.MedianHeld(searches) is not { } median
        ? searches.Count == 0 ? "-" : $"none held ({searches[0].Reason})"
        : searches.Count == 1 ? CapacityReport.Rate(median) + "/s"
        : $"{CapacityReport.Rate(median)}/s (median of {string.Join(", ", searches.Select(c => c.Held is { } h ? CapacityReport.Rate(h) : "none"))})";

    private static string Figure(Spread? spread, string format) => spread is null ? "-" : spread.Median.ToString(format, CultureInfo.InvariantCulture);

    private static string Count(long count) => count.ToString("#,##0", CultureInfo.InvariantCulture);

    private static string Ms(double? ms) => ms is { } value ? value.ToString(value >= 100 ? "#,##0" : "0.0", CultureInfo.InvariantCulture) : "-";
}
