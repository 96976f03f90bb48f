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
        Assert.Equal(json, SummaryFile.Serialize(back));
        Assert.Contains("\"serverCpuSeconds\": \"NaN\"", json);
        Assert.Contains("\"label\": \"kestrel/grpc-net net8.0 default h2c\"", json);
        Assert.Contains("\"sendLargeData\": {", json);
        Assert.True(double.IsNaN(back.Configurations[1].ServerCpuSeconds!.Value));
        Assert.Equal(summary.Configurations[0].Scenarios[0].Latency, back.Configurations[0].Scenarios[0].Latency);
        Assert.Equal(summary.Run, back.Run);
        Assert.Equal("the host exited", back.Configurations[2].Reason);
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
