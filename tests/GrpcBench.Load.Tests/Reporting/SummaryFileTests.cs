using GrpcBench.Load.Reporting;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class SummaryFileTests
{
    [Fact]
    public void A_summary_survives_a_round_trip_through_its_file_NaN_included()
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-summary-").FullName;
        var summary = Summary(Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2) with { ServerCpuSeconds = double.NaN, ServerPeakRssMiB = double.PositiveInfinity },
            Failed(Kestrel(profile: "large-windows"), "the host exited"));

        var path = SummaryFile.Write(folder, summary);
        var back = SummaryFile.Read(folder);

        var json = File.ReadAllText(path);
        Assert.Equal(json, SummaryFile.Serialize(SummaryFile.WithoutCalls(back)));
        Assert.Contains("\"serverCpuSeconds\": \"NaN\"", json);
        Assert.Contains("\"label\": \"kestrel/grpc-net net8.0 default h2c\"", json);
        Assert.Contains("\"sendLargeData\": {", json);
        Assert.True(double.IsNaN(back.Configurations[1].ServerCpuSeconds!.Value));
        Assert.Equal(summary.Configurations[0].Scenarios[0].Latency, back.Configurations[0].Scenarios[0].Latency);
        Assert.Equal(summary.Run, back.Run);
        Assert.Equal("the host exited", back.Configurations[2].Reason);
    }

    [Fact]
    public void The_calls_go_beside_summary_json_and_come_back_with_it()
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-calls-").FullName;
        var summary = Summary(Ok(GrpcCore(), 601, 8, getIntFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 3 }), Ok(Kestrel(), 4387, 3.2));

        var json = File.ReadAllText(SummaryFile.Write(folder, summary));
        var back = SummaryFile.Read(folder, note: line => Assert.Fail($"a note for a current file: {line}"));

        Assert.DoesNotContain("\"calls\"", json);
        Assert.StartsWith($"{{\n  \"schemaVersion\": {SummaryFile.SchemaVersion},", json.ReplaceLineEndings("\n"));
        Assert.True(File.Exists(Path.Combine(folder, CallsFile.FileName)));
        for (var i = 0; i < 2; i++)
            foreach (var scenario in summary.Configurations[i].Scenarios)
                Assert.Equal(scenario.Calls!.Select(c => c with { StartSeconds = Math.Round(c.StartSeconds, 3), LatencyMs = Math.Round(c.LatencyMs, 3) }),
                    back.Configurations[i].Scenario(scenario.Name)!.Calls!);
    }

    [Fact]
    public void The_report_needs_no_call_it_is_identical_from_summary_json_alone()
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-slim-").FullName;
        var summary = Summary(Ok(GrpcCore(), 601, 8, getIntFails: new Dictionary<string, long> { ["DeadlineExceeded"] = 3 }), Ok(Kestrel(), 4387, 3.2),
            Failed(Kestrel(profile: "large-windows"), "the host exited"));
        SummaryFile.Write(folder, summary);
        File.Delete(Path.Combine(folder, CallsFile.FileName));

        var slim = SummaryFile.Read(folder);

        Assert.All(slim.Configurations.SelectMany(c => c.Scenarios), s => Assert.Null(s.Calls));
        Assert.Equal(MarkdownReport.Render(summary), MarkdownReport.Render(slim));
    }

    [Fact]
    public void A_newer_schema_is_refused_in_one_line_and_an_older_one_is_read_with_a_note_and_no_p90_made_up()
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-schema-").FullName;
        var json = SummaryFile.Serialize(Summary(Ok(GrpcCore(), 601, 8))).ReplaceLineEndings("\n");
        var newer = json.Replace($"\"schemaVersion\": {SummaryFile.SchemaVersion}", "\"schemaVersion\": 99");
        var older = System.Text.RegularExpressions.Regex.Replace(json.Replace($"\"schemaVersion\": {SummaryFile.SchemaVersion},\n", ""), ",\\s*\"p90\": ([0-9.]+|null)", "");
        File.WriteAllText(Path.Combine(folder, "newer.json"), newer);
        File.WriteAllText(Path.Combine(folder, "older.json"), older);
        var notes = new List<string>();

        var refused = Assert.Throws<System.Text.Json.JsonException>(() => SummaryFile.Read(Path.Combine(folder, "newer.json")));
        var read = SummaryFile.Read(Path.Combine(folder, "older.json"), notes.Add);

        Assert.Equal($"{Path.Combine(folder, "newer.json")}: summary schema version 99, newer than this build reads ({SummaryFile.SchemaVersion}): read it with the GrpcBench that wrote it", refused.Message);
        Assert.DoesNotContain('\n', refused.Message);
        Assert.Equal([$"{Path.Combine(folder, "older.json")}: summary schema version 1, older than this build writes ({SummaryFile.SchemaVersion}): figures it does not hold (p90 before it was kept) show as -; its CPU times include the warm-up's"], notes);
        Assert.DoesNotContain("\"p90\"", older);
        Assert.Null(read.Configurations[0].Scenarios[0].Latency.P90);
        Assert.True(double.IsNaN(read.Configurations[0].Scenarios[0].Latency.At(90)));
    }

    [Fact]
    public void A_folder_without_a_summary_is_a_clear_error()
    {
        var folder = Directory.CreateTempSubdirectory("grpcbench-empty-").FullName;

        var error = Assert.Throws<FileNotFoundException>(() => SummaryFile.Read(folder));

        Assert.Contains("summary.json", error.Message);
    }

    [Fact]
    public void A_JSON_file_that_is_not_a_summary_is_a_JSON_error()
    {
        var error = Assert.Throws<System.Text.Json.JsonException>(() => SummaryFile.Deserialize("""{ "tool": "transport-probe", "runs": [] }"""));

        Assert.Contains("not a load tool summary.json", error.Message);
    }
}
