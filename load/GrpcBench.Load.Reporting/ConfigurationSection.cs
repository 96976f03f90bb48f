using System.Text;
using System.Text.Json;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// One configuration in report.md, in the manner of NBomber's report: the runtimes as the processes reported them, the
/// status and why, the resources, and per scenario the counts, rates, bytes and latency distribution.
/// </summary>
public static class ConfigurationSection
{
    private static readonly string[] Headers =
    [
        "scenario", "ok", "fail", "fail codes", "rps", "injection /s asked / achieved", "MiB sent / received",
        "min", "mean", "p50", "p75", "p95", "p99", "p99.9", "max", "stddev",
    ];

    /// <summary>
    /// "host 5,130 minor (0 major) a call, load worker 12 minor (0 major) a call; at this machine's 12.7 µs a fresh page the
    /// host's come to 65.2 ms of its 80.1 ms of CPU a call (at a bare-metal 0.5 µs, 2.6 ms)"; null where none was counted.
    /// </summary>
    public static string? Faults(ConfigurationResult result, MemoryCost? memory)
    {
        var calls = result.Scenarios.Sum(s => s.Ok + s.Failed);
        if (calls == 0 || (result.ServerFaults is null && result.ClientFaults is null)) return null;
        var sides = string.Join(", ", new[] { ("host", result.ServerFaults), ("load worker", result.ClientFaults) }
            .Where(side => side.Item2 is not null).Select(side => $"{side.Item1} {side.Item2!.PerCall(calls)}"));
        if (memory is null || result.ServerFaults is not { } host) return sides;
        var cpu = result.ServerCpuSeconds is { } seconds ? $" of its {Numbers.Ms(seconds * 1000 / calls)} ms of CPU" : "";
        return $"{sides}; at this machine's {Numbers.Ms(memory.FreshPageUs)} µs a fresh page the host's come to {Numbers.Ms(host.MsPerCall(calls, memory.FreshPageUs))} ms{cpu} a call"
               + $" (at a bare-metal {Numbers.Ms(MemoryCost.TypicalBareMetalPageUs)} µs, {Numbers.Ms(host.MsPerCall(calls, MemoryCost.TypicalBareMetalPageUs))} ms)";
    }

    private static readonly bool[] RightAligned = [false, true, true, false, true, true, true, true, true, true, true, true, true, true, true, true];

