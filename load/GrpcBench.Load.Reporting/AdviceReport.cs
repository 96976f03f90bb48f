using System.Globalization;
using System.Text;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting.Charts;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

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
        foreach (var advice in summary.Advice ?? []) Runtime(md, advice);
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

    private static void Runtime(StringBuilder md, AdviceSummary advice)
    {
        if (advice.Screen is { } screen)
        {
            Screened(md, advice, screen);
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
            advice.Knobs.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, k.Choice.Value, Verdict(k), Times(k.Capacity, k.CapacityDecision), Times(k.ServerCpu, k.ServerCpuDecision),
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
                advice.Alternatives.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, Verdict(k), Times(k.Capacity, k.CapacityDecision), Times(k.ServerCpu, k.ServerCpuDecision),
                    Times(k.P99), Times(k.ClientCpu), Times(k.ServerRss), k.Searches.ToString(CultureInfo.InvariantCulture), k.Meaning, $"`{k.Choice.Code}`"]));
            md.AppendLine();
        }

        Tail(md, advice);
    }

    /// <summary>Where the host's CPU goes, the settings as code and the notes.</summary>
    private static void Tail(StringBuilder md, AdviceSummary advice)
    {
        var screening = advice.ScreeningPerSecond is { } rate ? CapacityReport.Rate(rate) + "/s" : "-";
        if (advice.Profiles.Count > 0) Profiles(md, advice, screening);

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

    /// <summary>A stage's own fit with fewer degrees of freedom estimates no spread worth showing (a follow-up of 11 values in 14 runs has 1).</summary>
    private const int FewestDegreesForASpread = 3;

    private static void Screened(StringBuilder md, AdviceSummary advice, ScreenSummary screen)
    {
        var threshold = Percent(advice.Threshold);
        md.AppendLine($"## {advice.Workload} on {advice.Runtime}");
        md.AppendLine();
        md.AppendLine($"Every knob value was screened on saturated throughput: {screen.Load}. The default's first {screen.EarlyRuns} runs spread "
                      + $"{Percent(screen.EarlySpread)} (coefficient of variation). Verdicts at ±{threshold}"
                      + (advice.Threshold > screen.AskedThreshold ? $" (asked ±{Percent(screen.AskedThreshold)}: too fine for the run spread in this budget)" : "")
                      + ": *no effect found* when the 90 % interval lies within it (two one-sided tests at 5 %), *helps* or *hurts* when the 95 % interval "
                      + $"excludes 1. Ratios are value / default with their 95 % interval"
                      + (screen.Stages.Any(st => st.FittedTogether)
                          ? $", from one fit of every stage's runs (a level for each stage, one run spread pooled over all of them)" : "")
                      + $". The run took {advice.Minutes:0.#} min."
                      + (screen.Stages.Any(st => st.MachineSpread is not null)
                          ? " Before each run a fixed piece of work was timed on the host's and the worker's CPUs (the machine's speed); where it moved, the fit takes it "
                            + "in (throughput ~ its time^elasticity, about -1 when a slow spell of a shared machine slowed the runs), so that such a spell is not read as an effect."
                          : ""));
        md.AppendLine();
        MarkdownTable.Append(md, ["stage", "values", "design runs", "foldover", "runs", "failed", "client-bound", "run spread", "drift per run", "degrees of freedom", "machine speed spread, elasticity"],
            [false, true, true, false, true, true, true, true, true, true, true],
            screen.Stages.Select(st => (IReadOnlyList<string>)[st.Name, st.Factors.Count.ToString(CultureInfo.InvariantCulture), st.DesignRuns.ToString(CultureInfo.InvariantCulture),
                st.Foldover ? "yes" : "no", st.Runs.ToString(CultureInfo.InvariantCulture), st.Failed.ToString(CultureInfo.InvariantCulture), st.ClientBound.ToString(CultureInfo.InvariantCulture),
                st.RunSpread is { } spread && st.DegreesOfFreedom >= FewestDegreesForASpread ? Percent(spread) : "-", st.DriftPerRun is { } drift ? $"x{drift.ToString("0.000", CultureInfo.InvariantCulture)}" : "-",
                st.DegreesOfFreedom?.ToString(CultureInfo.InvariantCulture) ?? "-",
                st.MachineSpread is { } machine ? Percent(machine) + (st.MachineElasticity is { } e ? ", " + e.ToString("0.00", CultureInfo.InvariantCulture) : "") : "-"]));
        md.AppendLine();
        var applicable = advice.Knobs.Where(k => k.Verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime)).ToList();
        var decided = applicable.Count(k => k.Verdict is AdviceFindings.Helps or AdviceFindings.Hurts or AdviceFindings.NoEffect);
        md.AppendLine($"Decided {decided} of {applicable.Count} applicable knob values ({(applicable.Count == 0 ? "-" : Percent((double)decided / applicable.Count))})."
                      + (advice.Knobs.FirstOrDefault(k => k.Choice.Knob == "placebo") is { } placebo
                          ? $" The placebo (a setting nothing reads): {placebo.Verdict}, {Times(placebo.Throughput)}." : ""));
        md.AppendLine();

        Recommended(md, advice);
        if (screen.Confirmed.Count > 0)
        {
            md.AppendLine("Confirmed on fresh runs, interleaved and repeated (saturated throughput):");
            md.AppendLine();
            MarkdownTable.Append(md, ["configuration", "throughput /s", "vs default", "vs Grpc.Core", "vs default, decided", "host CPU ms/upload", "getInt p99 ms", "host peak RSS MiB"],
                [false, true, true, true, false, true, true, true],
                screen.Confirmed.Select(r => (IReadOnlyList<string>)[$"{r.Name}: {r.Label}", Figure(r.PerSecond, "#,##0.#"), Times(r.VersusDefault), Times(r.VersusGrpcCore), r.Decision ?? "-",
                    Figure(r.HostCpuMsPerCall, "0.00"), Figure(r.OtherP99Ms, "#,##0.#"), Figure(r.HostPeakRssMiB, "#,##0")]));
            md.AppendLine();
        }
        if (advice.Confirmed.Count > 0)
        {
            var screening = advice.ScreeningPerSecond is { } rate ? CapacityReport.Rate(rate) + "/s" : "-";
            md.AppendLine($"Their SLO capacity, searched once each (probing {screening}, half the default's throughput, first):");
            md.AppendLine();
            MarkdownTable.Append(md, ["configuration", "capacity /s", "vs default", "vs Grpc.Core", $"p99 at {screening}, ms", "host CPU ms/call", "host peak RSS MiB"],
                [false, true, true, true, true, true, true],
                advice.Confirmed.Select(r => (IReadOnlyList<string>)[$"{r.Name}: {r.Label}", Figure(r.Capacity, "#,##0.#"), Times(r.VersusDefault), Times(r.VersusGrpcCore),
                    Figure(r.P99AtScreening, "#,##0.#"), Figure(r.ServerCpuMsPerCall, "0.00"), Figure(r.ServerRssMiB, "#,##0")]));
            md.AppendLine();
        }

        md.AppendLine("### Every knob value, ranked");
        md.AppendLine();
        foreach (var (fileName, title, _) in ChartImage.Paged(ChartName(advice), "throughput per knob value", HorizontalBars.Pages(Chart(advice))))
            md.AppendLine($"![{title}]({fileName})").AppendLine();
        MarkdownTable.Append(md, ["knob", "value", "verdict", "throughput vs default", "host CPU/upload vs default", "getInt p99 vs default", "client CPU/upload vs default",
                "host peak RSS vs default", "runs", "reported back", "what it is"],
            [false, false, false, true, true, true, true, true, true, false, false],
            advice.Knobs.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, k.Choice.Value, Verdict(k), Times(k.Throughput), Times(k.ServerCpu), Times(k.P99), Times(k.ClientCpu),
                Times(k.ServerRss), k.Searches.ToString(CultureInfo.InvariantCulture), k.Reported ?? "-", k.Meaning]));
        md.AppendLine();

        if (advice.Alternatives.Count > 0)
        {
            md.AppendLine("### Design alternatives (they change code)");
            md.AppendLine();
            md.AppendLine(advice.Alternatives.Any(a => a.Throughput?.Kind == ScreenFindings.PairedKind)
                ? "The same uploads sent another way, or compressed, in ABBA blocks against the default (default, changed, changed, default), judged with "
                  + "the screen's pooled run spread; throughput still counts uploads per second. Never combined with the settings above."
                : "The same uploads sent another way, or compressed: factors of the screen's design like the knobs (the chunk sizes one factor's values), "
                  + "fitted with them; throughput still counts uploads per second. "
                  + (advice.Path is null ? "Not in the recommended combination: they change code." : $"Those that help are tried on the migration path with the knobs, one change at a time ([{PathReport.FileName}]({PathReport.FileName}))."));
            md.AppendLine();
            MarkdownTable.Append(md, ["alternative", "verdict", "throughput vs default", "host CPU/upload vs default", "getInt p99 vs default", "client CPU/upload vs default",
                    "runs", "what it is", "the change"],
                [false, false, true, true, true, true, true, false, false],
                advice.Alternatives.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, Verdict(k), Times(k.Throughput), Times(k.ServerCpu), Times(k.P99), Times(k.ClientCpu),
                    k.Searches.ToString(CultureInfo.InvariantCulture), k.Meaning, $"`{k.Choice.Code}`"]));
            md.AppendLine();
            foreach (var alternative in advice.Alternatives)
                if (WhereTheGainIs(advice, alternative) is { } line)
                {
                    md.AppendLine(line);
                    md.AppendLine();
                }
        }
        Tail(md, advice);
    }

    private static void Recommended(StringBuilder md, AdviceSummary advice)
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

    private static string Percent(double fraction) => (fraction * 100).ToString("0.#", CultureInfo.InvariantCulture) + " %";

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

    private static string Verdict(KnobFinding finding) => finding.Verdict switch
    {
        AdviceFindings.NoEffect when finding.SmallestEffectSeen is { } reach => $"no effect found (within ±{reach * 100:0} %)",
        _ => finding.Verdict,
    };

    public static BarChart Chart(AdviceSummary advice) => advice.Screen is null
        ? new($"Capacity with each knob value, over Kestrel's default ({DotnetRoots.Describe(advice.Runtime)}, {advice.Mix})",
            ["capacity vs default (median)"], ["#4477aa"],
            [.. advice.Knobs.Where(k => k.Verdict != AdviceFindings.NotOnRuntime).Select(k => new ChartRow($"{k.Choice.Knob}={k.Choice.Value} ({k.Verdict})", [k.Capacity?.Median]))],
            v => "x" + v.ToString("0.00", CultureInfo.InvariantCulture), "capacity with the value / the default's, same run", 1.0, "default")
        : new($"Saturated throughput with each knob value, over Kestrel's default ({DotnetRoots.Describe(advice.Runtime)}, {advice.Mix})",
            ["throughput vs default"], ["#4477aa"],
            [.. advice.Knobs.Concat(advice.Alternatives).Where(k => k.Throughput is not null).Select(k => new ChartRow(
                $"{k.Choice.Knob}={k.Choice.Value} ({k.Verdict}, {Bounds(k.Throughput!)})", [k.Throughput!.Median]))],
            v => "x" + v.ToString("0.00", CultureInfo.InvariantCulture), "throughput with the value / the default's, same run", 1.0, "default");

    /// <summary>One chart per runtime (in pages where it is long), to go beside advice.md.</summary>
    public static IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) =>
        (summary.Advice ?? []).SelectMany(runtime => ChartImage.Paged(ChartName(runtime),
            runtime.Screen is null ? $"capacity with each knob value, {runtime.Runtime}" : $"throughput with each knob value, {runtime.Runtime}", HorizontalBars.Pages(Chart(runtime))));

    private static string ChartName(AdviceSummary advice) => advice.Screen is null ? $"capacity-{advice.Runtime}.png" : $"throughput-{advice.Runtime}.png";

    /// <summary>"x1.28 [1.13, 1.44]", and the decision after it where given.</summary>
    internal static string Times(Spread? ratio, string? decision = null) => ratio is null ? "-"
        : $"x{ratio.Median.ToString("0.00", CultureInfo.InvariantCulture)} {Bounds(ratio)}" + (decision is null ? "" : $" {decision}");

    private static string Bounds(Spread ratio) =>
        $"[{ratio.Lower.ToString("0.00", CultureInfo.InvariantCulture)}, {ratio.Upper.ToString("0.00", CultureInfo.InvariantCulture)}]";

    private static string Figure(Spread? spread, string format) => spread is null ? "-"
        : spread.Count == 1 ? spread.Median.ToString(format, CultureInfo.InvariantCulture)
        : $"{spread.Median.ToString(format, CultureInfo.InvariantCulture)} [{spread.Lower.ToString(format, CultureInfo.InvariantCulture)}, {spread.Upper.ToString(format, CultureInfo.InvariantCulture)}]";

    private static string Ms(double ms) => ms.ToString("0.00", CultureInfo.InvariantCulture) + " ms";

    private static string Cell(IReadOnlyList<ComponentCost>? components, string component) => components?.FirstOrDefault(c => c.Component == component) is { } c
        ? (c.MsPerCall is { } ms ? $"{Ms(ms)} ({c.Percent:0} %)" : $"{c.Percent:0} %") : "-";

    private static List<string> ByShare(IEnumerable<ComponentCost> components) =>
        [.. components.GroupBy(c => c.Component).OrderByDescending(g => g.Max(c => c.Percent)).Select(g => g.Key)];

    /// <summary>
    /// Where a design alternative's gain is, from its host's profile beside the default's at the same rate: the host's CPU
    /// per call in each, the components that changed most, and the figures of the screen that are not the host's. Null
    /// where either was not profiled.
    /// </summary>
    public static string? WhereTheGainIs(AdviceSummary advice, KnobFinding alternative)
    {
        var (baseline, changed) = (advice.Profiles.FirstOrDefault(p => p.Name == "default"), advice.Profiles.FirstOrDefault(p => p.Name == alternative.Choice.Knob));
        if (baseline is null || changed is null) return null;
        var native = baseline.Native is not null && changed.Native is not null;
        IReadOnlyList<ComponentCost> before = native ? baseline.Native! : baseline.Components, after = native ? changed.Native! : changed.Components;
        var deltas = before.Select(c => c.Component).Union(after.Select(c => c.Component))
            .Select(component => (component, Delta: (after.FirstOrDefault(c => c.Component == component)?.MsPerCall ?? 0) - (before.FirstOrDefault(c => c.Component == component)?.MsPerCall ?? 0)))
            .Where(d => Math.Abs(d.Delta) >= 0.05).OrderByDescending(d => Math.Abs(d.Delta)).Take(4).ToList();
        if (deltas.Count == 0 || baseline.ServerCpuMsPerCall is not { } was || changed.ServerCpuMsPerCall is not { } now) return null;
        static string Signed(double ms) => (ms < 0 ? "−" : "+") + Ms(Math.Abs(ms));
        return $"Where {alternative.Choice.Knob}'s difference is, from its host's profile beside the default's at {(advice.ScreeningPerSecond is { } rate ? CapacityReport.Rate(rate) + "/s" : "the screening rate")} "
               + $"({(native ? "perf's CPU clock" : "thread time from the sample profiler")}, per call of the mix): the host's CPU {Ms(was)} → {Ms(now)} a call; "
               + string.Join(", ", deltas.Select(d => $"{d.component} {Signed(d.Delta)}"))
               + $". Beside the host: the client's CPU per upload {Times(alternative.ClientCpu)}, getInt's p99 under saturation {Times(alternative.P99)}.";
    }

    /// <summary>The hosts' profiles side by side: perf's CPU per component where it ran, then where the sample profiler saw the managed threads.</summary>
    private static void Profiles(StringBuilder md, AdviceSummary advice, string screening)
    {
        var names = advice.Profiles.Select(p => p.Name).ToList();
        IReadOnlyList<bool> aligned = [false, .. names.Select(_ => true)];
        md.AppendLine("### Where the host's CPU goes");
        md.AppendLine();
        if (advice.Profiles.Any(p => p.Native is not null))
        {
            md.AppendLine($"Each host profiled at {screening} with perf's CPU clock (a sample each millisecond one of the host's threads is on a CPU, native "
                          + "code included; managed frames named from the runtime's perf map): each component's CPU per call, its samples over the calls of the "
                          + "profiled span, and its share. A sample goes to its innermost frame that names a component. \"perf, all samples\" beside the CPU "
                          + "measured over the whole load checks that the samples saw all of it.");
            md.AppendLine();
            var native = ByShare(advice.Profiles.SelectMany(p => p.Native ?? []));
            MarkdownTable.Append(md, ["host CPU per call", .. names], aligned,
            [
                ["measured (the process's CPU time)", .. advice.Profiles.Select(p => p.ServerCpuMsPerCall is { } ms ? Ms(ms) : "-")],
                ["perf, all samples", .. advice.Profiles.Select(p => p.NativeMsPerCall is { } ms ? Ms(ms) : $"not profiled: {p.NativeFailure ?? p.Failure}")],
                .. native.Select(component => (IReadOnlyList<string>)[component, .. advice.Profiles.Select(p => Cell(p.Native, component))]),
            ]);
            md.AppendLine();
        }

        var threadTime = advice.Profiles.Any(p => p.SampleIntervalMs is not null);
        if (advice.Profiles.Any(p => p.Native is not null))
            md.AppendLine("Where the managed threads were, from EventPipe's sample profiler over the next seconds of the same load (one sample of each "
                          + "managed thread a pass): its thread time per call and share of the managed samples, and the hottest managed methods. On a host of "
                          + "one CPU the sampler's own thread waits for the CPU a busy thread holds and runs when a thread yields: it under-counts threads "
                          + "that compute and over-counts threads that spin (docs/advisor.md). Read it for which managed code runs, perf for what it costs.");
        else
            md.AppendLine($"Each host profiled for a few seconds at {screening} (EventPipe's sample profiler, one sample of each managed thread a pass): "
                          + (threadTime
                              ? "each component's thread time per call (its samples x the sampler's measured period, over the calls of the profiled span) with its share "
                                + "of the managed samples; \"unattributed\" is the host's measured CPU per call less all managed thread time: native code (all of "
                                + "C-core's own work), the kernel's network stack, GC and threads the runtime does not sample. Negative, runnable managed threads "
                                + "waited for the CPU."
                              : "each component's share of the samples of threads running managed code, and that share of the host's CPU per call (a summary "
                                + "from before thread time: the shares of managed samples stand for the whole process's CPU). Native code (all of C-core's own work) "
                                + "and waiting cannot be told apart by the sample profiler: they are counted apart, not in the shares."));
        md.AppendLine();
        List<IReadOnlyList<string>> rows =
        [
            ["all (measured CPU)", .. advice.Profiles.Select(p => p.Failure is not null && p.Components.Count == 0 ? $"not profiled: {p.Failure}"
                : p.ServerCpuMsPerCall is { } ms ? Ms(ms) : "-")],
            .. ByShare(advice.Profiles.SelectMany(p => p.Components)).Select(component => (IReadOnlyList<string>)[component, .. advice.Profiles.Select(p => Cell(p.Components, component))]),
        ];
        if (threadTime)
            rows.Add(["unattributed (native, kernel, GC, unsampled threads)", .. advice.Profiles.Select(p => p.UnattributedMsPerCall is { } ms ? Ms(ms) : "-")]);
        rows.Add(["samples: managed CPU / native or waiting", .. advice.Profiles.Select(p => $"{p.CpuSamples:#,##0} / {p.NativeOrWaitingSamples:#,##0}"
            + (p.SampleIntervalMs is { } period ? string.Create(CultureInfo.InvariantCulture, $", a pass every {period:0.##} ms") : ""))]);
        MarkdownTable.Append(md, [threadTime ? "host time per call" : "host CPU per call", .. names], aligned, rows);
        md.AppendLine();
        foreach (var row in advice.Profiles.Where(p => p.TopMethods.Count > 0))
            md.AppendLine($"- {row.Name}, hottest methods (exclusive): {string.Join("; ", row.TopMethods.Select(m => $"`{m}`"))}");
        md.AppendLine();
    }

}
