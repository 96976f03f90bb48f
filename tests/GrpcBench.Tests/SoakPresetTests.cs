using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>The soak preset: its pass rule on made-up samples, its options, and a one-minute soak of a real host and worker.</summary>
[Collection(MeasuredAlone.Name)] // "well below capacity, nothing fails" holds on CPUs no other test's load shares
public class SoakPresetTests
{
    private static readonly SoakOptions Minute = SoakOptions.Default(quick: true) with { Seconds = 60 };

    /// <summary>Samples every 5 s over 5 s of warm-up and 60 s of load, host and worker at the RSS given for each time.</summary>
    private static IReadOnlyList<SoakSample> Samples(Func<double, double> hostRss, Func<double, double>? workerRss = null) =>
        [.. Enumerable.Range(0, 14).Select(i => i * 5.0).Select(t => new SoakSample(t, hostRss(t), t / 10, (workerRss ?? (_ => 200))(t), t / 10, [(int)t, 0, 0], 0, 0))];


    private static ScenarioStats Scenario(string name, long ok, long failed, params CallPoint[] calls) =>
        new(name, ok, failed, new Dictionary<string, long>(), 60, 6, 6, 0, 0, 0, 0, LatencyStats.Empty, LatencyStats.Empty, Calls: calls);

    [Fact]
    public void Soak_passes_with_no_failed_call_and_memory_that_levels_off()
    {
        var run = SoakRun.Judge("k", Minute, Samples(t => t < 10 ? 100 + t * 10 : 200), [Scenario("getInt", 3000, 0)], null, false, 5);

        Assert.Equal("pass", run.Verdict);
        Assert.Equal(0, run.HostRssGrowth!.Value, 3);
        Assert.Empty(run.Reasons);
    }

    [Fact]
    public void Soak_fails_on_one_failed_call()
    {
        var run = SoakRun.Judge("k", Minute, Samples(_ => 200), [Scenario("getInt", 2999, 1)], null, false, 5);

        Assert.Equal("fail", run.Verdict);
        Assert.Equal(["1 failed calls"], run.Reasons);
    }

    [Fact]
    public void Soak_fails_when_a_side_grows_10_percent_over_the_last_two_thirds_and_names_it()
    {
        // From one third on (25 s: 5 s warm-up + 20 s) the worker climbs 4 MiB every 5 s: floors 204 MiB (25-35 s), 228 (55-65 s).
        var run = SoakRun.Judge("k", Minute, Samples(_ => 200, t => 200 + Math.Max(0, t - 20) * 0.8), [Scenario("getInt", 3000, 0)], null, false, 5);

        Assert.Equal("fail", run.Verdict);
        Assert.InRange(run.WorkerRssGrowth!.Value, 0.10, 0.20);
        Assert.Equal(0, run.HostRssGrowth!.Value, 3);
        Assert.StartsWith("worker RSS grew 1", Assert.Single(run.Reasons));
    }

    [Fact]
    public void Soak_judges_a_sawtooth_by_its_floors_a_heap_the_GC_brings_back_passes_one_whose_floor_rises_fails()
    {
        // From one third on (25 s), samples of a heap that a full GC brings back to 200 MiB at 30 s and at 55 s: the mean of the
        // last 3 is 13 % over the mean of the 3 from one third on, but the floors are level; raised by 30 MiB, they are not.
        double[] steadyTeeth = [300, 200, 250, 300, 350, 400, 200, 300, 350], risingTeeth = [300, 200, 250, 300, 350, 400, 230, 330, 380];
        static Func<double, double> FromOneThird(double[] tail) => t => t < 25 ? 250 : tail[(int)(t - 25) / 5];

        var steady = SoakRun.Judge("k", Minute, Samples(_ => 200, FromOneThird(steadyTeeth)), [Scenario("getInt", 3000, 0)], null, false, 5);
        var rising = SoakRun.Judge("k", Minute, Samples(_ => 200, FromOneThird(risingTeeth)), [Scenario("getInt", 3000, 0)], null, false, 5);

        Assert.Equal("pass", steady.Verdict);
        Assert.Equal(0, steady.WorkerRssGrowth!.Value, 3);
        Assert.Equal("fail", rising.Verdict);
        Assert.Equal(0.15, rising.WorkerRssGrowth!.Value, 3);
    }

