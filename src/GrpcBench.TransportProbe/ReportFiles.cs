using System.Text.Json;
using System.Text.Json.Serialization;
using GrpcBench.Orchestration;

namespace GrpcBench.TransportProbe;

/// <summary>The three files of every run: the full results as JSON (with what produced them), report.md and chart.svg.</summary>
public static class ReportFiles
{
    // A configuration that failed before any call has NaN latencies, which JSON has no number for.
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    public static void Write<TOptions, TResult>(string folder, string tool, string jsonName, RunRecord run, TOptions options,
        IReadOnlyList<TResult> results, string markdown, string chart)
    {
        var document = new { tool, run.Commit, run.Machine, run.StartedAt, options, runs = results };
        File.WriteAllText(Path.Combine(folder, jsonName), JsonSerializer.Serialize(document, Json));
        File.WriteAllText(Path.Combine(folder, "report.md"), markdown);
        File.WriteAllText(Path.Combine(folder, "chart.svg"), chart);
    }
}