    /// <param name="memory">The machine's memory cost (summary.json's run.machine.memory), which prices the page faults; null where not measured.</param>
    public static void Append(StringBuilder md, int number, ConfigurationResult result, MemoryCost? memory = null)
    {
        var c = result.Configuration;
        md.AppendLine($"### {number}. {c.Label}");
        md.AppendLine();
        md.AppendLine($"- status: {result.StatusWithReason()}");
        md.AppendLine((c.Target is not null ? $"- server: {c.Target}, started apart, its runtime {LoadConfiguration.NotMeasured}; load worker on {c.ClientRuntime}"
                          : $"- host: {result.HostRuntimeReported ?? "runtime not reported"} (asked {RuntimeBuilds.Describe(c.HostRuntime)}), server {c.Server.Text()}")
                      + (c.Server == ServerStack.Kestrel && c.Kind == ConfigurationKind.Grpc ? $", Kestrel profile {c.KestrelProfile}" : "")
                      + Settings(c.KestrelSettings));
        md.AppendLine($"- client: {result.ClientRuntimeReported ?? "runtime not reported"} (asked {RuntimeBuilds.Describe(c.ClientRuntime)}), {c.Client.Text()}, profile {c.ClientProfile}"
                      + Settings(c.ClientSettings) + $"; {c.Transport.Text()}, compression {c.Compression.Text()}"
                      + (c.Compression == Compression.None ? "" : $" at level {c.CompressionLevel}"));
        if (c.Scenarios is not null || c.PayloadBytes is not null || c.PageSize is not null || c.ChunkBytes is not null || c.Link != "none")
            md.AppendLine($"- workload: {string.Join(" + ", c.Scenarios ?? result.Scenarios.Select(s => s.Name).ToList())}"
                          + (c.PayloadBytes is { } bytes ? $", payload {Sizes.Describe(bytes)}" : "")
                          + (c.PageSize is { } page ? $", {Numbers.Count(page)} records per page" : "")
                          + (c.ChunkBytes is { } chunk ? $", chunks of {Sizes.Describe(chunk)}" : "")
                          + $"; link {c.Link}" + (result.WireBytes is { } wire ? $", {Numbers.BytesAsMiB(wire)} MiB on the wire" : ""));
        var server = c.Target is null
            ? $"server CPU {WithUnit(Numbers.Seconds(result.ServerCpuSeconds), "s")}, server peak RSS {WithUnit(Numbers.Amount(result.ServerPeakRssMiB), "MiB")}"
            : $"target {c.Target}: server CPU, peak RSS and runtime {LoadConfiguration.NotMeasured}";
        md.AppendLine($"- {server}, "
                      + $"load worker CPU {WithUnit(Numbers.Seconds(result.ClientCpuSeconds), "s")}"
                      + (result.ClientPeakRssMiB is { } clientRss ? $", load worker peak RSS {Numbers.Amount(clientRss)} MiB" : "")
                      + (result.ConnectionBytes is { } carried ? $", {Numbers.BytesAsMiB(carried)} MiB through its TCP connections (both ways, as the kernel counts them)" : ""));
        if (Faults(result, memory) is { } faults) md.AppendLine($"- page faults: {faults}");
        if (result.HostSettings is { Count: > 0 } hostSettings)
            md.AppendLine($"- host settings as the host reported them: `{JsonSerializer.Serialize(hostSettings)}`");
        foreach (var stats in result.Scenarios.Where(s => s.Requests > 0))
            md.AppendLine($"- {stats.Name}: {Numbers.Rate(stats.DurationSeconds)} s measured; start lag against the schedule p99 {Numbers.Ms(stats.P99StartLagMs)} ms, max {Numbers.Ms(stats.MaxStartLagMs)} ms");
        md.AppendLine();

        if (result.Scenarios.Count == 0)
        {
            md.AppendLine("No measurements: the configuration ended before any call.");
            md.AppendLine();
            return;
        }
        md.AppendLine("Latency in ms, from each call's scheduled start; a scenario's failed calls have their own row.");
        md.AppendLine();
        MarkdownTable.Append(md, Headers, RightAligned, result.Scenarios.SelectMany(Rows));
        md.AppendLine();
        var measured = result.Scenarios.Where(s => s.Ok > 0 && s.Measures is { Count: > 0 }).ToList();
        if (measured.Count == 0) return;
        md.AppendLine("Beyond latency, per successful call: time to the first record (ms), records received, records per second.");
        md.AppendLine();
        MarkdownTable.Append(md, ["scenario", "measure", "min", "mean", "p50", "p75", "p95", "p99", "p99.9", "max", "stddev"],
            [false, false, true, true, true, true, true, true, true, true, true],
            measured.SelectMany(s => s.Measures!.Select(m => (IReadOnlyList<string>)[s.Name, m.Key, .. Latency(m.Value)])));
        md.AppendLine();
    }

    private static IEnumerable<IReadOnlyList<string>> Rows(ScenarioStats s)
    {
        yield return
        [
            s.Name, Numbers.Count(s.Ok), Numbers.Count(s.Failed), Codes(s), Numbers.Rate(s.Rps),
            $"{Numbers.Rate(s.AskedInjectionRate)} / {Numbers.Rate(s.AchievedInjectionRate)}",
            $"{Numbers.BytesAsMiB(s.BytesSent)} / {Numbers.BytesAsMiB(s.BytesReceived)}",
            .. Latency(s.Ok > 0 ? s.Latency : null),
        ];
        if (s.Failed > 0)
            yield return [$"{s.Name}, failed calls", "", Numbers.Count(s.Failed), Codes(s), "", "", "", .. Latency(s.FailLatency)];
    }

    private static string Codes(ScenarioStats s) => s.Failed == 0 ? "" : MeasuredFigures.Describe(s.FailsByCode.OrderByDescending(f => f.Value));

    private static IEnumerable<string> Latency(LatencyStats? l) => l is null || l.Count == 0
        ? Enumerable.Repeat(Numbers.Missing, 9)
        : [Numbers.Ms(l.Min), Numbers.Ms(l.Mean), PercentileRule.Ms(l, 50), PercentileRule.Ms(l, 75), PercentileRule.Ms(l, 95), PercentileRule.Ms(l, 99),
            PercentileRule.Ms(l, 99.9), Numbers.Ms(l.Max), Numbers.Ms(l.StdDev)];

    private static string WithUnit(string figure, string unit) => figure == Numbers.Missing ? "not measured" : $"{figure} {unit}";

    private static string Settings(IReadOnlyDictionary<string, string> settings) =>
        settings.Count == 0 ? "" : ", " + string.Join(", ", settings.Select(s => $"{s.Key}={s.Value}"));
}