    [Fact]
    public void Soak_without_enough_samples_is_incomplete_not_a_pass()
    {
        var run = SoakRun.Judge("k", Minute, Samples(_ => 200).Take(8).ToList(), [Scenario("getInt", 3000, 0)], null, false, 5);

        Assert.Equal("incomplete", run.Verdict);
        Assert.Null(run.HostRssGrowth);
        Assert.Contains("host RSS growth not measured (too few samples over the last two thirds)", run.Reasons);
    }

    [Fact]
    public void Soak_p99_over_time_is_per_5_s_window_of_the_successful_calls_on_the_samples_clock()
    {
        var calls = Enumerable.Range(1, 100).Select(n => new CallPoint(1, n, true)).Append(new CallPoint(2, 10_000, false)).Append(new CallPoint(6, 7, true)).ToArray();

        var windows = SoakRun.Windows([Scenario("getInt", 101, 1, calls)], 5);

        Assert.Equal([new SoakWindow("getInt", 5, 99, 100), new SoakWindow("getInt", 10, 7, 1)], windows);
    }

    [Fact]
    public void Soak_default_rate_is_120_MiB_per_second_of_uploads()
    {
        Assert.Equal(6, SoakOptions.DefaultUploadsPerSecond(20 * 1024 * 1024));
        Assert.Equal(30, SoakOptions.DefaultUploadsPerSecond(4 * 1024 * 1024));
        Assert.Equal(100, SoakOptions.DefaultUploadsPerSecond(1024 * 1024));
        Assert.Equal(1800, SoakOptions.Default(quick: false).Seconds);
        Assert.Equal(120, SoakOptions.Default(quick: true).Seconds);
    }

