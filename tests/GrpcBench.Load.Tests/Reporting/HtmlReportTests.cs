using System.Text.RegularExpressions;
using GrpcBench.Load.Reporting;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

/// <summary>report.html: the run's reading as one page with no network, verdicts and charts first, configurations folded.</summary>
public sealed class HtmlReportTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("grpcbench-html-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void A_runs_page_inlines_its_charts_puts_the_verdicts_first_and_folds_each_configuration()
    {
        var summary = Summary(Ok(GrpcCore(), 80, 10), Ok(Kestrel(), 4_000, 900));

        var files = ReportFiles.WriteAll(_folder, summary);
        var html = File.ReadAllText(Path.Combine(_folder, HtmlReport.FileName));

        Assert.Contains(Path.Combine(_folder, HtmlReport.FileName), files);
        var charts = Directory.GetFiles(_folder, "*.png");
        Assert.NotEmpty(charts);
        Assert.Equal(charts.Length, Regex.Matches(html, "<img alt=\"[^\"]*\" src=\"data:image/png;base64,").Count);
        // Nothing is fetched: no script, style or image from elsewhere.
        Assert.DoesNotMatch("(src|href)=\"(https?:)?//", html);
        var (verdicts, comparison, configurations) = (html.IndexOf(">Verdicts</h2>", StringComparison.Ordinal), html.IndexOf(">Comparison</h2>", StringComparison.Ordinal),
            html.IndexOf(">Configurations</h2>", StringComparison.Ordinal));
        Assert.True(verdicts > 0 && verdicts < comparison && comparison < configurations, $"verdicts at {verdicts}, comparison at {comparison}, configurations at {configurations}");
        Assert.Equal(2, Regex.Matches(html[configurations..], "<details><summary>").Count);
        Assert.Contains("<table>", html);
        Assert.True(html.Length < HtmlReport.MaxBytes);
    }

    [Fact]
    public void A_chart_that_is_not_there_is_named_and_not_inlined()
    {
        var page = HtmlReport.Render("a run", [("# A run\n\n## Charts\n\n![latency](latency.png)\n", _folder)], _folder, _ => null);

        Assert.Contains("Chart latency: <a href=\"latency.png\">latency.png</a> (not inlined: not drawn)", page);
        Assert.DoesNotContain("<img", page);
    }
}
