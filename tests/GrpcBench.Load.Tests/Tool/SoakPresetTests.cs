using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>The soak preset: its pass rule on made-up samples and its rates. Its options and a one-minute soak of a real host and worker: GrpcBench.Tests.</summary>
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
}
