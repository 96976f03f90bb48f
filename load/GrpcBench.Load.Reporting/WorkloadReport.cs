using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// What the streaming, chunked and slow-link presets add to report.md: every scenario's transfer figures (time to
/// the first and the last record, records/s, MiB/s, wire bytes, CPU and memory on both sides), the verdicts on
/// streaming vs paging and on chunking beside small calls, and the compression crossover per link speed.
/// </summary>
public static class WorkloadReport
{
    /// <summary>A run with any configuration that varies the workload or the link: the story's runs have none, and their report stays as it was.</summary>
    public static bool Applies(LoadRunSummary summary) => RunVerdicts.VariesWorkload(summary);

    public static readonly IReadOnlyList<string> FigureHeaders =
    [
        "configuration", "scenario", "ok", "fail", "p50 ms", "p99 ms", "first record p50 ms", "records/s p50", "MiB/s mean",
        "wire KiB per call", "server CPU s", "client CPU s", "server peak RSS MiB", "client peak RSS MiB",
    ];

    public static void AppendFigures(StringBuilder md, LoadRunSummary summary)
    {
        md.AppendLine("## Transfers");
        md.AppendLine();
        md.AppendLine("Per configuration and scenario. p50 / p99: time to the last byte of a call (the last record of a stream or of the last page), "
                      + "from its start; first record: to the first record (stream) or the first page; records/s: per call, their median; MiB/s: the mean call's bytes over the mean call time; "
                      + "wire KiB per call: every byte the shaped link's loopback carried in both directions (TCP/IP, TLS, HTTP/2 and gRPC framing, compression's savings), over every call the configuration made, warm-up included (- without a link); "
                      + "CPU and peak RSS: the host's and the load worker's, over the whole configuration.");
        md.AppendLine();
        MarkdownTable.Append(md, FigureHeaders, [false, false, true, true, true, true, true, true, true, true, true, true, true, true],
            summary.Configurations.SelectMany(r => r.Scenarios.Select(s => Figures(r, s))));
        md.AppendLine();
    }

    public static IReadOnlyList<string> Figures(ConfigurationResult r, ScenarioStats s)
    {
        var ok = s.Ok > 0;
        return
        [
            r.Configuration.Label, s.Name, Numbers.Count(s.Ok), Numbers.Count(s.Failed),
            ok ? PercentileRule.Ms(s.Latency, 50) : Numbers.Missing, ok ? PercentileRule.Ms(s.Latency, 99) : Numbers.Missing,
            s.Measure(Measures.FirstRecordMs) is { } first ? Numbers.Ms(first.P50) : Numbers.Missing,
            s.Measure(Measures.RecordsPerSecond) is { } rate ? Numbers.Count((long)rate.P50) : Numbers.Missing,
            Numbers.Amount(MiBPerSecond(s)),
            WireKiBPerCall(r) is { } perCall ? Numbers.Amount(perCall) : Numbers.Missing,
            Numbers.Seconds(r.ServerCpuSeconds), Numbers.Seconds(r.ClientCpuSeconds), Numbers.Amount(r.ServerPeakRssMiB), Numbers.Amount(r.ClientPeakRssMiB),
        ];
    }

    /// <summary>The link's bytes over every call the configuration started; null without a link.</summary>
    public static double? WireKiBPerCall(ConfigurationResult r) =>
        r.WireBytes is { } wire && r.Scenarios.Sum(s => s.Invocations) is > 0 and var calls ? wire / 1024.0 / calls : null;

    /// <summary>The bytes of a mean call over the mean time of a successful call; null without successful calls.</summary>
    public static double? MiBPerSecond(ScenarioStats s) =>
        s.Ok > 0 && s.Latency.Mean > 0 && (s.BytesSent + s.BytesReceived) > 0
            ? (s.BytesSent + s.BytesReceived) / (double)s.Requests / 1024 / 1024 / (s.Latency.Mean / 1000)
            : null;

    public static IEnumerable<string> Verdicts(LoadRunSummary summary) => StreamingVerdicts(summary).Concat(ChunkingVerdicts(summary));

