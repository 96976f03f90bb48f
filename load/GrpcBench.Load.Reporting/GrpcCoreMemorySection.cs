using System.Globalization;
using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>advice.md's section of Grpc.Core's own memory settings, screened on its host against its defaults.</summary>
internal static class GrpcCoreMemorySection
{
    public static void Append(StringBuilder md, AdviceSummary advice, AdviceTerms terms)
    {
        if (advice.GrpcCoreMemory is not { } memory) return;
        var fitted = memory.Stages.LastOrDefault();
        md.AppendLine("### Grpc.Core's memory settings, screened on its own host");
        md.AppendLine();
        md.AppendLine("What the old stack would have had from the kind of setting the new one is tuned with: glibc's malloc tunables (C-core allocates from malloc; "
                      + "a message above its mmap threshold is mapped fresh and its pages faulted in each time) and the GC's memory settings (each message also lands in a managed buffer), "
                      + "screened on Grpc.Core's host against Grpc.Core's defaults like the knobs above (one two-level design, each run a fresh host, every value read back from it). "
                      + "Grpc.Core stays the baseline at its defaults everywhere else in this advice, as a fleet runs it. "
                      + "One caller in a closed loop can leave Grpc.Core's host partly idle (each upload's round trip sets the pace), so a setting's host CPU and page faults "
                      + "per upload say what it saves where its throughput cannot. "
                      + string.Create(CultureInfo.InvariantCulture, $"Its first {memory.EarlyRuns} runs spread {AdviceReport.Percent(memory.EarlySpread)}; ")
                      + (fitted is null ? "nothing was fitted." : string.Create(CultureInfo.InvariantCulture,
                          $"{fitted.Runs} runs in a {fitted.DesignRuns}-run design{(fitted.Foldover ? " with its foldover" : "")}, run spread {(fitted.RunSpread is { } s ? AdviceReport.Percent(s) : "-")} on {fitted.DegreesOfFreedom?.ToString(CultureInfo.InvariantCulture) ?? "-"} degrees of freedom; "))
                      + string.Create(CultureInfo.InvariantCulture, $"{memory.Minutes:0.#} min. Verdicts at ±{AdviceReport.Percent(advice.Threshold)}, ratios value / Grpc.Core's defaults with their 95 % interval."));
        md.AppendLine();
        MarkdownTable.Append(md, ["setting", "value", "verdict", "throughput vs Grpc.Core's defaults", $"host CPU/{terms.Call} vs", $"host page faults/{terms.Call} vs", $"{terms.Beside} p99 vs",
                "host peak RSS vs", "runs", "reported back", "what it is"],
            [false, false, false, true, true, true, true, true, true, false, false],
            memory.Knobs.Select(k => (IReadOnlyList<string>)[k.Choice.Knob, k.Choice.Value, AdviceReport.Verdict(k, advice.Threshold), AdviceReport.Times(k.Throughput), AdviceReport.Times(k.ServerCpu),
                AdviceReport.Times(k.HostFaults), AdviceReport.Times(k.P99), AdviceReport.Times(k.ServerRss), k.Searches.ToString(CultureInfo.InvariantCulture), k.Reported ?? "-", k.Meaning]));
        md.AppendLine();
    }
}