    private static LoadConfiguration Configuration(ServerStack server, string runtime) => new(ConfigurationKind.Grpc, server,
        server == ServerStack.Kestrel ? ClientStack.GrpcNet : ClientStack.GrpcCore, runtime, runtime, Compression.None, Transport.H2c,
        server == ServerStack.Kestrel ? "default" : "n/a", new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    private static readonly string CapacityReferenceRun = Path.Combine(GrpcBench.Orchestration.DotnetRoots.RepositoryRoot, "docs", "reference-runs", "load", "capacity", "run-2");

    [Fact]
    public void Soak_from_a_capacity_run_runs_each_configuration_at_half_the_mixed_capacity_it_held_there()
    {
        var kestrel = Configuration(ServerStack.Kestrel, "net10.0");
        var grpcCore = Configuration(ServerStack.GrpcCore, "net10.0");

        var soak = GrpcBench.Load.SoakRates.HalfOfCapacity(SoakOptions.Default(quick: false), CapacityReferenceRun, [grpcCore, kestrel]);

        // run-2's mixed medians on .NET 10: Grpc.Core 40.1/s, Kestrel default 18.8/s.
        Assert.Equal(20.05, soak.RateFor(grpcCore.Label));
        Assert.Equal(9.4, soak.RateFor(kestrel.Label));
        Assert.Contains("50 % of each configuration's mixed capacity", soak.RateSource);
    }

    [Fact]
    public void Soak_from_a_capacity_run_without_the_configuration_names_it()
    {
        var net9 = Configuration(ServerStack.Kestrel, "net9.0");

        var error = Assert.Throws<FormatException>(() => GrpcBench.Load.SoakRates.HalfOfCapacity(SoakOptions.Default(quick: false), CapacityReferenceRun, [net9]));

        Assert.Equal($"--capacity-from {CapacityReferenceRun}: allowed a run that found a mixed capacity for kestrel/grpc-net net9.0 default h2c sendLargeData+getInt 20MiB; "
                     + "it has none (its payload must be the soak's)", error.Message);
    }

    [Theory]
    [InlineData("--rate 5", "invalid option: --rate: allowed with --preset soak only")]
    [InlineData("--minutes 5", "invalid option: --minutes: allowed with --preset soak only")]
    [InlineData("--capacity-from results", "invalid option: --capacity-from: allowed with --preset soak only")]
    [InlineData("--preset soak --rate 5 --capacity-from results", "invalid option: --capacity-from: not with --rate; allowed one of them")]
    [InlineData("--preset soak --rate 0", "invalid option: --rate 0: allowed 0.1 to 100 calls per second")]
    [InlineData("--preset soak --minutes 61", "invalid option: --minutes 61: allowed 1 to 60")]
    [InlineData("--preset soak --concurrency 5 --requests 10", "invalid option: --concurrency: not with --preset soak, whose load is sendLargeData and getInt at steady rates: allowed --rate, --getint-rate, --minutes, --payload-mib")]
    [InlineData("--preset soak --phases =5x10", "invalid option: --phases: not with --preset soak, whose load is sendLargeData and getInt at steady rates: allowed --rate, --getint-rate, --minutes, --payload-mib")]
    [InlineData("--preset soak --target http://127.0.0.1:1", "invalid option: --target: allowed with the seed, streaming and chunked presets, on --link none")]
    public async Task Soak_option_out_of_place_or_range_gives_one_line_and_exit_2(string arguments, string expected)
    {
        var (exit, output, error) = await Hosts.RunLoadToolAsync(TimeSpan.FromSeconds(30), arguments.Split(' '));

        Assert.Equal(2, exit);
        Assert.Equal(expected, error.Trim());
        Assert.Equal("", output);
    }

    [Fact]
    public async Task Soak_quick_of_one_minute_samples_both_sides_every_5_s_and_writes_its_verdict_section_and_chart()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-soak-" + Guid.NewGuid().ToString("N"));

        var (exit, output, _) = await Hosts.RunLoadToolAsync(TimeSpan.FromMinutes(10), "--preset", "soak", "--quick", "--minutes", "1", "--server", "kestrel", "--out", folder);
        SummaryShape.Matches(folder, "soak-quick");

        Assert.Contains("soak: rate 6 uploads/s: default for 20MiB uploads", output);
        Assert.Contains("about ", output);
        foreach (var file in new[] { "summary.json", "report.md", "soak.png" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        var run = Assert.Single(summary.RootElement.GetProperty("soak").GetProperty("runs").EnumerateArray());
        var samples = run.GetProperty("samples").EnumerateArray().ToList();
        // 60 s of load, one sample every 5 s from the load's start: at least 12, never closer than the period (a loaded
        // machine may take longer over the minute, and then has more of them).
        Assert.True(samples.Count >= 12, $"{samples.Count} samples in a minute");
        var times = samples.Select(s => s.GetProperty("seconds").GetDouble()).ToList();
        Assert.All(times.Zip(times.Skip(1)), t => Assert.True(t.Second - t.First >= 4, $"samples at {t.First:0.0} s and {t.Second:0.0} s"));
        Assert.All(samples, s =>
        {
            Assert.True(s.GetProperty("hostRssMiB").GetDouble() > 20);
            Assert.True(s.GetProperty("workerRssMiB").GetDouble() > 20);
        });
        // The worker's GC counts come with its progress lines, the first of which may follow the first sample.
        Assert.All(samples.Skip(1), s => Assert.Equal(3, s.GetProperty("workerGc").GetArrayLength()));
        // The host's are counted from outside from its start: every sample has them, and 20 MiB uploads for a minute make it collect.
        Assert.All(samples, s => Assert.Equal(3, s.GetProperty("hostGc").GetArrayLength()));
        Assert.True(samples[^1].GetProperty("hostGc")[0].GetInt32() > 0, "the host collected nothing in a minute of 20 MiB uploads");
        Assert.True(samples[^1].GetProperty("hostCpuSeconds").GetDouble() > samples[1].GetProperty("hostCpuSeconds").GetDouble());
        Assert.Contains(run.GetProperty("p99").EnumerateArray(), w => w.GetProperty("scenario").GetString() == ScenarioNames.SendLargeData);
        Assert.Contains(run.GetProperty("p99").EnumerateArray(), w => w.GetProperty("scenario").GetString() == ScenarioNames.GetInt);
        var verdict = run.GetProperty("verdict").GetString();
        var report = File.ReadAllText(Path.Combine(folder, "report.md"));
        Assert.Contains("## Soak", report);
        Assert.Contains($"| kestrel/grpc-net net10.0 default h2c | **{verdict}** |", report);
        Assert.Contains("| host / worker GC 0/1/2 |", report);
        // Well below capacity, nothing fails; the memory rule is the run's to judge, and the exit code follows the verdict.
        Assert.Equal(0, run.GetProperty("failedCalls").GetInt64());
        Assert.Equal(verdict == "pass" ? 0 : 1, exit);
    }

}
