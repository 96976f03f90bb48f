using GrpcBench.Load.Reporting;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class ReportFilesTests
{
    [Fact]
    public void Every_file_is_written_and_every_chart_is_a_PNG()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-report-" + Guid.NewGuid().ToString("N"));
        // A reason quoting a host's stderr: markup characters and an ANSI colour code.
        var summary = Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2), Ok(Kestrel(profile: "large-windows"), 540, 4),
            Failed(Kestrel(profile: "net6-windows"), "exit code 134: \u001b[31m<Unhandled> & 'aborted'\u001b[0m"), Ok(RawTcp(), 50, 1, uploadP50: 20));

        var files = ReportFiles.WriteAll(folder, summary);

        Assert.Equal(
            ["summary.json", "report.md", "latency-sendLargeData.png", "latency-getInt.png", "ratio.png", "cost.png", "percentiles.png",
             "timeline-sendLargeData.png", "timeline-getInt.png", "report.html"],
            files.Select(Path.GetFileName));
        Assert.All(files, f => Assert.True(new FileInfo(f).Length > 0, f));
        Assert.All(files.Where(f => f.EndsWith(".png")), f => PngAssert.IsChart(File.ReadAllBytes(f)));
    }
}
