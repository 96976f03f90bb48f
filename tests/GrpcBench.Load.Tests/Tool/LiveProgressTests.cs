using GrpcBench.Load;
using GrpcBench.Load.Results;
using Spectre.Console;

namespace GrpcBench.Load.Tests.Tool;

public class LiveProgressTests
{
    private static LiveProgress Progress() => new(AnsiConsole.Create(new AnsiConsoleSettings { Out = new AnsiConsoleOutput(new StringWriter()) }));

    private static LoadProgress Snapshot(ScenarioProgress scenario) => new(scenario.PhaseElapsed, [scenario]);

    private static ScenarioProgress Closed(double seconds, long done) => new("getInt", 0, "keep 100 constant for 100000 requests (at most 600s)", 0,
        TimeSpan.FromSeconds(seconds), TimeSpan.FromSeconds(600), done, 0, 100, Requests: 100_000);

    [Fact]
    public void The_closed_model_shows_the_rate_done_and_the_time_its_calls_left_take_at_that_rate()
    {
        var progress = Progress();

        var first = progress.Describe(Snapshot(Closed(0.5, 500)));
        var later = progress.Describe(Snapshot(Closed(2.5, 2_500)));

        Assert.Equal("getInt: keep 100 constant for 100000 requests (at most 600s), -/s, ok 500, fail 0, in flight 100, about 10 min left", first);
        // 2,000 calls in 2 s: 1,000/s; 97,500 calls left take 97.5 s, well within the phase's 597.5 s.
        Assert.Equal("getInt: keep 100 constant for 100000 requests (at most 600s), 1000/s done, ok 2500, fail 0, in flight 100, about 1.6 min left", later);
    }

    [Fact]
    public void The_open_model_shows_the_rate_asked_and_the_phase_time_left()
    {
        var line = Progress().Describe(Snapshot(new("sendLargeData", 1, "inject 5 per 1s for 10s", 5, TimeSpan.FromSeconds(4), TimeSpan.FromSeconds(10), 23, 1, 2)));

        Assert.Equal("sendLargeData: inject 5 per 1s for 10s, 5/s, ok 23, fail 1, in flight 2, about 6 s left", line);
    }

    [Fact]
    public void Warm_up_and_drain_show_no_rate_and_no_time_left()
    {
        var progress = Progress();

        var warmUp = progress.Describe(Snapshot(new("getInt", -1, "warm-up", 0, TimeSpan.FromSeconds(3), TimeSpan.FromSeconds(5), 0, 0, 100)));
        var draining = progress.Describe(Snapshot(new("getInt", 1, "draining", 0, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(30), 900, 0, 7)));

        Assert.Equal("getInt: warm-up, -/s, ok 0, fail 0, in flight 100", warmUp);
        Assert.Equal("getInt: draining, -/s, ok 900, fail 0, in flight 7", draining);
    }
}
