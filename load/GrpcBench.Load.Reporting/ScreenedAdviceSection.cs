using System.Globalization;
using System.Text;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>advice.md's section of a runtime whose knobs were screened on saturated throughput: the stages, the confirmation, every value ranked and the design alternatives.</summary>
internal static class ScreenedAdviceSection
{
    /// <summary>A stage's own fit with fewer degrees of freedom estimates no spread worth showing (a follow-up of 11 values in 14 runs has 1).</summary>
    private const int FewestDegreesForASpread = 3;

    public static void Append(StringBuilder md, AdviceSummary advice, ScreenSummary screen, AdviceTerms terms, MemoryCost? memory)
    {
        var threshold = AdviceReport.Percent(advice.Threshold);
        md.AppendLine($"## {advice.Workload} on {advice.Runtime}");
        md.AppendLine();
        md.AppendLine($"Every knob value was screened on saturated throughput: {screen.Load}. The default's first {screen.EarlyRuns} runs spread "
                      + $"{AdviceReport.Percent(screen.EarlySpread)} (coefficient of variation). Verdicts at ±{threshold}"
                      + (advice.Threshold > screen.AskedThreshold ? $" (asked ±{AdviceReport.Percent(screen.AskedThreshold)}: too fine for the run spread in this budget)" : "")
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
                st.RunSpread is { } spread && st.DegreesOfFreedom >= FewestDegreesForASpread ? AdviceReport.Percent(spread) : "-", st.DriftPerRun is { } drift ? $"x{drift.ToString("0.000", CultureInfo.InvariantCulture)}" : "-",
                st.DegreesOfFreedom?.ToString(CultureInfo.InvariantCulture) ?? "-",
                st.MachineSpread is { } machine ? AdviceReport.Percent(machine) + (st.MachineElasticity is { } e ? ", " + e.ToString("0.00", CultureInfo.InvariantCulture) : "") : "-"]));
        md.AppendLine();
        var applicable = advice.Knobs.Where(k => k.Verdict is not (AdviceFindings.NotApplicable or AdviceFindings.NotOnRuntime)).ToList();
        var decided = applicable.Count(k => AdviceAgreement.Decided(k.Verdict));
        md.AppendLine($"Decided {decided} of {applicable.Count} applicable knob values ({(applicable.Count == 0 ? "-" : AdviceReport.Percent((double)decided / applicable.Count))})"
                      + (screen.Minutes is { } minutes ? string.Create(CultureInfo.InvariantCulture, $" in {minutes:0.#} min of screening") : "") + "."
                      + (advice.Knobs.FirstOrDefault(k => k.Choice.Knob == "placebo") is { } placebo
                          ? $" The placebo (a setting nothing reads): {placebo.Verdict}, {AdviceReport.Times(placebo.Throughput)}." : ""));
        md.AppendLine();

        AdviceReport.Recommended(md, advice);
        if (screen.Confirmed.Count > 0)
        {
            md.AppendLine("Confirmed on fresh runs, interleaved and repeated (saturated throughput):");
            md.AppendLine();
            var faults = screen.Confirmed.Any(r => r.HostFaultsPerCall is not null);
            MarkdownTable.Append(md, ["configuration", "throughput /s", "vs default", "vs Grpc.Core", "vs default, decided", $"host CPU ms/{terms.Call}",
                    .. faults ? [$"host page faults per {terms.Call}", FaultCost.TypicalHeader(terms.Call)] : Array.Empty<string>(), $"{terms.Beside} p99 ms", "host peak RSS MiB"],
                [false, true, true, true, false, true, .. faults ? [true, true] : Array.Empty<bool>(), true, true],
                screen.Confirmed.Select(r => (IReadOnlyList<string>)[$"{r.Name}: {r.Label}", AdviceReport.Figure(r.PerSecond, "#,##0.#"), AdviceReport.Times(r.VersusDefault), AdviceReport.Times(r.VersusGrpcCore), r.Decision ?? "-",
                    AdviceReport.Figure(r.HostCpuMsPerCall, "0.00"),
                    .. faults ? [FaultCost.Faults(r.HostFaultsPerCall, memory), FaultCost.AtTypicalCost(r.HostCpuMsPerCall, r.HostFaultsPerCall, memory)] : Array.Empty<string>(),
                    AdviceReport.Figure(r.OtherP99Ms, "#,##0.#"), AdviceReport.Figure(r.HostPeakRssMiB, "#,##0")]));
            md.AppendLine();
            if (CostChart.Of(advice, memory, terms.Call) is not null)
            {
                md.AppendLine($"![host CPU per {terms.Call} and its page faults, {advice.Runtime}]({CostChart.ChartName(advice)})");
                md.AppendLine();
            }
        }
        if (advice.Confirmed.Count > 0)
        {
            var screening = advice.ScreeningPerSecond is { } rate ? CapacityReport.Rate(rate) + "/s" : "-";
            md.AppendLine($"Their SLO capacity, searched once each (probing {screening}, half the default's throughput, first):");
            md.AppendLine();
            MarkdownTable.Append(md, ["configuration", "capacity /s", "vs default", "vs Grpc.Core", $"p99 at {screening}, ms", "host CPU ms/call", "host peak RSS MiB"],
                [false, true, true, true, true, true, true],
                advice.Confirmed.Select(r => (IReadOnlyList<string>)[$"{r.Name}: {r.Label}", AdviceReport.Figure(r.Capacity, "#,##0.#"), AdviceReport.Times(r.VersusDefault), AdviceReport.Times(r.VersusGrpcCore),
                    AdviceReport.Figure(r.P99AtScreening, "#,##0.#"), AdviceReport.Figure(r.ServerCpuMsPerCall, "0.00"), AdviceReport.Figure(r.ServerRssMiB, "#,##0")]));
            md.AppendLine();
        }

        md.AppendLine("### Every knob value, ranked");
        md.AppendLine();
        foreach (var (fileName, title, _) in ChartImage.Paged(AdviceReport.ChartName(advice), "throughput per knob value", HorizontalBars.Pages(AdviceReport.Chart(advice))))
            md.AppendLine($"![{title}]({fileName})").AppendLine();
        var knobFaults = advice.Knobs.Any(k => k.HostFaults is not null);
        MarkdownTable.Append(md, ["knob", "value", "verdict", "throughput vs default", $"host CPU/{terms.Call} vs default",
                .. knobFaults ? [$"host page faults/{terms.Call} vs default"] : Array.Empty<string>(), $"{terms.Beside} p99 vs default", $"client CPU/{terms.Call} vs default",
                "host peak RSS vs default", "runs", "reported back", "what it is"],
            [false, false, false, true, true, .. knobFaults ? [true] : Array.Empty<bool>(), true, true, true, true, false, false],
            advice.Knobs.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, k.Choice.Value, AdviceReport.Verdict(k, advice.Threshold), AdviceReport.Times(k.Throughput), AdviceReport.Times(k.ServerCpu),
                .. knobFaults ? [AdviceReport.Times(k.HostFaults)] : Array.Empty<string>(), AdviceReport.Times(k.P99), AdviceReport.Times(k.ClientCpu),
                AdviceReport.Times(k.ServerRss), k.Searches.ToString(CultureInfo.InvariantCulture), k.Reported ?? "-", k.Meaning]));
        md.AppendLine();
        GrpcCoreMemorySection.Append(md, advice, terms);

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
                advice.Alternatives.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, AdviceReport.Verdict(k, advice.Threshold), AdviceReport.Times(k.Throughput), AdviceReport.Times(k.ServerCpu), AdviceReport.Times(k.P99), AdviceReport.Times(k.ClientCpu),
                    k.Searches.ToString(CultureInfo.InvariantCulture), k.Meaning, $"`{k.Choice.Code}`"]));
            md.AppendLine();
            foreach (var alternative in advice.Alternatives)
                if (HostProfilesSection.WhereTheGainIs(advice, alternative) is { } line)
                {
                    md.AppendLine(line);
                    md.AppendLine();
                }
        }
        AdviceReport.Tail(md, advice);
    }
}
