using System.Text.Json;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The streaming, chunked and transports presets end to end, reduced to seconds: real hosts, real workers. They may run
/// beside other tests; the slow-link preset's, which time transfers over a shaped link, are <see cref="SlowLinkPresetTests"/>.
/// </summary>
public class LoadPresetTests
{
    [FullSuite]
    [Fact]
    public async Task Streaming_reads_every_record_three_ways_and_reports_time_to_first_record_and_records_per_second()
    {
        // A client stream window larger than every response here (the 3,000-record stream, 0.75 MB): with the default
        // 64 KiB window Kestrel loses about one response in 25,000 (dotnet/aspnetcore#53736, docs/streaming.md).
        var (folder, summary, report) = await RunPresetAsync("--preset", "streaming", "--quick", "--server", "kestrel", "--records", "3000", "--page-sizes", "500",
            "--client-setting", "initialHttp2StreamWindowSize=1048576", "--phases", "=1x2", "--warmup-seconds", "0");
        SummaryShape.Matches(folder, "streaming-quick");

        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        Assert.Equal(["streamRecords", "pages", "pagesConcurrent"], configurations.Select(c => c.GetProperty("configuration").GetProperty("scenarios")[0].GetString()));
        foreach (var configuration in configurations)
        {
            Assert.Equal("ok", configuration.GetProperty("status").GetString());
            var scenario = configuration.GetProperty("scenarios")[0];
            Assert.True(scenario.GetProperty("ok").GetInt64() > 0);
            Assert.Equal(0, scenario.GetProperty("failed").GetInt64());
            var measures = scenario.GetProperty("measures");
            Assert.Equal(3000, measures.GetProperty("records").GetProperty("min").GetDouble());
            Assert.InRange(measures.GetProperty("firstRecordMs").GetProperty("p50").GetDouble(), 0.001, scenario.GetProperty("latency").GetProperty("p50").GetDouble());
            Assert.True(measures.GetProperty("recordsPerSecond").GetProperty("p50").GetDouble() > 0);
            Assert.True(configuration.GetProperty("clientPeakRssMiB").GetDouble() > 0);
        }
        Assert.Contains("## Transfers", report);
        Assert.Contains("one stream reads 3,000 records in", report);
        Directory.Delete(folder, recursive: true);
    }

    [FullSuite]
    [Fact]
    public async Task Chunked_uploads_alone_and_beside_getInt_and_says_whether_chunks_help_the_small_calls()
    {
        var (folder, summary, report) = await RunPresetAsync("--preset", "chunked", "--quick", "--server", "kestrel", "--message-sizes", "4mib", "--chunk-sizes", "64kib",
            "--phases", "=2x2", "--warmup-seconds", "0");
        SummaryShape.Matches(folder, "chunked-quick");

        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        Assert.Equal(4, configurations.Count);
        Assert.All(configurations, c => Assert.Equal("ok", c.GetProperty("status").GetString()));
        Assert.All(configurations, c => Assert.All(c.GetProperty("scenarios").EnumerateArray(), s => Assert.Equal(0, s.GetProperty("failed").GetInt64())));
        var chunked = configurations.Single(c => c.GetProperty("configuration").GetProperty("label").GetString()!.EndsWith("uploadChunks 4MiB chunk 64KiB"));
        Assert.Equal(4L * 1024 * 1024 + 5 * 64, chunked.GetProperty("scenarios")[0].GetProperty("bytesSent").GetInt64() / chunked.GetProperty("scenarios")[0].GetProperty("ok").GetInt64());
        Assert.Contains("4 MiB uploads beside getInt: getInt p99", report);
        Directory.Delete(folder, recursive: true);
    }

