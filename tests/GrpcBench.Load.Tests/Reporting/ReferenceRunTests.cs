using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;

namespace GrpcBench.Load.Tests;

/// <summary>The reference runs under docs/: a person reads them, compare reads them, and a clone stays lean.</summary>
public class ReferenceRunTests
{
    private static readonly string Root = FindRoot();
    private static readonly string References = Path.Combine(Root, "docs", "reference-runs");

    public static TheoryData<string> Runs() =>
    [
        .. Directory.GetFiles(References, SummaryFile.CompressedFileName, SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(References, Path.GetDirectoryName(f)!)).Order(StringComparer.Ordinal),
    ];

    [Theory]
    [MemberData(nameof(Runs))]
    public void Its_report_is_what_this_build_renders_from_its_slim_summary_and_compare_pairs_every_figure_with_itself(string run)
    {
        var folder = Path.Combine(References, run);
        var notes = new List<string>();

        var summary = SummaryFile.Read(folder, notes.Add);
        var (readingFolder, fileName, _, _) = ReportFiles.Reading(summary);
        var reading = Path.Combine(folder, readingFolder);
        var comparison = RunComparison.Of(summary, summary);

        // Written before the CPU times left the warm-up out (schema 2): read whole, with that said in one line.
        Assert.All(notes, note => Assert.EndsWith("summary schema version 2, older than this build writes (3): its CPU times include the warm-up's", note));
        Assert.False(File.Exists(Path.Combine(folder, SummaryFile.FileName)), "a reference run keeps summary.json.gz only");
        Assert.False(File.Exists(Path.Combine(folder, CallsFile.FileName)), "a reference run keeps no per-call data");
        Assert.All(summary.Configurations.SelectMany(c => c.Scenarios), s => Assert.Null(s.Calls));
        Assert.True(File.ReadAllText(Path.Combine(reading, fileName)) == ReportFiles.Markdown(summary, chart => File.Exists(Path.Combine(reading, chart))),
            $"docs/reference-runs/{run}: its {fileName} is not what this build renders from its summary.json.gz; draw it again with "
            + $"`dotnet run -c Release --project load/GrpcBench.Load -- report docs/reference-runs/{run} --charts none` (the charts stay as they are)");
        Assert.NotEmpty(comparison.Rows);
        Assert.All(comparison.Rows, r => Assert.Equal((r.Base, 1.0), (r.Diff, r.Ratio)));
    }

    [Fact]
    public void The_reference_runs_stay_small_enough_for_a_lean_clone_and_their_charts_fit_a_screen()
    {
        var files = Directory.GetFiles(References, "*", SearchOption.AllDirectories).Select(f => new FileInfo(f)).ToList();

        // 13 MiB since each capacity table names what ended its searches and their physics check (2026-12-03: 12.6 MB).
        Assert.True(files.Sum(f => f.Length) <= 13 * 1024 * 1024, $"docs/reference-runs holds {files.Sum(f => f.Length):N0} bytes, over 13 MiB");
        Assert.All(files, f => Assert.True(f.Length <= 1024 * 1024, $"{Path.GetRelativePath(References, f.FullName)} is {f.Length:N0} bytes, over 1 MiB"));
        ChartBounds.AllWithin(References);
    }

    private static string FindRoot()
    {
        var root = new DirectoryInfo(AppContext.BaseDirectory);
        while (!File.Exists(Path.Combine(root.FullName, "GrpcBench.sln"))) root = root.Parent!;
        return root.FullName;
    }
}
