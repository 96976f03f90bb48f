using System.Globalization;
using System.Text;
using System.Text.Json;

namespace GrpcBench.TransportProbe;

/// <summary>
/// Base against diff for two result folders of the same kind, configuration by configuration, in the
/// manner of dotnet/performance's ResultsComparer: ratios, and a verdict only beyond a threshold.
/// </summary>
public static class ResultsComparison
{
    public sealed record Row(string Configuration, string Metric, double Base, double Diff)
    {
        public double Ratio => Diff / Base;
    }

    public sealed record Comparison(string BaseCommit, string DiffCommit, List<Row> Rows, List<string> OnlyInOne);

    public static Comparison Compare(string baseFolder, string diffFolder)
    {
        var (baseCommit, baseMetrics) = Read(baseFolder);
        var (diffCommit, diffMetrics) = Read(diffFolder);
        var rows = baseMetrics.Keys.Intersect(diffMetrics.Keys)
            .Select(k => new Row(k.Configuration, k.Metric, baseMetrics[k], diffMetrics[k]))
            .ToList();
        var inBase = baseMetrics.Keys.Select(k => k.Configuration).ToHashSet();
        var inDiff = diffMetrics.Keys.Select(k => k.Configuration).ToHashSet();
        var onlyInOne = inBase.Union(inDiff).Where(c => !(inBase.Contains(c) && inDiff.Contains(c))).Order().ToList();
        return new Comparison(baseCommit, diffCommit, rows, onlyInOne);
    }

    public static string Markdown(Comparison comparison, double threshold)
    {
        var md = new StringBuilder();
        string F(double v) => v.ToString("0.0", CultureInfo.InvariantCulture);
        md.AppendLine($"base: commit {comparison.BaseCommit}; diff: commit {comparison.DiffCommit}; threshold {threshold:P0}");
        md.AppendLine();
        md.AppendLine("| configuration | metric | base | diff | diff / base | verdict |");
        md.AppendLine("|---|---|---:|---:|---:|---|");
        foreach (var row in comparison.Rows)
        {
            var verdict = row.Ratio > 1 + threshold ? "slower" : row.Ratio < 1 - threshold ? "faster" : "same";
            md.AppendLine($"| {row.Configuration} | {row.Metric} | {F(row.Base)} | {F(row.Diff)} | {row.Ratio.ToString("0.00", CultureInfo.InvariantCulture)} | {verdict} |");
        }
        foreach (var configuration in comparison.OnlyInOne) md.AppendLine().Append($"- only in one of the two: {configuration}");
        return md.ToString();
    }

    private static (string Commit, Dictionary<(string Configuration, string Metric), double> Metrics) Read(string folder)
    {
        var probe = Path.Combine(folder, "probe.json");
        var interference = Path.Combine(folder, "interference.json");
        var path = File.Exists(probe) ? probe : File.Exists(interference) ? interference
            : throw new IOException($"{folder} holds no probe.json or interference.json");
        using var document = JsonDocument.Parse(File.ReadAllText(path));
        var metrics = new Dictionary<(string, string), double>();
        foreach (var run in document.RootElement.GetProperty("runs").EnumerateArray())
        {
            var c = run.GetProperty("configuration");
            var configuration = $"{c.GetProperty("runtime").GetString()} {c.GetProperty("kestrelProfile").GetString()} {c.GetProperty("transport").GetString()}";
            if (run.TryGetProperty("phases", out var phases))
            {
                foreach (var phase in phases.EnumerateArray())
                {
                    var key = $"{configuration}, {InterferenceReport.Short(phase.GetProperty("phase").GetString()!)}";
                    Add(metrics, key, "small p50 ms", phase.GetProperty("small"), "p50");
                    Add(metrics, key, "small p99 ms", phase.GetProperty("small"), "p99");
                    if (phase.GetProperty("large").ValueKind == JsonValueKind.Object) Add(metrics, key, "upload p50 ms", phase.GetProperty("large"), "p50");
                }
            }
            else
            {
                Add(metrics, configuration, "upload p50 ms", run, "p50");
                Add(metrics, configuration, "upload p90 ms", run, "p90");
            }
        }
        return (document.RootElement.GetProperty("commit").GetString() ?? "unknown", metrics);
    }

    private static void Add(Dictionary<(string, string), double> metrics, string configuration, string metric, JsonElement figures, string percentile)
    {
        var value = figures.GetProperty("latency").GetProperty(percentile);
        // A configuration that failed before any call has no latencies (written as "NaN"): left out.
        if (value.ValueKind == JsonValueKind.Number && value.GetDouble() > 0) metrics[(configuration, metric)] = value.GetDouble();
    }
}
