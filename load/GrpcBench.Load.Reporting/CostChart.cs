using System.Globalization;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// The confirmed configurations' host CPU per call beside what page faults make of it: the CPU measured here, its page
/// faults at this machine's cost of a fresh page, and the CPU with those faults at a typical bare-metal cost. Where a
/// fresh page costs ~12 µs (this project's VM), how a stack reuses memory can decide the ranking; the third bar is
/// the ranking a team on cheaper faults would see.
/// </summary>
public static class CostChart
{
    /// <summary>The chart of one runtime's confirmed configurations; null where no run counted its faults or the machine's fault cost is unknown.</summary>
    public static BarChart? Of(AdviceSummary advice, MemoryCost? memory, string call = "upload")
    {
        var rows = advice.Screen?.Confirmed.Where(r => r.HostCpuMsPerCall is not null && r.HostFaultsPerCall is not null).ToList() ?? [];
        if (memory is null || rows.Count == 0) return null;
        var fresh = memory.FreshPageUs.ToString("0.#", CultureInfo.InvariantCulture);
        var typical = MemoryCost.TypicalBareMetalPageUs.ToString("0.#", CultureInfo.InvariantCulture);
        return new BarChart($"Host CPU per {call} and what page faults make of it ({RuntimeBuilds.Describe(advice.Runtime)}, a fresh page {fresh} µs here)",
            [$"host CPU per {call}, measured here", $"of it page faults, at {fresh} µs a fresh page", $"with faults at {typical} µs (typical bare metal)"], ["#4477aa", "#cc6677", "#117733"],
            [.. rows.Select(r => new ChartRow(r.Name, [
                r.HostCpuMsPerCall!.Median,
                FaultMs(r.HostFaultsPerCall!.Median, memory.FreshPageUs),
                Math.Max(0, r.HostCpuMsPerCall.Median - FaultMs(r.HostFaultsPerCall.Median, memory.FreshPageUs - MemoryCost.TypicalBareMetalPageUs)),
            ]))],
            v => Numbers.Ms(v) + " ms", $"host CPU per {call} (saturated runs, median of the confirming repeats), ms") { Linear = true };
    }

    private static double FaultMs(double faults, double pageUs) => faults * pageUs / 1000;

    public static string ChartName(AdviceSummary advice) => $"cost-{advice.Runtime}.png";

    public static IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) =>
        (summary.Advice ?? []).Select(advice => (advice, chart: Of(advice, summary.Run.Machine.Memory, AdviceTerms.Of(summary).Call))).Where(a => a.chart is not null)
            .Select(a => (ChartName(a.advice), $"host CPU per {AdviceTerms.Of(summary).Call} and its page faults, {a.advice.Runtime}", (Func<byte[]>)(() => HorizontalBars.Png(a.chart!))));
}
