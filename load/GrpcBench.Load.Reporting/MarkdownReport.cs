using System.Globalization;
using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>report.md: what ran and on what, the comparison with Grpc.Core, the verdicts, each configuration in full, the charts.</summary>
public static class MarkdownReport
{
    public const string FileName = "report.md";

    /// <summary>Writes <see cref="FileName"/> into <paramref name="folder"/> and returns its path.</summary>
    public static string Write(string folder, LoadRunSummary summary)
    {
        var path = Path.Combine(folder, FileName);
        File.WriteAllText(path, Render(summary));
        return path;
    }

    public static string Render(LoadRunSummary summary)
    {
        // With repeats, every section but "Repeats" reads repeat 1, so that no configuration shows up N times unlabelled.
        var everyRepeat = summary;
        summary = RepeatRows.FirstRepeat(summary);
        var md = new StringBuilder();
        Setup(md, summary);
        foreach (var section in PresetReports.Of(summary)) section.Append(md, summary);
        OfferedLoad(md, summary);
        Comparison(md, summary);
        ClosedModelReport.Append(md, summary);
        if (WorkloadReport.Applies(summary)) WorkloadReport.AppendFigures(md, summary);
        if (RepeatsReport.Applies(everyRepeat)) RepeatsReport.Append(md, everyRepeat);

        md.AppendLine("## Verdicts");
        md.AppendLine();
        foreach (var verdict in Verdicts.For(summary)) md.AppendLine($"- {verdict}");
        md.AppendLine();

        md.AppendLine("## Configurations");
        md.AppendLine();
        for (var i = 0; i < summary.Configurations.Count; i++) ConfigurationSection.Append(md, i + 1, summary.Configurations[i], summary.Run.Machine.Memory);

        md.AppendLine("## Charts");
        md.AppendLine();
        foreach (var (fileName, title) in ReportCharts.Files(summary)) md.AppendLine($"![{title}]({fileName})").AppendLine();
        // Last, where a slow-link run's reader ends up: at which link speed compression starts to win.
        if (WorkloadReport.Applies(summary)) WorkloadReport.AppendCrossover(md, summary);
        return md.ToString().TrimEnd() + Environment.NewLine;
    }

    public static void Setup(StringBuilder md, LoadRunSummary summary)
    {
        var run = summary.Run;
        var machine = run.Machine;
        md.AppendLine($"# gRPC load run: preset {summary.Preset}, {summary.Status.Text()}");
        md.AppendLine();
        md.AppendLine($"- command line: `{summary.CommandLine.Replace('`', '\'')}`");
        md.AppendLine($"- commit {run.Commit}, started {run.StartedAt.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)} UTC");
        md.AppendLine($"- machine: {machine.Cores} cores, {Numbers.Amount(machine.MemoryGiB)} GiB, {machine.Cpu}, {machine.Os}; link: {Link(summary)}");
        // Runs recorded before the memory cost was measured (the reference runs under docs/ among them) keep their report as it was.
        if (machine.Memory is { } memory) md.AppendLine($"- memory: {memory.Describe()}{(memory.Caution() is { } caution ? $". **{caution}**" : "")}");
        if (machine.Loopback is { } loopback) md.AppendLine($"- loopback floor: {loopback.Describe()}");
        md.AppendLine($"- CPUs: {Cpus(summary)}");
        md.AppendLine($"- components (over every configuration): {Components(summary)}");
        md.AppendLine();
    }

    /// <summary>How many CPUs each side had, as read from /proc: one line when every configuration had the same, else each.</summary>
    private static string Cpus(LoadRunSummary summary)
    {
        var records = summary.Configurations.Where(r => r.Cpus is not null).Select(r => (r.Configuration.Label, Cpus: r.Cpus!.Describe())).Distinct().ToList();
        if (records.Count == 0) return "not recorded";
        // The most common placement alone, the others with the configurations they belong to.
        var groups = records.GroupBy(r => r.Cpus).OrderByDescending(g => g.Count()).ToList();
        return string.Join("; ", groups.Select((g, i) => i == 0 ? g.Key : $"{string.Join(", ", g.Select(r => r.Label))}: {g.Key}"));
    }

