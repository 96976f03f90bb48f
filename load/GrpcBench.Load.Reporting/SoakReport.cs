using System.Globalization;
using System.Text;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Reporting;

/// <summary>report.md's soak section: the load, the pass rule, each configuration's verdict and its memory from start to end; and soak.png.</summary>
public sealed class SoakReport : IReportSection
{
    public bool Applies(LoadRunSummary summary) => summary.Soak is not null;

    public IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary) =>
        [(SoakChart.FileName, "RSS and p99 over time", () => SoakChart.Png(summary.Soak!, summary.Configurations))];

    public void Append(StringBuilder md, LoadRunSummary summary)
    {
        var soak = summary.Soak!;
        md.AppendLine("## Soak");
        md.AppendLine();
        md.AppendLine($"- load: {soak.Options.Describe()}");
        if (soak.Options.Rates is not null) md.AppendLine($"- upload rates: {soak.Options.RateSource}");
        md.AppendLine($"- sampled every {SoakOptions.SampleSeconds} s: RSS and CPU time of the host and of the load worker (/proc), the worker's GC counts since it started (its progress lines); "
                      + $"the host's GC counts {soak.HostGc}");
        md.AppendLine("- pass: no failed call, and on each side RSS grew by less than 10 % over the last two thirds of the run "
                      + "floor to floor: the lowest sample of its last third against the lowest of its first third, since a .NET heap is a sawtooth that a mean would catch anywhere on its teeth");
        md.AppendLine();
        md.AppendLine("| configuration | verdict | failed calls | host RSS MiB first / at one third / last | host RSS growth | worker RSS MiB first / at one third / last | worker RSS growth | host / worker CPU s | host / worker GC 0/1/2 | why |");
        md.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
        foreach (var run in soak.Runs)
        {
            var last = run.Samples.LastOrDefault();
            var third = run.Samples.FirstOrDefault(s => s.Seconds >= run.Samples.LastOrDefault()?.Seconds / 3);
            md.AppendLine($"| {run.Configuration} | **{run.Verdict}** | {run.FailedCalls} | {Rss(run.Samples.FirstOrDefault()?.HostRssMiB)} / {Rss(third?.HostRssMiB)} / {Rss(last?.HostRssMiB)} | {Growth(run.HostRssGrowth)} "
                          + $"| {Rss(run.Samples.FirstOrDefault()?.WorkerRssMiB)} / {Rss(third?.WorkerRssMiB)} / {Rss(last?.WorkerRssMiB)} | {Growth(run.WorkerRssGrowth)} "
                          + $"| {Rss(last?.HostCpuSeconds)} / {Rss(last?.WorkerCpuSeconds)} | {Gc(last?.HostGc, run.HostGcNotMeasured)} / {Gc(last?.WorkerGc, null)} "
                          + $"| {(run.Reasons.Count == 0 ? "-" : string.Join("; ", run.Reasons).Replace("|", "/"))} |");
        }
        md.AppendLine();
        md.AppendLine($"![RSS and p99 over time]({SoakChart.FileName})");
        md.AppendLine();
        md.AppendLine("The chart's upper panel is each process's RSS over the run: a line that levels off after warm-up is a process holding its memory, "
                      + "one still climbing over the last two thirds is what the pass rule catches. The lower panel is the p99 of the calls that "
                      + "started in each 5 s window: a flat band is a server keeping up; a rising one, a queue or a process slowing as it ages.");
        md.AppendLine();
    }

    public static string Verdict(SoakRun run) =>
        $"{run.Verdict}; failed calls {run.FailedCalls}; RSS growth over the last two thirds host {Growth(run.HostRssGrowth)}, worker {Growth(run.WorkerRssGrowth)}"
        + (run.Reasons.Count > 0 ? $" ({string.Join("; ", run.Reasons)})" : "");

    public static string Growth(double? growth) => growth is { } g ? (g * 100).ToString("+0.0;-0.0", CultureInfo.InvariantCulture) + " %" : "not measured";

    private static string Gc(IReadOnlyList<int>? counts, string? why) =>
        counts is not null ? string.Join("/", counts) : why is null ? "not measured" : $"not measured ({why.Replace("|", "/")})";

    private static string Rss(double? value) => value is { } v ? v.ToString("0.#", CultureInfo.InvariantCulture) : "not measured";
}