    /// <summary>Per stack and runtime: the stream's time to the last record against the best of the pages, and its time to the first.</summary>
    private static IEnumerable<string> StreamingVerdicts(LoadRunSummary summary)
    {
        var reads = summary.Configurations.Where(r => r.IsOk() && r.Configuration.Scenarios is [var only] && ScenarioNames.IsTransfer(only)).ToList();
        foreach (var group in reads.GroupBy(r => (Wording.Stack(r.Configuration), Wording.Where(r.Configuration))))
        {
            var stream = group.FirstOrDefault(r => r.Configuration.Scenarios![0] == ScenarioNames.StreamRecords);
            if (stream?.Scenario(ScenarioNames.StreamRecords) is not { Ok: > 0 } streamed) continue;
            var pages = group.Where(r => r != stream)
                .Select(r => (r, Stats: r.Scenario(r.Configuration.Scenarios![0])))
                .Where(p => p.Stats is { Ok: > 0 })
                .OrderBy(p => p.Stats!.Latency.P50).ToList();
            var records = streamed.Measure(Measures.Records)?.P50 ?? 0;
            var line = $"{group.Key.Item1} {group.Key.Item2}: one stream reads {Numbers.Count((long)records)} records in {Numbers.Ms(streamed.Latency.P50)} ms (p50), "
                       + $"the first after {Numbers.Ms(streamed.Measure(Measures.FirstRecordMs)?.P50)} ms";
            if (pages.Count > 0)
            {
                var (best, stats) = pages[0];
                var (worst, worstStats) = pages[^1];
                line += $"; the fastest paging, {Paging(best)}, takes {Numbers.Ms(stats!.Latency.P50)} ms ({Numbers.Ratio(stats.Latency.P50 / streamed.Latency.P50)} of the stream), "
                        + $"the slowest, {Paging(worst)}, {Numbers.Ms(worstStats!.Latency.P50)} ms ({Numbers.Ratio(worstStats.Latency.P50 / streamed.Latency.P50)})";
            }
            yield return line + ".";
        }
    }

    private static string Paging(ConfigurationResult r) =>
        $"{(r.Configuration.Scenarios![0] == ScenarioNames.PagesConcurrent ? "10 pages at a time" : "pages one after the other")} of {Numbers.Count(r.Configuration.PageSize ?? 0)}";

    /// <summary>Per stack, runtime and upload size: getInt's p99 beside the unary upload against beside each chunk size, and alone.</summary>
    private static IEnumerable<string> ChunkingVerdicts(LoadRunSummary summary)
    {
        var beside = summary.Configurations.Where(r => r.IsOk() && r.Configuration.Scenarios is { Count: 2 } set && set.Contains(ScenarioNames.GetInt)
            && r.SuccessLatency(ScenarioNames.GetInt) is not null).ToList();
        foreach (var group in beside.GroupBy(r => (Wording.Stack(r.Configuration), Wording.Where(r.Configuration), r.Configuration.PayloadBytes, r.Configuration.Link)))
        {
            var unary = group.FirstOrDefault(r => r.Configuration.Scenarios!.Contains(ScenarioNames.SendLargeData));
            var chunked = group.Where(r => r.Configuration.Scenarios!.Contains(ScenarioNames.UploadChunks)).OrderBy(r => r.Configuration.ChunkBytes).ToList();
            if (unary is null || chunked.Count == 0) continue;
            var size = group.Key.PayloadBytes is { } bytes ? Numbers.Size(bytes) : "payload";
            if (chunked.Append(unary).Any(r => !PercentileSamples.Supports(r.SuccessLatency(ScenarioNames.GetInt)!.Count, 99)))
            {
                yield return $"{group.Key.Item1} {group.Key.Item2}, {size} uploads beside getInt: fewer than 100 successful getInt calls in a configuration, too few for a p99 verdict.";
                continue;
            }
            var unaryP99 = unary.SuccessLatency(ScenarioNames.GetInt)!.P99;
            var chunks = string.Join(", ", chunked.Select(r =>
                $"{Numbers.Size(r.Configuration.ChunkBytes ?? 0)} chunks {Numbers.Ms(r.SuccessLatency(ScenarioNames.GetInt)!.P99)} ms ({Numbers.Ratio(r.SuccessLatency(ScenarioNames.GetInt)!.P99 / unaryP99)})"));
            var best = chunked.MinBy(r => r.SuccessLatency(ScenarioNames.GetInt)!.P99)!;
            var fixes = best.SuccessLatency(ScenarioNames.GetInt)!.P99 <= unaryP99 * 0.5 ? "chunking helps the small calls"
                : best.SuccessLatency(ScenarioNames.GetInt)!.P99 < unaryP99 * 0.9 ? "chunking helps the small calls a little"
                : "chunking does not help the small calls";
            yield return $"{group.Key.Item1} {group.Key.Item2}, {size} uploads beside getInt: getInt p99 {Numbers.Ms(unaryP99)} ms beside one unary message, {chunks}: {fixes}"
                         + $"{Upload(unary, ScenarioNames.SendLargeData)}{Upload(best, ScenarioNames.UploadChunks)}.";
        }
    }

    private static string Upload(ConfigurationResult r, string scenario) =>
        r.SuccessLatency(scenario) is { } latency
            ? $"; {scenario}{(r.Configuration.ChunkBytes is { } c ? $" ({Numbers.Size(c)})" : "")} "
              + (PercentileSamples.Supports(latency.Count, 99) ? $"p99 {Numbers.Ms(latency.P99)} ms" : $"p50 {Numbers.Ms(latency.P50)} ms (p99 {PercentileRule.TooFew(99)})")
            : "";

