using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class PathReportTests
{
    private static readonly KnobChoice Inline = new("sockets-inline-completions", "1", "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", "HostRuntime", "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1   # the service's environment");
    private static readonly KnobChoice Chunks = new("chunked", "64 KiB", "chunked-64k", "Design", "rpc UploadChunks (stream Chunk) returns (UploadSummary);   // .proto");
    private static readonly KnobChoice Placebo = new("placebo", "1", "GRPCBENCH_PLACEBO=1", "HostRuntime", "GRPCBENCH_PLACEBO=1");

    private static Spread Ratio(double median, double lower, double upper) => new(median, lower, upper, 3, "interleaved runs, screen's spread");

    private static LoadRunSummary Walked()
    {
        PathStep Step(int number, KnobChoice? change, double? versus, double held, double missed) => new(number, change, $"step {number}", new Spread(held * 1.3, held * 1.2, held * 1.4, 3, "runs"),
            versus is { } v ? Ratio(v, v - 0.1, v + 0.1) : null, versus is null ? null : AdviceFindings.Helps, new SearchedCapacity(held, missed, null),
            new Spread(45, 44, 46, 3, "runs"), new Spread(12, 11, 13, 3, "runs"), new Spread(310, 300, 320, 3, "runs"));
        IReadOnlyList<PathStep> steps = [Step(0, null, null, 21, 22), Step(1, Chunks, 1.5, 30, 31.5), Step(2, Inline, 1.12, 32, 33.6)];
        IReadOnlyList<SearchedCapacity> end = [new(32, 33.6, null), new(34, 36, null)];
        PathBound Bound(string name, string label, double[] held, Spread? throughputOver = null, double? busy = null)
        {
            IReadOnlyList<SearchedCapacity> searches = [.. held.Select(h => new SearchedCapacity(h, h * 1.05, null))];
            return new(name, label, searches, SearchedCapacity.Ratio(end, searches), throughputOver is null ? null : new Spread(35, 34, 36, 3, "runs"), throughputOver, busy);
        }
        IReadOnlyList<PathBound> bounds =
        [
            Bound(PathEnding.GrpcCore, "grpc-core/grpc-core net8.0 h2c", [33, 35], Ratio(1.1, 0.9, 1.3), 0.7),
            Bound(PathEnding.RawHttp2, "raw-http2 kestrel/http2 net8.0 h2c", [29, 31], Ratio(1.02, 0.97, 1.07), 0.96),
            Bound(PathEnding.RawTcp, "raw-tcp socket/socket net8.0 tcp", [120]),
        ];
        var path = new MigrationPath(steps,
            [
                new PathTrial(0, Chunks, Ratio(1.55, 1.4, 1.7), Ratio(1.5, 1.4, 1.6), AdviceFindings.Helps, true),
                new PathTrial(1, Placebo, Ratio(1.05, 1.01, 1.09), Ratio(1.0, 0.95, 1.05), AdviceFindings.NoEffect, false),
                new PathTrial(1, Inline, Ratio(1.17, 1.1, 1.25), Ratio(1.12, 1.03, 1.21), AdviceFindings.Helps, true),
            ],
            end, bounds, [new StoryRow("default", "kestrel/grpc-net net8.0 default h2c", ConfigurationStatus.Ok, 430, 170, 14_800, 600, 0, 2_300)], PathEnding.Of(steps, end, bounds, true, false));
        var advice = new AdviceSummary("net8.0", "mixed", "20 MiB uploads (sendLargeData) searched, getInt beside them at a fixed 50/s", 21, 11, 0.1, [], [Chunks, Inline], [], [], 44)
            { Path = path };
        return (Summary(Ok(Kestrel("net8.0"), 300, 3)) with { Preset = "advise" }).WithAdvice([advice]);
    }

    [Fact]
    public void Each_step_shows_its_decision_its_capacity_bracket_against_grpc_core_and_the_path_ends_at_the_floor()
    {
        var md = PathReport.Render(Walked());

        Assert.Contains("| 1 | `chunked` = 64 KiB | x1.50 [1.40, 1.60] | helps | 30 (missed 31.5) | - | x0.88 (range of 2: 0.86-0.91) | 45.0 | 12.0 | 310 |", md);
        Assert.Contains("| 0 | Kestrel + grpc-dotnet, every default | - | - | 21 (missed 22) | - |", md);
        Assert.Contains("| 1 | `placebo` = 1 | x1.05 [1.01, 1.09] | x1.00 [0.95, 1.05] | no effect found | no |", md);
        Assert.Contains("| raw HTTP/2 | raw-http2 kestrel/http2 net8.0 h2c | 30/s (median of 29, 31) | - | x1.10 (range of 4: 1.03-1.17) | 35.0 | x1.02 [0.97, 1.07] | 96 % |", md);
        Assert.Contains("| raw TCP | raw-tcp socket/socket net8.0 tcp | 120/s | - | x0.28 (range of 2: 0.27-0.28) | - | - | - |", md);
        Assert.Contains("The path's end, 33/s (median of 32, 34), beside Grpc.Core", md);
        Assert.Contains("| default | kestrel/grpc-net net8.0 default h2c | 430 | 170 | 14,800 | 600 | 0 | 2,300 |", md);
        Assert.Contains("**The path takes 2 changes; its end holds 33/s (median of 2 capacity searches), x0.97 (range of 4: 0.91-1.03) of Grpc.Core's 34/s; 110 % (range of 4: 103-117) of Kestrel's raw HTTP/2 floor", md);
        Assert.Contains("```\nrpc UploadChunks (stream Chunk) returns (UploadSummary);   // .proto\nDOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", md.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void The_headlines_two_capacities_stand_side_by_side_each_with_the_limit_that_ended_it()
    {
        var summary = Walked();
        var advice = summary.Advice![0];
        SearchedCapacity Held(double held, string limit) => new(held, held * 1.05, null) { Limit = limit, HostBusy = 0.9, WorkerBusy = 0.3 };
        var path = advice.Path! with
        {
            WithinUploadSlo = [new("path's end", [Held(32, "sendLargeData p99")], true, 18), new(PathEnding.GrpcCore, [Held(40, "keep-pace")], false, 160)],
        };

        var md = PathReport.Render(summary.WithAdvice([advice with { Path = path }]));

        Assert.Contains("The headline's two capacities, each with the limit that ended it", md);
        Assert.Contains("| the uploads' own (getInt beside them, its p99 shown, not bound) | 32/s, sendLargeData p99 (90 % / 30 %); getInt p99 18 ms (the mix's searches: no probe missed on getInt's p99) "
                        + "| 40/s, keep-pace (90 % / 30 %); getInt p99 160 ms | x0.80 (search brackets: ", md);
        Assert.DoesNotContain("The headline's two capacities", PathReport.Render(Walked()));
    }

    [Fact]
    public void On_a_teams_service_the_path_names_its_methods_where_the_story_names_uploads_and_getInt_and_has_no_floors()
    {
        var service = new ServiceLoad("/team/Inventory.dll",
            [new("GetItem", "inventory.Inventory/GetItem", "unary", ["{}"], null, null, 1, 50), new("AddItems", "inventory.Inventory/AddItems", "client-streaming", ["{}"], 20, 20, null, 200)]);

        var md = PathReport.Render(Walked().WithService(service));
        var story = PathReport.Render(Walked());

        Assert.Contains("| vs Grpc.Core | host CPU per call, ms | AddItems p99, ms | host peak RSS, MiB |", md);
        Assert.Contains("the highest rate of your methods' mix held within the SLO", md);
        Assert.Contains("No floors: they post the story's upload bytes", md);
        Assert.Contains("| vs Grpc.Core | host CPU per upload, ms | getInt p99, ms | host peak RSS, MiB |", story);
        Assert.DoesNotContain("No floors", story);
        var steps = Walked().Advice![0].Path!.Steps;
        Assert.EndsWith("(every change the screen found helping was tried; no floors on your own methods).",
            PathEnding.Of(steps, [new(32, 33.6, null)], [], true, false, withFloors: false));
    }

    [Fact]
    public void The_advice_folder_holds_path_md_and_its_chart_beside_the_advice()
    {
        var folder = Directory.CreateTempSubdirectory("path-").FullName;
        try
        {
            var files = ReportFiles.WriteReading(folder, Walked());

            Assert.Contains(Path.Combine(folder, "advice", "path.md"), files);
            var chart = Path.Combine(folder, "advice", "path-net8.0.png");
            Assert.Contains(chart, files);
            PngAssert.IsChart(File.ReadAllBytes(chart));
            Assert.Contains("![capacity along the path, net8.0](path-net8.0.png)", File.ReadAllText(Path.Combine(folder, "advice", "path.md")));
            Assert.Contains("(path.md)", File.ReadAllText(Path.Combine(folder, "advice", "advice.md")));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
