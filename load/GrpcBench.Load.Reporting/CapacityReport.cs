using System.Globalization;
using System.Text;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// report.md of the capacity preset: per mix, capacity over the repeats as a ratio to Grpc.Core with its interval and
/// decision, cost per call, latency at a rate every configuration held, whether the server was the limit; then what
/// to act on, every probe, and the charts.
/// </summary>
public static class CapacityReport
{
    public static string Render(LoadRunSummary summary)
    {
        var capacity = summary.Capacity ?? throw new ArgumentException("not a capacity run", nameof(summary));
        var md = new StringBuilder();
        MarkdownReport.Setup(md, summary);
        var levelled = capacity.Mixes.Any(m => m.Slo.MaxLatencyGrowth is not null) ? ", latency level through the probe" : "";
        md.AppendLine("How to read it: capacity is the highest steady rate a configuration held within the SLO (no failed call, >= 99 % of the "
                      + $"offered calls completed, p99 from each call's scheduled start within its bound{levelled}), found by doubling then bisecting, each probe a fresh "
                      + "steady phase after a warm-up, host and load worker on their own CPUs. Medians over the repeats, with the range of "
                      + "the repeats (or a 95 % interval from 6 repeats on); \"vs Grpc.Core\" is the ratio of capacities with the range of "
                      + $"every repeat pair, and the decision a two one-sided test at ±{capacity.Threshold * 100:0.#} % (α 0.05): "
                      + "higher, lower, same, or unknown when the repeats are too few or too noisy to tell. Cost and latency are measured "
                      + "at the common rate, one every configuration held (below saturation), so they compare like with like. "
                      + "CPU per call is over every call of the mix (each scenario's calls); the marginal cost is per call of the searched scenario: "
                      + "the slope of the host's CPU a second over that scenario's rate across the held probes, and the fixed part the CPU a second it "
                      + "spends whatever the rate. The physics check: capacity x marginal cost over the host's CPUs, "
                      + $"{MarginalCost.PhysicsLower * 100:0}-{MarginalCost.PhysicsUpper * 100:0} % when the server was the limit (flagged below otherwise). "
                      + "What ended each search is the term of the SLO that the lowest rate missed above the capacity broke (a scenario's p99, keep-pace: "
                      + "fewer calls completed than offered or latency rising through the probe, failures): two capacities ended on different terms measure different limits.");
        md.AppendLine();
        foreach (var mix in capacity.Mixes) Mix(md, mix, summary.Run.Machine.Memory);

        md.AppendLine("## What to act on");
        md.AppendLine();
        foreach (var line in Findings(capacity)) md.AppendLine($"- {line}");
        md.AppendLine();

        md.AppendLine("## Probes");
        md.AppendLine();
        md.AppendLine("Every probe of every search, in the order run: offered rate, what it measured, and whether it held.");
        md.AppendLine();
        foreach (var result in summary.Configurations.Where(r => r.Capacity is not null)) Probes(md, result);

        md.AppendLine("## Charts");
        md.AppendLine();
        foreach (var (fileName, title) in CapacityCharts.Files(summary)) md.AppendLine($"![{title}]({fileName})").AppendLine();
        return md.ToString().TrimEnd() + Environment.NewLine;
    }

