using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests;

public class AdviceReportTests
{
    private static Spread Ratio(double median) => new(median, median * 0.95, median * 1.05, 9, "range of 9 ratios");

    private static LoadRunSummary Advised()
    {
        var inline = new KnobChoice("sockets-inline-completions", "1", "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", "HostRuntime",
            "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1   # the service's environment (no project property reads it)");
        var gc = new KnobChoice("gc-server", "0", "DOTNET_gcServer=0", "HostRuntime", "<ServerGarbageCollection>false</ServerGarbageCollection>   <!-- csproj -->");
        var frame = new KnobChoice("max-frame-size", "65536", "maxFrameSize=65536", "Kestrel", "builder.WebHost.ConfigureKestrel(o => o.Limits.Http2.MaxFrameSize = 65536);   // Program.cs");
        var advice = new AdviceSummary("net10.0", "mixed", "20 MiB uploads", 19, 11.4, 0.1,
        [
            new(inline, "socket completions inline", 3, Ratio(1.28), "higher", Ratio(0.8), "lower", Ratio(0.7), Ratio(1), Ratio(1), AdviceFindings.Helps, 0.3, "1"),
            new(gc, "workstation GC", 3, Ratio(1.12), "higher", Ratio(0.9), "same", null, null, Ratio(0.8), AdviceFindings.Helps, 0.17, "False"),
            new(frame, "frame size", 2, Ratio(1.01), "same", Ratio(1), "same", null, null, null, AdviceFindings.NoEffect, 0.06, "65536"),
        ],
        [inline, gc],
        [
            new("default", "kestrel/grpc-net net10.0 default h2c", new Spread(19, 18, 20, 3, "range of 3 runs"), null, Ratio(0.42), null, null, null, null),
            new("recommended", "kestrel/grpc-net net10.0 default DOTNET_gcServer=0 h2c", new Spread(26, 25, 27, 3, "range of 3 runs"), Ratio(1.37), Ratio(0.57), "higher", null, null, null),
            new("Grpc.Core", "grpc-core/grpc-core net10.0 h2c", new Spread(45, 44, 47, 3, "range of 3 runs"), Ratio(2.4), null, "higher", null, null, null),
        ], ["Not screened, the budget ran out first: io-queues=0."], 28.5);
        return Summary(Ok(Kestrel("net10.0"), 300, 3)) with { Preset = "advise", Advice = [advice] };
    }

    [Fact]
    public void The_advice_gives_the_confirmed_combination_then_every_knob_ranked_then_the_settings_grouped_by_where_they_go()
    {
        var md = AdviceReport.Render(Advised());

        Assert.Contains("- `sockets-inline-completions` = 1 (DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1)", md);
        Assert.Contains("| recommended: kestrel/grpc-net net10.0 default DOTNET_gcServer=0 h2c | 26 [25, 27] | x1.37 [1.30, 1.44] | x0.57 [0.54, 0.60] | higher |", md);
        Assert.Contains("| max-frame-size | 65536 | no effect found (within ±6 %) | x1.01 [0.96, 1.06] same |", md);
        Assert.True(md.IndexOf("### Recommended", StringComparison.Ordinal) < md.IndexOf("### Every knob value, ranked", StringComparison.Ordinal));
        Assert.Contains("The service's project file (csproj), in a PropertyGroup:\n\n```\n<ServerGarbageCollection>false</ServerGarbageCollection>", md.ReplaceLineEndings("\n"));
        Assert.Contains("The service's environment:\n\n```\nDOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", md.ReplaceLineEndings("\n"));
        Assert.Contains("- Not screened, the budget ran out first: io-queues=0.", md);
        Assert.Contains("The run took 28.5 min.", md);
    }

    [Fact]
    public void The_advice_folder_holds_the_markdown_and_a_chart_per_runtime()
    {
        var folder = Directory.CreateTempSubdirectory("advice-").FullName;
        try
        {
            var files = ReportFiles.WriteReading(folder, Advised());

            Assert.Equal([Path.Combine(folder, "advice", "advice.md"), Path.Combine(folder, "advice", "capacity-net10.0.png")], files);
            PngAssert.IsChart(File.ReadAllBytes(files[1]));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
