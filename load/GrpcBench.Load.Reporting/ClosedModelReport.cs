using System.Text;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// The closed-model table (--concurrency, --requests) in the go-micro comparison's columns: per configuration and
/// scenario, mean, median, max, min, p90 and p99 in ms, TPS and fails, with the host's CPU per call; and its chart.
/// </summary>
public static class ClosedModelReport
{
    public const string ChartFile = "closed-model.png";

    public static readonly IReadOnlyList<string> Headers =
    [
        "transport", "codec", "server/client", "runtime", "scenario", "requests", "mean ms", "median ms", "max ms", "min ms", "p90 ms", "p99 ms", "TPS", "fails",
        "host CPU ms/call", "message bytes/call", "wire bytes/call",
    ];

    public static void Append(StringBuilder md, LoadRunSummary summary)
    {
        if (summary.ClosedModelTable is null) return;
        var rows = FirstRepeat(summary);
        md.AppendLine("## Closed model");
        md.AppendLine();
        md.AppendLine("Per configuration and scenario, as the go-micro comparison tables: latencies of the successful calls in ms, each from its own start; "
                      + "TPS: successful calls per second of the measured time (first call to the last one's end); fails: calls that did not succeed; "
                      + "host CPU ms/call: the host process's CPU time over every call the configuration made, warm-up included (- where not measured); "
                      + "message bytes/call: the gRPC messages of a call both ways with their 5-byte frame headers, in the codec's encoding (no HTTP/2, TLS or header bytes); "
                      + "wire bytes/call: what the load worker's TCP connections carried per call both ways, as the kernel counts them (tcp_info's bytes acked and received: "
                      + "HTTP/2 frames, headers and TLS records, not TCP/IP headers), over every call, warm-up included (- over UDS, which the kernel does not count)."
                      + (summary.ClosedModelTable.Any(r => r.Repeat is not null) ? " Repeat 1; summary.json's closedModelTable holds every repeat's rows." : ""));
        md.AppendLine();
        MarkdownTable.Append(md, Headers, [false, false, false, false, false, true, true, true, true, true, true, true, true, true, true, true, true], rows.Select(Cells));
        md.AppendLine();
    }

    /// <summary>
    /// What migrating does under the closed model, per transport, codec, scenario and runtime: Kestrel + grpc-dotnet against
    /// Grpc.Core's own pair, in calls per second, p99 and the host's CPU per call, both numbers given. Repeat 1 only: ratios
    /// of one run, not tested differences.
    /// </summary>
    public static IEnumerable<string> Verdicts(LoadRunSummary summary)
    {
        var completed = FirstRepeat(summary).Where(r => r.Status == ConfigurationStatus.Ok && r.Requests > r.Fails).ToList();
        static bool Same(ClosedModelRow a, ClosedModelRow b) =>
            (a.Transport, a.Codec, a.Runtime, Scenario(a)) == (b.Transport, b.Codec, b.Runtime, Scenario(b));
        foreach (var migrated in completed.Where(r => r is { Server: "kestrel", Client: "grpc-net" }))
        {
            if (completed.FirstOrDefault(r => r is { Server: "grpc-core", Client: "grpc-core" } && Same(r, migrated)) is not { } baseline) continue;
            var cpu = migrated.HostCpuMsPerCall is { } mine && baseline.HostCpuMsPerCall is { } theirs && theirs > 0
                ? $", host CPU per call {Numbers.Ratio(mine / theirs)} ({Numbers.Ms(mine)} ms vs {Numbers.Ms(theirs)} ms)"
                : "";
            yield return $"{migrated.Transport}, {migrated.Codec}, {Scenario(migrated)}, {migrated.Runtime}: kestrel/grpc-net made {Numbers.Ratio(migrated.Tps / baseline.Tps)} "
                         + $"of grpc-core/grpc-core's calls per second ({Numbers.Rate(migrated.Tps)} vs {Numbers.Rate(baseline.Tps)}), "
                         + $"p99 {Numbers.Ratio(migrated.P99Ms / baseline.P99Ms)} ({Numbers.Ms(migrated.P99Ms)} ms vs {Numbers.Ms(baseline.P99Ms)} ms){cpu}.";
        }
    }

    /// <summary>The rows of repeat 1, as report.md's other sections read; summary.json keeps every repeat's.</summary>
    private static IReadOnlyList<ClosedModelRow> FirstRepeat(LoadRunSummary summary) => [.. (summary.ClosedModelTable ?? []).Where(r => r.Repeat is null or 1)];

    public static string Scenario(ClosedModelRow row) => row.PayloadBytes > 0 ? $"{row.Scenario} {Numbers.Size(row.PayloadBytes)}" : row.Scenario;

    private static IReadOnlyList<string> Cells(ClosedModelRow row)
    {
        var ok = row.Requests > row.Fails;
        string Ms(double? value) => ok ? Numbers.Ms(value) : Numbers.Missing;
        return
        [
            row.Transport, row.Codec, $"{row.Server}/{row.Client}", row.Runtime, Scenario(row) + (row.Status == ConfigurationStatus.Ok ? "" : $" ({row.Status.Text()})"), Numbers.Count(row.Requests),
            Ms(row.MeanMs), Ms(row.MedianMs), Ms(row.MaxMs), Ms(row.MinMs), Ms(row.P90Ms), Ms(row.P99Ms), Numbers.Rate(row.Tps), Numbers.Count(row.Fails),
            row.HostCpuMsPerCall is { } cpu ? Numbers.Ms(cpu) : Numbers.Missing,
            row.MessageBytesPerCall is { } bytes ? Numbers.Count((long)Math.Round(bytes)) : Numbers.Missing,
            row.WireBytesPerCall is { } wire ? Numbers.Count((long)Math.Round(wire)) : Numbers.Missing,
        ];
    }

    /// <summary>TPS above, median and p99 below, one row per configuration and scenario.</summary>
    public static IReadOnlyList<Func<byte[]>> ChartPages(LoadRunSummary summary)
    {
        var rows = FirstRepeat(summary);
        string Label(ClosedModelRow r) => $"{r.Transport}{(r.Codec == "protobuf" ? "" : " " + r.Codec)} {r.Server}/{r.Client} {RuntimeBuilds.Describe(r.Runtime)} {Scenario(r)}";
        var tps = new BarChart($"Closed model: successful calls per second (preset {summary.Preset}, commit {summary.Run.Commit})", ["TPS"], ["#4e79a7"],
            rows.Select(r => new ChartRow(Label(r), [r.Requests > r.Fails ? r.Tps : null])).ToList(), v => Numbers.Rate(v) + "/s", "successful calls per second");
        var latency = new BarChart("Closed model: latency of successful calls, ms", ["median", "p99"], ["#9ecae1", "#08306b"],
            rows.Select(r => new ChartRow(Label(r), r.Requests > r.Fails ? [r.MedianMs, r.P99Ms] : [null, null])).ToList(), v => Numbers.Ms(v) + " ms",
            "latency of successful calls, ms, from each call's start");
        return HorizontalBars.Pages(tps, latency);
    }
}
