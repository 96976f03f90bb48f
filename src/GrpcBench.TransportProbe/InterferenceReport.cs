using System.Globalization;
using System.Text;
using System.Text.Json;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.TransportProbe;

/// <summary>Writes interference.json, report.md and chart.svg for one interference run.</summary>
public static class InterferenceReport
{
    public static void Write(string folder, RunRecord run, InterferenceOptions options, IReadOnlyList<InterferenceResult> results) =>
        ReportFiles.Write(folder, "transport-probe interference", "interference.json", run, options, results, Markdown(run, options, results), SvgBarChart.Render(
            $"Small-call latency at {options.SmallPerSecond:0.#}/s, alone and beside {options.SizeMiB} MiB uploads at {options.LargePerSecond:0.#}/s",
            "ms",
            ["p50", "p99"],
            results.SelectMany(r => r.Phases.Select(p => ($"{r.Configuration} | {Short(p.Phase)}", new[] { p.Small.Latency.P50, p.Small.Latency.P99 }))).ToList()));

    public static string Markdown(RunRecord run, InterferenceOptions options, IReadOnlyList<InterferenceResult> results)
    {
        var md = new StringBuilder();
        string F(double v) => double.IsFinite(v) ? v.ToString("0.0", CultureInfo.InvariantCulture) : "-";

        md.AppendLine("# Small calls beside large uploads (transport probe, no gRPC)");
        md.AppendLine();
        md.AppendLine($"Open-model load: `GET /probe/int` at {options.SmallPerSecond:0.#}/s for {options.Phase.TotalSeconds:0} s per phase; in the second and third phase " +
                      $"also `POST /probe/upload` of {options.SizeMiB} MiB at {options.LargePerSecond:0.#}/s, on another HTTP/2 connection or on the same one. " +
                      "Latency counts from each call's start; \"late\" is how far behind its schedule the latest small call started (the injector's own delay). " +
                      "Ratio: small-call p99 against the same configuration's first phase.");
        md.AppendLine();
        md.AppendLine("| runtime | Kestrel profile | transport | phase | small ok / failed | small p50 ms | p90 ms | p99 ms | max ms | late ms | p99 ratio | uploads ok / failed | upload p50 ms | upload p99 ms |");
        md.AppendLine("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in results)
        {
            var alone = r.Phases.FirstOrDefault()?.Small.Latency.P99 ?? double.NaN;
            foreach (var p in r.Phases)
            {
                var s = p.Small.Latency;
                md.AppendLine($"| {r.RuntimeDescription ?? r.Configuration.Runtime} | {r.Configuration.KestrelProfile} | {r.Configuration.Transport} | {p.Phase} | " +
                              $"{p.Small.Ok} / {p.Small.Failed} | {F(s.P50)} | {F(s.P90)} | {F(s.P99)} | {F(s.Max)} | {F(p.Small.MaxStartLagMs)} | {(s.P99 / alone).ToString("0.00", CultureInfo.InvariantCulture)} | " +
                              $"{(p.Large is { } l ? $"{l.Ok} / {l.Failed} | {F(l.Latency.P50)} | {F(l.Latency.P99)}" : "- | - | -")} |");
            }
            if (r.Phases.Count == 0) md.AppendLine($"| {r.Configuration.Runtime} | {r.Configuration.KestrelProfile} | {r.Configuration.Transport} | {r.Status} | | | | | | | | | | |");
        }
        foreach (var failed in results.Where(r => r.Error is not null))
            md.AppendLine().Append($"- {failed.Configuration} failed: {failed.Error}");
        md.AppendLine();
        md.AppendLine();
        md.AppendLine("Server CPU seconds over the three phases and peak RSS: " +
                      string.Join("; ", results.Select(r => $"{r.Configuration}: {r.ServerCpuSeconds:0.0} s, {r.ServerPeakRssMiB:0} MiB")));
        ProbeReport.Setup(md, run, results.Select(r => (r.Configuration, r.HostSettings)));
        return md.ToString();
    }

    /// <summary>The console summary of a run.</summary>
    public static Table Table(List<InterferenceResult> results)
    {
        var table = new Table().AddColumns("runtime (reported)", "Kestrel profile", "transport", "phase", "small p50 ms", "small p99 ms", "failed");
        foreach (var r in results)
        foreach (var p in r.Phases)
        {
            table.AddRow(r.RuntimeDescription ?? r.Configuration.Runtime, r.Configuration.KestrelProfile, r.Configuration.Transport, Short(p.Phase),
                $"{p.Small.Latency.P50:0.0}", $"{p.Small.Latency.P99:0.0}", $"{p.Small.Failed + (p.Large?.Failed ?? 0)}");
        }
        return table;
    }

    public static string Short(string phase) => phase switch
    {
        InterferenceRun.Alone => "alone",
        InterferenceRun.SeparateConnection => "+uploads, other conn.",
        _ => "+uploads, same conn.",
    };
}