    private static void Mix(StringBuilder md, CapacityMixSummary mix, MemoryCost? memory)
    {
        md.AppendLine($"## {mix.Mix}: {mix.Workload}");
        md.AppendLine();
        md.AppendLine($"SLO: {mix.Slo.Describe(mix.Scenarios)}. "
                      + $"Arrivals: {(mix.Arrivals == Arrivals.Poisson ? "Poisson" : "uniform (evenly spaced)")}. "
                      + (mix.CommonPerSecond is { } rate ? $"Common rate: {Rate(rate)}/s of {mix.Searched}." : "No rate was held by every configuration: no cost or latency compared."));
        md.AppendLine();
        var scenarios = mix.Scenarios;
        List<string> headers =
        [
            "configuration", "runs", "capacity /s", "vs Grpc.Core", "decision", "what ended each search", "host CPU ms per call (every scenario)", "worker CPU ms per call (every scenario)",
            memory is null ? "host page faults per call" : $"host page faults per call (ms of CPU at {Numbers.Ms(memory.FreshPageUs)} µs a fault)",
            "host CPU ms/MiB", $"marginal host CPU ms per {mix.Searched} call", "fixed host CPU ms/s",
            "peak RSS MiB host / worker", .. scenarios.Select(s => $"{s} at the common rate: fails; p50 / p99 ms"), "host / worker busy at capacity",
            "capacity x marginal cost / host CPUs", "capacity x host CPU per call at it / host CPUs",
        ];
        MarkdownTable.Append(md, headers, [false, true, true, true, false, false, true, true, true, true, true, true, true, .. scenarios.Select(_ => true), true, true, true], mix.Rows.Select(row => (IReadOnlyList<string>)
        [
            row.Configuration.Label,
            row.Failed > 0 ? $"{row.Runs} ({row.Failed} failed)" : row.Runs.ToString(CultureInfo.InvariantCulture),
            Describe(row.Capacity, RateFormat(row.Capacity?.Median)),
            row.VersusGrpcCore is { } ratio ? $"x{Describe(ratio, "0.00")}" : Numbers.Missing,
            row.Decision is null ? Numbers.Missing : $"{row.Decision} ({row.Test}{(row.PValue is { } p ? $", p {p.ToString("0.###", CultureInfo.InvariantCulture)}" : "")})",
            CapacityLimit.Describe(row.Limits),
            Describe(row.ServerCpuMsPerCall, "0.##"),
            Describe(row.ClientCpuMsPerCall, "0.##"),
            Faults(row.ServerFaultsPerCall, memory),
            Describe(row.ServerCpuMsPerMiB, "0.##"),
            Describe(row.ServerMarginalMsPerCall, "0.##"),
            Describe(row.ServerFixedMsPerSecond, "0"),
            $"{Numbers.Amount(row.ServerPeakRssMiB)} / {Numbers.Amount(row.ClientPeakRssMiB)}",
            .. scenarios.Select(s => row.Latency.FirstOrDefault(l => l.Scenario == s) is { } l ? LatencyCell(l) : Numbers.Missing),
            $"{Percent(row.ServerUtilization)} / {Percent(row.ClientUtilization)}",
            Percent(row.CapacityTimesMarginal),
            row.PhysicsAtCapacity is { } physics ? Percent(physics) + (PhysicsCheck.Fails(physics.Median) ? " (flagged)" : "") : Numbers.Missing,
        ]));
        md.AppendLine();
        foreach (var row in mix.Rows.Where(r => r.Reasons.Count > 0))
            foreach (var reason in row.Reasons) md.AppendLine($"- {row.Configuration.Label}, {reason}");
        if (mix.Rows.Any(r => r.Reasons.Count > 0)) md.AppendLine();
    }

    /// <summary>Fails first: percentiles of the survivors are marked as such.</summary>
    private static string LatencyCell(LatencyAtRate l) =>
        (l.Failed > 0 ? $"{Numbers.Count(l.Failed)} failed; over survivors " : "0; ") + $"{Numbers.Ms(l.P50Ms.Median)} / {Numbers.Ms(l.P99Ms.Median)}"
        + (l.Calls < 100 ? $" (n {l.Calls} < 100: p99 is near the slowest)" : "");

