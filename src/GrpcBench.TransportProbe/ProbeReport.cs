using System.Globalization;
using System.Text;
using System.Text.Json;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.TransportProbe;

/// <summary>Writes probe.json, report.md and chart.svg for one run.</summary>
public static class ProbeReport
{
    public static void Write(string folder, RunRecord run, ProbeOptions options, IReadOnlyList<ConfigurationResult> results) =>
        ReportFiles.Write(folder, "transport-probe", "probe.json", run, options, results, Markdown(run, options, results), SvgBarChart.Render(
            $"{options.SizeMiB} MiB HTTP/2 upload to Kestrel: latency per configuration",
            "ms",
            ["p50", "p90"],
            results.Select(r => (r.Configuration.ToString(), new[] { r.Latency.P50, r.Latency.P90 })).ToList()));

    /// <summary>The console summary of a run.</summary>
    public static Table Table(List<ConfigurationResult> results)
    {
        var table = new Table().AddColumns("runtime (reported)", "Kestrel profile", "transport", "status", "p50 ms", "p90 ms", "MiB/s");
        foreach (var r in results)
        {
            table.AddRow(r.RuntimeDescription ?? r.Configuration.Runtime, r.Configuration.KestrelProfile, r.Configuration.Transport, r.Status,
                $"{r.Latency.P50:0.0}", $"{r.Latency.P90:0.0}", $"{r.MiBPerSecond:0.0}");
        }
        return table;
    }

    /// <summary>Everything that produced a run: commit, machine, link, client, and each host's effective Kestrel settings.</summary>
    public static void Setup(StringBuilder md, RunRecord run, IEnumerable<(ProbeConfiguration Configuration, Dictionary<string, JsonElement>? Settings)> hosts)
    {
        md.AppendLine();
        md.AppendLine("## Setup");
        md.AppendLine();
        md.AppendLine($"- commit {run.Commit}, started {run.StartedAt:u}");
        md.AppendLine($"- machine: {run.Machine.Cores} cores, {run.Machine.MemoryGiB} GiB, {run.Machine.Cpu}, {run.Machine.Os}; link: {run.Machine.Link ?? "loopback, unshaped"}");
        md.AppendLine($"- client: SocketsHttpHandler on {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}, HTTP/2 only: prior-knowledge h2c, or TLS pinned to the host's self-signed certificate");
        md.AppendLine("- server: GrpcBench.KestrelHost (`POST /probe/upload` reads the body to the end, `GET /probe/int` answers 42); effective Kestrel settings as each host reported them:");
        foreach (var (configuration, settings) in hosts.Where(h => h.Settings is not null))
            md.AppendLine($"  - {configuration}: `{JsonSerializer.Serialize(settings!["kestrel"])}`");
    }

    public static string Markdown(RunRecord run, ProbeOptions options, IReadOnlyList<ConfigurationResult> results)
    {
        var baseline = results.FirstOrDefault(r => r.Status == "ok" && r.Latency.Count > 0);
        var md = new StringBuilder();
        string F(double v) => double.IsFinite(v) ? v.ToString("0.0", CultureInfo.InvariantCulture) : "-";

        md.AppendLine($"# {options.SizeMiB} MiB HTTP/2 upload to Kestrel (transport probe, no gRPC)");
        md.AppendLine();
        md.AppendLine($"{options.Requests} measured uploads per configuration after {options.Warmup} warm-up, sent one at a time, round-robin over the configurations. " +
                      $"Ratio: p50 against the first configuration{(baseline is null ? "" : $" ({baseline.Configuration})")}.");
        md.AppendLine();
        md.AppendLine("| runtime | Kestrel profile | transport | status | p50 ms | p90 ms | min ms | max ms | MiB/s (p50) | p50 ratio | server CPU s | server peak RSS MiB |");
        md.AppendLine("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in results)
        {
            var ratio = baseline is null || r.Latency.Count == 0 ? "-" : (r.Latency.P50 / baseline.Latency.P50).ToString("0.00", CultureInfo.InvariantCulture);
            md.AppendLine($"| {r.RuntimeDescription ?? r.Configuration.Runtime} | {r.Configuration.KestrelProfile} | {r.Configuration.Transport} | {r.Status} | " +
                          $"{F(r.Latency.P50)} | {F(r.Latency.P90)} | {F(r.Latency.Min)} | {F(r.Latency.Max)} | {F(r.MiBPerSecond)} | {ratio} | {F(r.ServerCpuSeconds)} | {F(r.ServerPeakRssMiB)} |");
        }
        foreach (var failed in results.Where(r => r.Error is not null))
            md.AppendLine().Append($"- {failed.Configuration}: {failed.Error}");

        Setup(md, run, results.Select(r => (r.Configuration, r.HostSettings)));
        return md.ToString();
    }
}