    /// <summary>
    /// The crossover: per stack, runtime and workload, for each compression setting, its p50 as a multiple of no
    /// compression's on every link, and the fastest link at which it wins (is at least 5 % faster): from there to
    /// slower links, compression pays. Links are compared fastest first; "none" (unshaped) counts as the fastest.
    /// </summary>
    public static void AppendCrossover(StringBuilder md, LoadRunSummary summary)
    {
        var rows = CrossoverRows(summary);
        if (rows.Count == 0) return;
        md.AppendLine("## Compression crossover");
        md.AppendLine();
        md.AppendLine("Per stack, runtime and message: each compression setting's time to the last byte (p50) as a multiple of no compression's on the same link "
                      + "(below x1 compression is faster), then the fastest link at which it wins by at least 5 %: on that link and every slower one measured, "
                      + "compression pays; \"never\" where it wins on none.");
        md.AppendLine();
        var links = rows.SelectMany(r => r.ByLink.Keys).Distinct().OrderByDescending(LinkBitsPerSecond).ToList();
        MarkdownTable.Append(md, ["stack", "message", "compression", .. links.Select(l => $"on {l}"), "wins from"],
            [false, false, false, .. links.Select(_ => true), false],
            rows.Select(r => (IReadOnlyList<string>)[r.Stack, r.Message, r.Compression, .. links.Select(l => r.ByLink.TryGetValue(l, out var x) ? Numbers.Ratio(x) : Numbers.Missing), r.WinsFrom]));
        md.AppendLine();
    }

    public sealed record CrossoverRow(string Stack, string Message, string Compression, IReadOnlyDictionary<string, double> ByLink, string WinsFrom);

    public static IReadOnlyList<CrossoverRow> CrossoverRows(LoadRunSummary summary)
    {
        var measured = summary.Configurations.Where(r => r.IsOk() && r.Scenarios.Any(s => s.Ok > 0)).ToList();
        if (measured.Select(r => r.Configuration.Compression).Distinct().Count() < 2) return [];
        var rows = new List<CrossoverRow>();
        foreach (var group in measured.GroupBy(r => (Stack: $"{Wording.Stack(r.Configuration)} {Wording.Where(r.Configuration with { Compression = Compression.None, Link = "none" })}", Message: Message(r))))
        {
            var plain = group.Where(r => r.Configuration.Compression == Compression.None).ToDictionary(r => r.Configuration.Link, P50);
            foreach (var setting in group.Where(r => r.Configuration.Compression != Compression.None).GroupBy(Setting))
            {
                var byLink = setting.Where(r => plain.ContainsKey(r.Configuration.Link) && plain[r.Configuration.Link] > 0)
                    .ToDictionary(r => r.Configuration.Link, r => P50(r) / plain[r.Configuration.Link]);
                if (byLink.Count == 0) continue;
                var ordered = byLink.OrderByDescending(l => LinkBitsPerSecond(l.Key)).ToList();
                // The fastest link from which compression wins on every slower one measured.
                var from = Enumerable.Range(0, ordered.Count).Where(i => ordered.Skip(i).All(o => o.Value <= 0.95)).Select(i => (int?)i).FirstOrDefault();
                var winsFrom = from is not { } index ? "never" : index == 0 ? $"{ordered[0].Key} (every link measured)" : ordered[index].Key;
                rows.Add(new CrossoverRow(group.Key.Stack, group.Key.Message, setting.Key, byLink, winsFrom));
            }
        }
        return rows;
    }

    private static string Setting(ConfigurationResult r) =>
        r.Configuration.CompressionLevel is "default" or "n/a" ? r.Configuration.Compression.Text() : $"{r.Configuration.Compression.Text()} {r.Configuration.CompressionLevel}";

    /// <summary>"sendLargeData 1.9MB text", "streamRecords": the calls whose times are compared.</summary>
    private static string Message(ConfigurationResult r) =>
        string.Join('+', r.Configuration.Scenarios ?? r.Scenarios.Select(s => s.Name).ToList())
        + (r.Configuration.PayloadBytes is { } bytes ? $" {Sizes.Describe(bytes)}" : "");

    /// <summary>The p50 of the configuration's first scenario: its one scenario in these presets.</summary>
    private static double P50(ConfigurationResult r) => r.Scenarios.FirstOrDefault(s => s.Ok > 0)?.Latency.P50 ?? double.NaN;

    /// <summary>"20mbit" as 20,000,000; "none" (the machine's loopback) above every shaped link.</summary>
    public static double LinkBitsPerSecond(string link)
    {
        if (link == "none") return double.MaxValue;
        var unit = link.EndsWith("gbit", StringComparison.Ordinal) ? 1e9 : link.EndsWith("mbit", StringComparison.Ordinal) ? 1e6 : 1e3;
        return double.TryParse(link[..^4], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) ? n * unit : 0;
    }
}