    private static string Link(LoadRunSummary summary)
    {
        var shaped = summary.Configurations.Select(r => r.Configuration.Link).Where(l => l is not null and not "none").Distinct().ToList();
        var own = summary.Run.Machine.Link ?? "loopback, unshaped";
        return shaped.Count == 0 ? own : $"{own}, except where a configuration names its link ({string.Join(", ", shaped)}: loopback in a namespace of its own, shaped with tc tbf)";
    }

    /// <summary>Each component with every version any configuration loaded.</summary>
    private static string Components(LoadRunSummary summary)
    {
        var versions = summary.Configurations.SelectMany(r => r.Components)
            .GroupBy(c => c.Key, c => c.Value)
            .OrderBy(g => g.Key, StringComparer.Ordinal)
            .Select(g => $"{g.Key} {string.Join(" / ", g.Distinct().Order(StringComparer.Ordinal))}")
            .ToList();
        return versions.Count == 0 ? "none recorded" : string.Join(", ", versions);
    }

    private static void OfferedLoad(StringBuilder md, LoadRunSummary summary)
    {
        md.AppendLine("## Offered load");
        md.AppendLine();
        md.AppendLine("The same for every configuration; the scenarios run at once, open model (each call starts on schedule, whatever the ones before it do).");
        md.AppendLine();
        MarkdownTable.Append(md, ["scenario", "simulations", "warm-up", "payload", "call timeout"], [false, false, false, true, true],
            summary.OfferedLoad.Select(s => (IReadOnlyList<string>)
                [s.Key, string.Join(", then ", s.Value.Simulations), s.Value.WarmUp, s.Value.PayloadBytes > 0 ? Numbers.Size(s.Value.PayloadBytes) : Numbers.Missing, s.Value.CallTimeout]));
        md.AppendLine();
    }

    private static void Comparison(StringBuilder md, LoadRunSummary summary)
    {
        var rows = ComparisonRows.For(summary);
        var withFloor = rows.Any(r => r.RawTcpMultiple is not null);
        md.AppendLine("## Comparison");
        md.AppendLine();
        md.AppendLine("Latencies in ms of successful calls. Ratios: p99 over the p99 of the Grpc.Core pair on the same host runtime, transport and compression "
                      + "in this run (below x1 is faster), or where some configuration has fewer than 100 successful calls of a scenario, every row's ratio "
                      + "at the highest percentile all of them support, named in the header; - where either side did not complete or made no successful call."
                      + (withFloor ? " Floor: sendLargeData p50 as a multiple of a bare socket's on the same host runtime." : ""));
        md.AppendLine();
        var scenarios = summary.HeadlineScenarios;
        List<string> headers =
        [
            "configuration", "status",
            .. scenarios.SelectMany(s => new[] { $"{s} p50", $"{s} p95", $"{s} p99" }),
            "fails", "server CPU s", "server peak RSS MiB", "client CPU s", "client peak RSS MiB", .. scenarios.Select(s => $"{s} {Numbers.Percentile(Baselines.HeadlinePercent(summary, s))} / Grpc.Core"),
        ];
        List<bool> rightAligned = [.. headers.Select(h => h is not ("configuration" or "status" or "fails"))];
        if (withFloor)
        {
            headers.Add("sendLargeData p50 / raw-tcp");
            rightAligned.Add(true);
        }
        MarkdownTable.Append(md, headers, rightAligned, rows.Select(r => (IReadOnlyList<string>)
        [
            r.Label, r.StatusWithReason, .. r.Percentiles.SelectMany(p => p), r.Fails, r.ServerCpuSeconds, r.ServerPeakRssMiB, r.ClientCpuSeconds, r.ClientPeakRssMiB,
            .. r.P99Ratios, .. withFloor ? [r.RawTcpMultiple ?? Numbers.Missing] : Array.Empty<string>(),
        ]));
        md.AppendLine();
    }
}