    /// <summary>The findings a team acts on: capacity against Grpc.Core, and whether the server was the limit.</summary>
    public static IReadOnlyList<string> Findings(CapacitySummary capacity)
    {
        var lines = new List<string>();
        foreach (var mix in capacity.Mixes)
        {
            foreach (var row in mix.Rows)
            {
                var label = row.Configuration.Label;
                if (row.Capacity is null)
                {
                    lines.Add($"{mix.Mix}, {label}: no capacity found ({(row.Reasons.Count > 0 ? row.Reasons[0] : "even the lowest rate missed the SLO")}).");
                    continue;
                }
                var text = $"{mix.Mix}, {label}: {Rate(row.Capacity.Median)}/s";
                if (row.Limits.Count > 0) text += $" (ended on {CapacityLimit.Describe(row.Limits)})";
                if (row.VersusGrpcCore is { } ratio)
                {
                    text += $", x{Describe(ratio, "0.00")} of Grpc.Core's capacity ({row.Decision}{(row.Decision == "unknown" ? ": repeat more (--repeat) to tell" : "")})";
                    if (mix.Rows.FirstOrDefault(r => r.Configuration.IsBaselineFor(row.Configuration) && r != row) is { Limits.Count: > 0 } baseline
                        && Commonest(baseline.Limits) != Commonest(row.Limits))
                        text += $"; different limits: Grpc.Core's searches ended on {CapacityLimit.Describe(baseline.Limits)}, so the ratio compares two bounds, not one";
                }
                if (row.ServerUtilization is { } u && u.Median < 0.8)
                    text += $"; not server-bound: at capacity the host was {u.Median * 100:0} % busy"
                            + (row.ClientUtilization is { } c ? $" and the load worker {c.Median * 100:0} %" : "") + ", so the client or the sender was the limit and the server could hold more";
                else if (row.CapacityTimesMarginal is { } check && check.Median is < MarginalCost.PhysicsLower or > MarginalCost.PhysicsUpper)
                    text += $"; the physics check fails: capacity x marginal host CPU per call ({row.ServerMarginalMsPerCall!.Median:0.##} ms) is {check.Median * 100:0} % "
                            + $"of the host's CPUs where a server-bound search gives {MarginalCost.PhysicsLower * 100:0}-{MarginalCost.PhysicsUpper * 100:0} %: "
                            + (check.Median < MarginalCost.PhysicsLower
                                ? "the host's CPU did not grow with the rate as its capacity implies (idle spinning that work displaces, or a limit other than CPU): read its cost per call with care"
                                : "the host spent more CPU than it has, so a CPU time or a call count is wrong");
                if (PhysicsCheck.Flag(row.PhysicsAtCapacity?.Median) is { } flag) text += $"; {flag}";
                lines.Add(text + ".");
            }
        }
        return lines;
    }

    private static void Probes(StringBuilder md, ConfigurationResult result)
    {
        var c = result.Capacity!;
        md.AppendLine($"### {c.Mix}, {result.Configuration.Label}, repeat {result.Repeat}: {(c.CallsPerSecond is { } r ? Rate(r) + "/s" : "none")} (ended on {c.Limit}, {c.Bound}; {result.Status.Text()}{(result.Reason is null ? "" : ": " + result.Reason)})");
        md.AppendLine();
        MarkdownTable.Append(md, ["offered /s", "held", "per scenario: ok, failed, achieved /s, p50 / p99 ms", "server CPU ms/call", "client CPU ms/call"],
            [true, false, false, true, true], c.Probes.Select(p => (IReadOnlyList<string>)
            [
                Rate(p.OfferedPerSecond), p.Held ? "yes" : $"no: {p.Missed}",
                string.Join("; ", p.Scenarios.Select(s => $"{s.Name} {s.Ok}, {s.Failed}, {Numbers.Rate(s.AchievedInjectionRate)}, {Numbers.Ms(s.Latency.P50)} / {PercentileRule.Ms(s.Latency, 99)}")),
                Numbers.Ms(p.ServerCpuMsPerCall), Numbers.Ms(p.ClientCpuMsPerCall),
            ]));
        md.AppendLine();
    }

    public static string Rate(double perSecond) => perSecond.ToString(RateFormat(perSecond), CultureInfo.InvariantCulture);

    private static string RateFormat(double? perSecond) => perSecond >= 100 ? "#,##0" : perSecond >= 10 ? "0.#" : "0.##";

    /// <summary>"6,100 (73 ms)": minor faults a call, and what they cost at this machine's fresh-page cost.</summary>
    private static string Faults(Spread? perCall, MemoryCost? memory) => perCall is null ? Numbers.Missing
        : perCall.Median.ToString("#,##0", CultureInfo.InvariantCulture) + (memory is null ? "" : $" ({Numbers.Ms(perCall.Median * memory.FreshPageUs / 1000)} ms)");

    private static string Commonest(IReadOnlyList<string> limits) => limits.GroupBy(l => l).OrderByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal).First().Key;

    private static string Percent(Spread? fraction) => fraction is null ? Numbers.Missing : $"{fraction.Median * 100:0} %";

    private static string Describe(Spread? spread, string format) => spread is null ? Numbers.Missing : spread.Describe(format);
}

/// <summary>The capacity preset's reading: its report.md and charts.</summary>
public sealed class CapacityReading : IPresetReading
{
    public bool Reads(LoadRunSummary summary) => summary.Capacity is not null;

    public Reading Of(LoadRunSummary summary) => new("", MarkdownReport.FileName, CapacityReport.Render(summary), CapacityCharts.Charts(summary));
}
