using System.Globalization;
using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>advice.md's hosts' profiles: where each host's CPU goes, and where a design alternative's gain is.</summary>
internal static class HostProfilesSection
{
    /// <summary>The hosts' profiles side by side: perf's CPU per component where it ran, then where the sample profiler saw the managed threads.</summary>
    public static void Append(StringBuilder md, AdviceSummary advice, string screening)
    {
        var names = advice.Profiles.Select(p => p.Name).ToList();
        IReadOnlyList<bool> aligned = [false, .. names.Select(_ => true)];
        md.AppendLine("### Where the host's CPU goes");
        md.AppendLine();
        // A profiler slows the host: calls that failed under it did work the CPU counts and the calls do not.
        foreach (var row in advice.Profiles.Where(p => p.FailedCalls > 0))
            md.AppendLine($"- **{row.Name}: {row.FailedCalls:#,##0} of {row.OkCalls + row.FailedCalls:#,##0} calls failed while it was profiled** "
                          + $"({string.Join(", ", row.FailsByCode.OrderByDescending(f => f.Value).Select(f => $"{f.Key} {f.Value:#,##0}"))}): its figures are per "
                          + "completed call and hold the failed calls' work, so they overstate its cost.");
        if (advice.Profiles.Any(p => p.FailedCalls > 0)) md.AppendLine();
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
               + $". Beside the host: the client's CPU per upload {AdviceReport.Times(alternative.ClientCpu)}, getInt's p99 under saturation {AdviceReport.Times(alternative.P99)}.";
    }
}
