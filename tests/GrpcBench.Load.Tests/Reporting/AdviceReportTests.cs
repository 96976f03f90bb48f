using GrpcBench.Load.Analysis;
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
        return (Summary(Ok(Kestrel("net10.0"), 300, 3)) with { Preset = "advise" }).WithAdvice([advice]);
    }

    [Fact]
    public void The_advice_gives_the_confirmed_combination_then_every_knob_ranked_then_the_settings_grouped_by_where_they_go()
    {
        var md = AdviceReport.Render(Advised());

        Assert.Contains("- `sockets-inline-completions` = 1 (DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1)", md);
        Assert.Contains("| recommended: kestrel/grpc-net net10.0 default DOTNET_gcServer=0 h2c | 26 (range of 3: 25-27) | x1.37 (range of 9: 1.30-1.44) | x0.57 (range of 9: 0.54-0.60) | higher |", md);
        Assert.Contains("| max-frame-size | 65536 | no effect found (within ±6 %) | x1.01 (range of 9: 0.96-1.06) same |", md);
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

    private static Spread Fitted(double ratio, double reach = 0.04) => new(ratio, ratio / (1 + reach), ratio * (1 + reach), 36, "95 % CI, least squares");

    private static LoadRunSummary Screened()
    {
        var inline = new KnobChoice("sockets-inline-completions", "1", "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", "HostRuntime",
            "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1   # the service's environment (no project property reads it)");
        var placebo = new KnobChoice("placebo", "1", "DOTNET_GrpcBenchPlacebo=1", "HostRuntime", "DOTNET_GrpcBenchPlacebo=1   # nothing: no runtime or library reads it (the placebo)");
        var tiered = new KnobChoice("tiered-compilation", "0", "DOTNET_TieredCompilation=0", "HostRuntime", "<TieredCompilation>false</TieredCompilation>   <!-- csproj -->");
        var chunked = new KnobChoice("chunked-64k", "64 KiB", "chunked-64k", "Design", "rpc UploadChunks (stream Chunk) returns (UploadSummary);");
        var advice = new AdviceSummary("net10.0", "mixed", "20 MiB uploads", 19, 12, 0.12,
        [
            new(inline, "socket completions inline", 36, null, null, Fitted(0.8), null, Fitted(0.9), Fitted(1), Fitted(1), AdviceFindings.Helps, 0.3, "1", Fitted(1.35)),
            new(placebo, "a setting nothing reads", 36, null, null, Fitted(1), null, Fitted(1), Fitted(1), Fitted(1), AdviceFindings.NoEffect, 0.05, "1", Fitted(1.01)),
            new(tiered, "tiered JIT", 36, null, null, Fitted(1.3), null, Fitted(1.2), Fitted(1), Fitted(1), AdviceFindings.Hurts, 0.3, "0", Fitted(0.7)),
        ],
        [inline],
        [
            new("default", "kestrel/grpc-net net10.0 default h2c", new Spread(19, 19, 19, 1, "1 run"), null, Ratio(0.42), null, null, null, null),
            new("recommended", "kestrel/grpc-net net10.0 default DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1 h2c", new Spread(26, 26, 26, 1, "1 run"), Ratio(1.37), Ratio(0.57), null, null, null, null),
        ], ["The default's first runs spread 9 % (coefficient of variation): too much for ±10 % in this budget; decided at ±12 % instead."], 29.1)
        {
            Alternatives = [new(chunked, "64 KiB chunks", 4, null, null, Fitted(0.9), null, Fitted(0.5), Fitted(1.2), null, AdviceFindings.Helps, 0.4, null, new(1.9, 1.6, 2.2, 4, ScreenFindings.PairedKind))],
            Screen = new ScreenSummary("4 callers of 20 MiB uploads in a closed loop beside getInt at 50/s, 3 s warm-up, 6 s measured, a fresh host each", 4, 0.09, 0.1,
                [new ScreenStage("first values", ["sockets-inline-completions=1", "placebo=1", "tiered-compilation=0"], 8, true, 18, 0, 1, 0.061, 0.998, 9, 0.042, -0.93)],
                [
                    new ConfirmedThroughput("default", "kestrel/grpc-net net10.0 default h2c", new Spread(24, 23, 25, 3, "range of 3 runs"), null, Ratio(0.5), null, new Spread(40, 39, 41, 3, "range of 3 runs"), null, null),
                    new ConfirmedThroughput("recommended", "kestrel/grpc-net net10.0 default DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1 h2c", new Spread(32, 31, 33, 3, "range of 3 runs"), Ratio(1.33), Ratio(0.66), "higher", null, null, null),
                ], 21.46),
        };
        return (Summary(Ok(Kestrel("net10.0"), 300, 3)) with { Preset = "advise" }).WithAdvice([advice]);
    }

    [Fact]
    public void Screened_advice_says_what_it_decided_at_how_the_placebo_came_out_and_every_value_with_its_throughput_interval()
    {
        var md = AdviceReport.Render(Screened());

        Assert.Contains("Verdicts at ±12 % (asked ±10 %: too fine for the run spread in this budget)", md);
        Assert.Contains("| first values | 3 | 8 | yes | 18 | 0 | 1 | 6.1 % | x0.998 | 9 | 4.2 %, -0.93 |", md);
        Assert.Contains("Before each run a fixed piece of work was timed on the host's and the worker's CPUs (the machine's speed)", md);
        Assert.Contains("Decided 3 of 3 applicable knob values (100 %) in 21.5 min of screening. The placebo (a setting nothing reads): no effect found, x1.01 [0.97, 1.05].", md);
        Assert.Contains("| recommended: kestrel/grpc-net net10.0 default DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1 h2c | 32 (range of 3: 31-33) | x1.33 (range of 9: 1.26-1.40) | x0.66 (range of 9: 0.63-0.69) | higher |", md);
        Assert.Contains("| sockets-inline-completions | 1 | helps | x1.35 [1.30, 1.40] | x0.80 [0.77, 0.83] |", md);
        Assert.Contains("| chunked-64k | helps | x1.90 [1.60, 2.20] |", md);
        Assert.Contains("Their SLO capacity, searched once each", md);
        Assert.Contains("![throughput per knob value](throughput-net10.0.png)", md);
        Assert.DoesNotContain("Knobs are screened one at a time", md);
    }

    [Fact]
    public void Grpc_Cores_memory_settings_come_in_a_section_of_their_own_against_its_defaults_with_the_page_faults_each_moved()
    {
        var threshold = new KnobChoice("malloc-mmap-threshold", "glibc.malloc.mmap_threshold=33554432", "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432", "HostRuntime", "GLIBC_TUNABLES=...");
        var retain = new KnobChoice("gc-retain-vm", "1", "DOTNET_GCRetainVM=1", "HostRuntime", "<RetainVMGarbageCollection>true</RetainVMGarbageCollection>");
        var summary = Screened();
        var advice = summary.Advice![0] with
        {
            GrpcCoreMemory = new GrpcCoreMemorySummary(2, 0.04, [new ScreenStage(ScreenStage.EveryValue, ["a", "b"], 16, true, 18, 0, 0, 0.05, 1, 9)],
            [
                new(threshold, "mapped fresh above it", 8, null, null, Fitted(0.6), null, Fitted(1), null, Fitted(1.2), AdviceFindings.Helps, 0.3, "glibc.malloc.mmap_threshold=33554432", Fitted(1.5)) { HostFaults = Fitted(0.45) },
                new(retain, "keep freed segments", 8, null, null, Fitted(1), null, Fitted(1), null, Fitted(1), AdviceFindings.CouldNotTell, 0.3, "True", Fitted(1.02, 0.2)) { NeedsThreshold = 0.24 },
            ], 4.3),
        };

        var md = AdviceReport.Render(summary.WithAdvice([advice]));

        Assert.Contains("### Grpc.Core's memory settings, screened on its own host", md);
        Assert.Contains("Grpc.Core stays the baseline at its defaults everywhere else in this advice", md);
        Assert.Contains("Its first 2 runs spread 4 %; 18 runs in a 16-run design with its foldover, run spread 5 % on 9 degrees of freedom; 4.3 min.", md);
        Assert.Contains("| malloc-mmap-threshold | glibc.malloc.mmap_threshold=33554432 | helps | x1.50 [1.44, 1.56] | x0.60 [0.58, 0.62] | x0.45 [0.43, 0.47] |", md);
        Assert.Contains("| gc-retain-vm | 1 | undecided at ±12 % (would need ±24 %) |", md);
        Assert.DoesNotContain("### Grpc.Core's memory settings", AdviceReport.Render(Screened()));
    }

    [Fact]
    public void Screened_advice_on_a_teams_service_names_its_methods_in_the_columns_the_story_gives_to_uploads_and_getInt()
    {
        var service = new ServiceLoad("/team/Inventory.dll",
            [new("GetItem", "inventory.Inventory/GetItem", "unary", ["{}"], null, null, 1, 50), new("AddItems", "inventory.Inventory/AddItems", "client-streaming", ["{}"], 20, 20, null, 200)]);

        var md = AdviceReport.Render(Screened().WithService(service));

        Assert.Contains("| host CPU ms/call | AddItems p99 ms | host peak RSS MiB |", md);
        Assert.Contains("| host CPU/call vs default | AddItems p99 vs default | client CPU/call vs default |", md);
        Assert.Contains("| host CPU ms/upload | getInt p99 ms | host peak RSS MiB |", AdviceReport.Render(Screened()));
    }

    [Fact]
    public void A_design_alternative_that_was_profiled_says_where_its_difference_is_against_the_defaults_profile()
    {
        static HostProfileRow Profile(string name, double ms, params (string Component, double Ms)[] native) =>
            new(name, name, ms, 100, 100, [], []) { Native = [.. native.Select(c => new ComponentCost(c.Component, 100 * c.Ms / ms, c.Ms))], NativeMsPerCall = ms };
        var summary = Screened();
        var advice = summary.Advice![0] with
        {
            Profiles =
            [
                Profile("default", 10, ("GC", 3), ("memory copy / allocation", 2), ("Kestrel HTTP/2", 4), ("kernel", 1)),
                Profile("chunked-64k", 7.2, ("GC", 0.8), ("memory copy / allocation", 1.6), ("Kestrel HTTP/2", 4.02), ("kernel", 0.78)),
            ],
        };

        var md = AdviceReport.Render(summary.WithAdvice([advice]));

        Assert.Contains("Where chunked-64k's difference is, from its host's profile beside the default's at 12/s (perf's CPU clock, per call of the mix): "
                        + "the host's CPU 10.00 ms → 7.20 ms a call; GC −2.20 ms, memory copy / allocation −0.40 ms, kernel −0.22 ms. "
                        + "Beside the host: the client's CPU per upload x1.20 [1.15, 1.25], getInt's p99 under saturation x0.50 [0.48, 0.52].", md);
        Assert.DoesNotContain("Where chunked-64k's difference is", AdviceReport.Render(Screened()));
    }

    [Fact]
    public void Two_advise_runs_are_compared_by_whether_each_value_is_decided_alike_compatibly_or_in_contradiction()
    {
        var first = Screened();
        var advice = first.Advice![0];
        KnobFinding With(KnobFinding finding, string verdict, Spread? throughput = null) => finding with { Verdict = verdict, Throughput = throughput ?? finding.Throughput };
        Run(AdviceFindings.CouldNotTell, AdviceFindings.NoEffect, out var rows, out var md);

        Assert.Equal([AdviceAgreement.Agreement.Alike, null, AdviceAgreement.Agreement.Contradict, AdviceAgreement.Agreement.Alike], rows.Select(r => r.Agree));
        Assert.Contains("- net10.0: 3 of 4 values decided in both runs, 2 of them alike (67 %), 0 different but compatible", md);
        Assert.Contains("1 contradicting; 1 decided in one run only", md);
        Assert.Contains("| net10.0 | tiered-compilation | 0 | hurts x0.70 [0.67, 0.73] | no effect found x0.70 [0.67, 0.73] | **no** |", md);
        Assert.Empty(AdviceAgreement.Rows(first, second: first.WithAdvice([advice with { Runtime = "net8.0" }])));

        // The placebo "no effect found" within ±12 % in the first run, "helps" x1.06 [1.02, 1.10] in the second: both hold for an effect of 2-10 %.
        Run(AdviceFindings.Helps, AdviceFindings.Hurts, out rows, out md);
        Assert.Equal(AdviceAgreement.Agreement.Compatible, rows[1].Agree);
        Assert.Contains("| net10.0 | placebo | 1 | no effect found x1.01 [0.97, 1.05] | helps x1.06 [1.02, 1.10] | compatible |", md);

        void Run(string placebo, string tiered, out IReadOnlyList<AdviceAgreement.Row> rows, out string md)
        {
            var second = first.WithAdvice([advice with { Knobs = [With(advice.Knobs[0], AdviceFindings.Helps), With(advice.Knobs[1], placebo, Fitted(1.06)), With(advice.Knobs[2], tiered)] }]);
            rows = AdviceAgreement.Rows(first, second);
            md = AdviceAgreementReport.Markdown(first, second);
        }
    }

    [Fact]
    public void Screened_advice_draws_its_throughput_chart_beside_the_markdown()
    {
        var folder = Directory.CreateTempSubdirectory("advice-").FullName;
        try
        {
            var files = ReportFiles.WriteReading(folder, Screened());

            Assert.Equal([Path.Combine(folder, "advice", "advice.md"), Path.Combine(folder, "advice", "throughput-net10.0.png")], files);
            PngAssert.IsChart(File.ReadAllBytes(files[1]));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void A_profile_gives_thread_time_per_call_by_component_and_what_the_samples_did_not_see_as_unattributed()
    {
        var summary = Screened();
        var profiled = summary.Advice![0] with
        {
            Profiles =
            [
                new("default", "kestrel/grpc-net net10.0 default h2c", 10.0, 4000, 9000,
                    [new("kestrel-http2", 60, 3.6), new("grpc", 40, 2.4)], ["Pipe.Read (20 %)"], SampleIntervalMs: 1.2, UnattributedMsPerCall: 4.0),
                new("Grpc.Core", "grpc-core/grpc-core net10.0 h2c", 5.0, 500, 9000, [new("grpc-core", 100, 0.5)], [], SampleIntervalMs: 1.0, UnattributedMsPerCall: 4.5),
            ],
        };

        var md = AdviceReport.Render(summary.WithAdvice([profiled]));

        Assert.Contains("| host time per call | default | Grpc.Core |", md);
        Assert.Contains("| all (measured CPU) | 10.00 ms | 5.00 ms |", md);
        Assert.Contains("| kestrel-http2 | 3.60 ms (60 %) | - |", md);
        Assert.Contains("| unattributed (native, kernel, GC, unsampled threads) | 4.00 ms | 4.50 ms |", md);
        Assert.Contains("| samples: managed CPU / native or waiting | 4,000 / 9,000, a pass every 1.2 ms | 500 / 9,000, a pass every 1 ms |", md);
        Assert.DoesNotContain("that share of the host's CPU per call", md);
    }

    [Fact]
    public void A_profile_whose_calls_failed_says_how_many_and_why_above_its_figures()
    {
        var summary = Screened();
        var profiled = summary.Advice![0] with
        {
            Profiles =
            [
                new("default", "kestrel/grpc-net net10.0 default h2c", 10.0, 4000, 9000, [new("kestrel-http2", 100, 3.6)], [], SampleIntervalMs: 1.2) { OkCalls = 300 },
                new("chunked-64k", "kestrel/grpc-net net10.0 default h2c chunked", 30.0, 4000, 9000, [new("kestrel-http2", 100, 3.6)], [], SampleIntervalMs: 1.2)
                {
                    OkCalls = 12, FailsByCode = new Dictionary<string, long> { ["DeadlineExceeded"] = 40, ["Unavailable"] = 3 },
                },
            ],
        };

        var md = AdviceReport.Render(summary.WithAdvice([profiled]));

        Assert.Contains("- **chunked-64k: 43 of 55 calls failed while it was profiled** (DeadlineExceeded 40, Unavailable 3): its figures are per completed call", md);
        Assert.DoesNotContain("**default:", md);
        Assert.True(md.IndexOf("43 of 55", StringComparison.Ordinal) < md.IndexOf("| host time per call", StringComparison.Ordinal));
    }

    [Fact]
    public void With_perf_the_profile_gives_each_component_s_CPU_per_call_native_code_included_before_where_the_managed_threads_were()
    {
        var summary = Screened();
        var profiled = summary.Advice![0] with
        {
            Profiles =
            [
                new("default", "kestrel/grpc-net net10.0 default h2c", 10.0, 4000, 9000, [new("kestrel-http2", 100, 3.6)], [], SampleIntervalMs: 1.2, UnattributedMsPerCall: 6.4)
                {
                    Native = [new("kernel (syscalls, network stack, scheduler)", 40, 4.0), new("kestrel-http2", 60, 5.9)], NativeMsPerCall = 9.9,
                },
                new("Grpc.Core", "grpc-core/grpc-core net10.0 h2c", 5.0, 500, 9000, [new("grpc-core", 100, 0.5)], []) { NativeFailure = "HostProfileException: no native profile: perf is not installed" },
            ],
        };

        var md = AdviceReport.Render(summary.WithAdvice([profiled]));

        Assert.Contains("| measured (the process's CPU time) | 10.00 ms | 5.00 ms |", md);
        Assert.Contains("| perf, all samples | 9.90 ms | not profiled: HostProfileException: no native profile: perf is not installed |", md);
        Assert.Contains("| kernel (syscalls, network stack, scheduler) | 4.00 ms (40 %) | - |", md);
        Assert.Contains("Where the managed threads were, from EventPipe's sample profiler", md);
        Assert.True(md.IndexOf("| perf, all samples", StringComparison.Ordinal) < md.IndexOf("| host time per call", StringComparison.Ordinal));
    }
}
