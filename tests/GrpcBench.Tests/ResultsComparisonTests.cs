using GrpcBench.Orchestration;
using GrpcBench.TransportProbe;

namespace GrpcBench.Tests;

/// <summary>Writing results that include a failed configuration, and comparing two result folders.</summary>
public class ResultsComparisonTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("grpcbench-compare-").FullName;

    private static readonly ProbeOptions Options = new(["net8.0", "net10.0"], ["default"], ["h2c"], 20, 3, 1, TimeSpan.FromSeconds(60), null);

    private static ConfigurationResult Result(string runtime, params double[] uploadsMs) => new(
        new ProbeConfiguration(runtime, "default", "h2c"),
        uploadsMs.Length == 0 ? "failed" : "ok",
        uploadsMs.Length == 0 ? "host did not start" : null,
        null, null, [.. uploadsMs], LatencySummary.Of(uploadsMs), 0, 0, 0);

    private string Write(string name, params ConfigurationResult[] results)
    {
        var folder = ResultsFolder.Create(Path.Combine(_root, name));
        ProbeReport.Write(folder, RunRecord.Now(), Options, results);
        return folder;
    }

    [Fact]
    public void A_configuration_that_failed_before_any_call_is_written_with_the_others()
    {
        var folder = Write("failed", Result("net8.0"), Result("net10.0", 40, 42, 44));

        Assert.Contains("\"status\": \"failed\"", File.ReadAllText(Path.Combine(folder, "probe.json")));
        Assert.Contains("| net8.0 | default | h2c | failed |", File.ReadAllText(Path.Combine(folder, "report.md")));
        Assert.Contains("failed", File.ReadAllText(Path.Combine(folder, "chart.svg")));
    }

    [Fact]
    public void Compare_gives_ratios_and_a_verdict_only_beyond_the_threshold()
    {
        var baseline = Write("base", Result("net8.0", 40, 40, 40), Result("net10.0", 30, 30, 30));
        var diff = Write("diff", Result("net8.0", 50, 50, 50), Result("net10.0", 31, 31, 31));

        var comparison = ResultsComparison.Compare(baseline, diff);
        var markdown = ResultsComparison.Markdown(comparison, threshold: 0.1);

        var p50 = comparison.Rows.Single(r => r is { Configuration: "net8.0 default h2c", Metric: "upload p50 ms" });
        Assert.Equal(1.25, p50.Ratio, precision: 3);
        Assert.Contains("| net8.0 default h2c | upload p50 ms | 40.0 | 50.0 | 1.25 | slower |", markdown);
        Assert.Contains("| net10.0 default h2c | upload p50 ms | 30.0 | 31.0 | 1.03 | same |", markdown);
    }

    [Fact]
    public void Compare_leaves_out_what_failed_and_names_configurations_only_one_run_has()
    {
        var baseline = Write("base", Result("net8.0", 40, 40, 40), Result("net10.0", 30, 30, 30));
        var diff = Write("diff", Result("net8.0"), Result("net10.0", 27, 27, 27));

        var comparison = ResultsComparison.Compare(baseline, diff);

        Assert.All(comparison.Rows, r => Assert.Equal("net10.0 default h2c", r.Configuration));
        Assert.Equal(["net8.0 default h2c"], comparison.OnlyInOne);
        Assert.Contains("| 0.90 | same |", ResultsComparison.Markdown(comparison, 0.1));
    }

    [Fact]
    public void A_folder_without_results_is_a_clear_error()
    {
        var error = Assert.Throws<IOException>(() => ResultsComparison.Compare(_root, _root));
        Assert.Equal($"{_root} holds no probe.json or interference.json", error.Message);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
