using GrpcBench.Load.Reporting;
using GrpcBench.Tests.Infrastructure;
using PuppeteerSharp;

namespace GrpcBench.Tests;

/// <summary>
/// report.html opened as a team opens it: in a browser (Debian's chromium, headless, no network), with every chart drawn
/// and the tables there; drawn from a reference run (the story on .NET 8, 10 and 11) with its charts.
/// </summary>
public sealed class ReportPageTests : IDisposable
{
    /// <summary>The browser: GRPCBENCH_BROWSER, else Debian's chromium package (<c>.ci/run</c> installs it where missing), else Chrome (GitHub's runners have it).</summary>
    private static readonly string Chromium = Environment.GetEnvironmentVariable("GRPCBENCH_BROWSER")
        ?? new[] { "/usr/bin/chromium", "/usr/bin/google-chrome" }.FirstOrDefault(File.Exists) ?? "/usr/bin/chromium";

    private readonly string _folder = Directory.CreateTempSubdirectory("grpcbench-page-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [FullSuite]
    [Fact]
    public async Task The_page_opens_in_a_headless_browser_with_no_error_every_chart_drawn_and_the_comparison_table_there()
    {
        Assert.True(File.Exists(Chromium), $"no browser at {Chromium}: apt-get install chromium (.ci/run installs it where missing)");
        var reference = Path.Combine(GrpcBench.Orchestration.DotnetRoots.RepositoryRoot, "docs", "reference-runs", "load", "seed", "run-2");
        foreach (var file in Directory.GetFiles(reference)) File.Copy(file, Path.Combine(_folder, Path.GetFileName(file)));
        var page = ReportFiles.WriteHtml(_folder, SummaryFile.Read(_folder));
        Assert.True(new FileInfo(page).Length <= HtmlReport.MaxBytes, $"{new FileInfo(page).Length:N0} bytes");

        await using var browser = await Puppeteer.LaunchAsync(new LaunchOptions { ExecutablePath = Chromium, Headless = true, Args = ["--no-sandbox", "--disable-gpu"] });
        await using var tab = await browser.NewPageAsync();
        var errors = new List<string>();
        tab.Console += (_, e) => { if (e.Message.Type == ConsoleType.Error) errors.Add(e.Message.Text); };
        tab.PageError += (_, e) => errors.Add(e.Message);
        tab.RequestFailed += (_, e) => errors.Add($"request failed: {e.Request.Url}");
        await tab.GoToAsync(new Uri(page).AbsoluteUri, WaitUntilNavigation.Load);

        var images = await tab.EvaluateExpressionAsync<double[][]>("Array.from(document.images).map(i => [i.naturalWidth, i.getBoundingClientRect().height])");
        var headers = await tab.EvaluateExpressionAsync<string[]>("Array.from(document.querySelectorAll('h2')).map(h => h.textContent)");
        var tables = await tab.EvaluateExpressionAsync<int>("document.querySelectorAll('table').length");
        // A click on a column's header sorts its table.
        var sorted = await tab.EvaluateExpressionAsync<string>("(() => { const th = document.querySelector('table th'); th.click(); return th.getAttribute('aria-sort'); })()");

        Assert.Empty(errors);
        Assert.NotEmpty(images);
        Assert.All(images, i => Assert.True(i[0] > 0 && i[1] > 0, $"a chart of {i[0]} px drawn {i[1]} px high"));
        Assert.Equal("Verdicts", headers[0]);
        Assert.Contains("Comparison", headers);
        Assert.True(tables > 0);
        Assert.Equal("ascending", sorted);
    }
}
