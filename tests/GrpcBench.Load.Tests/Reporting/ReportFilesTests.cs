using System.Xml.Linq;
using GrpcBench.Load.Reporting;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class ReportFilesTests
{
    [Fact]
    public void Every_file_is_written_and_every_chart_is_well_formed_XML()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-report-" + Guid.NewGuid().ToString("N"));
        // A reason quoting a host's stderr: markup characters and an ANSI colour code, which XML forbids.
        var summary = Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2), Ok(Kestrel(profile: "large-windows"), 540, 4),
            Failed(Kestrel(profile: "net6-windows"), "exit code 134: \u001b[31m<Unhandled> & 'aborted'\u001b[0m"), Ok(RawTcp(), 50, 1, uploadP50: 20));

        var files = ReportFiles.WriteAll(folder, summary);

        Assert.Equal(["summary.json", "report.md", "latency-sendLargeData.svg", "latency-getInt.svg", "ratio.svg"], files.Select(Path.GetFileName));
        Assert.All(files, f => Assert.True(new FileInfo(f).Length > 0, f));
        foreach (var svg in files.Where(f => f.EndsWith(".svg")))
        {
            var root = XDocument.Load(svg).Root!;
            Assert.Equal("svg", root.Name.LocalName);
            Assert.Contains(root.Descendants(), e => e.Value.StartsWith("failed: exit code 134"));
        }
    }

    [Fact]
    public void Latency_charts_label_the_values_and_mark_failed_configurations()
    {
        var summary = Summary(Ok(GrpcCore(), 601, 8), Failed(Kestrel(), "the host exited"));

        var svg = ReportCharts.Render(summary).Single(c => c.FileName == ReportCharts.SendLargeDataLatency).Svg;

        Assert.Contains(">601 ms<", svg);
        Assert.Contains(">failed: the host exited<", svg);
    }
}