    [FullSuite]
    [Fact]
    public async Task Transports_quick_writes_the_closed_model_table_with_every_transport_codec_pair_and_message_each_call_and_its_bytes_counted()
    {
        var (folder, summary, report) = await RunPresetAsync("--preset", "transports", "--quick", "--concurrency", "10", "--requests", "30", "--warmup-seconds", "0");
        SummaryShape.Matches(folder, "transports-quick");

        var rows = summary.RootElement.GetProperty("closedModelTable").EnumerateArray().ToList();
        var cells = rows.Select(r => (Transport: r.GetProperty("transport").GetString() + " " + r.GetProperty("codec").GetString(), Pair: r.GetProperty("server").GetString() + "/" + r.GetProperty("client").GetString(),
            Message: r.GetProperty("scenario").GetString() + " " + r.GetProperty("payloadBytes").GetInt64())).ToHashSet();
        string[] transports = ["h2c protobuf", "tls protobuf", "uds protobuf", "h2c json", "tls json", "uds json"], pairs = ["grpc-core/grpc-core", "kestrel/grpc-net"], messages = ["getInt 0", "sendLargeData 1024", "sendLargeData 1048576"];
        Assert.Equal(transports.Length * pairs.Length * messages.Length, rows.Count);
        foreach (var transport in transports)
        foreach (var pair in pairs)
        foreach (var message in messages)
            Assert.Contains((transport, pair, message), cells);
        foreach (var row in rows)
        {
            Assert.Equal(30, row.GetProperty("requests").GetInt64());
            Assert.Equal(0, row.GetProperty("fails").GetInt64());
            Assert.True(row.GetProperty("tps").GetDouble() > 0);
            var (min, median, p90, p99, max) = (row.GetProperty("minMs").GetDouble(), row.GetProperty("medianMs").GetDouble(), row.GetProperty("p90Ms").GetDouble(),
                row.GetProperty("p99Ms").GetDouble(), row.GetProperty("maxMs").GetDouble());
            Assert.True(min > 0 && min <= median && median <= p90 && p90 <= p99 && p99 <= max, $"{min} {median} {p90} {p99} {max}");
            Assert.True(row.GetProperty("hostCpuMsPerCall").GetDouble() > 0);
        }
        // The messages' bytes per call, each way with its frame header: JSON writes a 1 KiB upload as base64, 4 bytes for 3.
        double Bytes(string codec, long payload) => rows.First(r => r.GetProperty("codec").GetString() == codec && r.GetProperty("payloadBytes").GetInt64() == payload)
            .GetProperty("messageBytesPerCall").GetDouble();
        Assert.Equal(5 + 1024 + 5, Bytes("protobuf", 1024));
        Assert.InRange(Bytes("json", 1024), 5 + 1024 * 4 / 3, 5 + 1024 * 4 / 3 + 40);
        // On the wire, as the kernel counted the worker's connections: more than the messages (HTTP/2 frames and headers),
        // more again in TLS records; over UDS the kernel counts nothing.
        double? Wire(JsonElement row) => row.TryGetProperty("wireBytesPerCall", out var wire) && wire.ValueKind == JsonValueKind.Number ? wire.GetDouble() : null;
        foreach (var row in rows)
        {
            if (row.GetProperty("transport").GetString() == "uds") Assert.Null(Wire(row));
            else Assert.True(Wire(row) > row.GetProperty("messageBytesPerCall").GetDouble(), $"{row.GetProperty("configuration")}: {Wire(row)}");
        }
        foreach (var pair in pairs)
        {
            double? Upload(string transport) => Wire(rows.Single(r => r.GetProperty("transport").GetString() == transport && r.GetProperty("codec").GetString() == "protobuf"
                && r.GetProperty("server").GetString() + "/" + r.GetProperty("client").GetString() == pair && r.GetProperty("payloadBytes").GetInt64() == 1_048_576));
            Assert.True(Upload("tls") > Upload("h2c"), $"{pair}: tls {Upload("tls")}, h2c {Upload("h2c")}");
        }
        Assert.Contains("## Closed model", report);
        Assert.Contains("| uds | json | kestrel/grpc-net | net10.0 | sendLargeData 1 MiB | 30 |", report);
        Assert.True(new FileInfo(Path.Combine(folder, "closed-model.png")).Length > 0);
        Directory.Delete(folder, recursive: true);
    }

    [Fact]
    public void The_main_job_runs_the_story_on_net8_net10_and_net11_and_the_first_look_on_net10()
    {
        var full = GrpcBench.Load.Presets.For("story", quick: false).Configurations();
        var quick = GrpcBench.Load.Presets.For("story", quick: true).Configurations();

        Assert.Equal(24, full.Count);
        Assert.Equal(["net8.0", "net10.0", "net11.0"], full.Select(c => c.HostRuntime).Distinct());
        Assert.All(full, c => Assert.Equal(c.HostRuntime, c.ClientRuntime));
        Assert.Equal(["net10.0"], quick.Select(c => c.HostRuntime).Distinct());
    }

    [Theory]
    [InlineData(false, 144, 4, 100_000)]
    [InlineData(true, 36, 2, 2_000)]
    public void Transports_runs_every_transport_pair_and_message_under_the_closed_model(bool quick, int configurations, int pairs, int requests)
    {
        var plan = GrpcBench.Load.Presets.For("transports", quick);

        var all = plan.Configurations();

        Assert.Equal(configurations, all.Count);
        Assert.Equal(pairs, all.Select(c => (c.Server, c.Client)).Distinct().Count());
        Assert.Equal(["h2c", "tls", "uds"], all.Select(c => c.Transport.Text()).Distinct().Order());
        Assert.Equal(["json", "protobuf"], all.Select(c => c.Codec).Distinct().Order());
        Assert.Equal(["getInt ", "sendLargeData 1024", "sendLargeData 1048576"],
            all.Select(c => $"{c.Scenarios!.Single()} {(c.Scenarios!.Single() == "getInt" ? "" : c.PayloadBytes)}").Distinct().Order());
        Assert.Equal(new GrpcBench.Load.Results.ClosedModel(100, requests, quick ? 60 : 600), plan.Load.Closed);
    }
}
