using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests.Reporting;

/// <summary>A recommendation held against the repository's committed advise runs (issue 62, item 5).</summary>
public class CommittedAdviceTests
{
    private static readonly KnobChoice Window = new("stream-window", "4194304", "initialStreamWindowSize=4194304", "Kestrel", "builder.WebHost.ConfigureKestrel(...)");

    private static Spread Fitted(double ratio) => new(ratio, ratio / 1.04, ratio * 1.04, 36, ScreenFindings.FitKind);

    private static AdviceSummary Advice(string runtime, string verdict, double ratio, bool recommended) =>
        new(runtime, "mixed", "20 MiB uploads", 20, 10, 0.1, [new(Window, "Kestrel's stream window", 36, null, null, null, null, null, null, null, verdict, 0.1, null, Fitted(ratio))],
            recommended ? [Window] : [], [], [], 30);

    private static LoadRunSummary Run(params AdviceSummary[] advice) => (Summary(Ok(Kestrel("net8.0"), 300, 3)) with { Preset = "advise" }).WithAdvice(advice);

    [Fact]
    public void A_recommended_value_another_run_of_the_same_runtime_found_hurting_is_named_and_one_that_agrees_or_differs_compatibly_is_not()
    {
        var here = Advice("net8.0", AdviceFindings.Helps, 1.08, recommended: true);

        var contradicted = CommittedAdvice.Contradictions(here, [("advise-30-net8-2", Run(Advice("net8.0", AdviceFindings.Hurts, 0.91, false)))]);

        var note = Assert.Single(contradicted);
        Assert.StartsWith("`stream-window` = 4194304 is recommended here (helps, x1.08 [1.04, 1.12]), but the committed run of net8.0 found otherwise: advise-30-net8-2 (", note);
        Assert.EndsWith("): hurts, x0.91 [0.88, 0.95]. Runs of this runtime contradict each other on it, so it is not settled; confirm it on your own machine before you keep it.", note);
        // Several runs against one value: one note naming each.
        var twice = Assert.Single(CommittedAdvice.Contradictions(here, [("a", Run(Advice("net8.0", AdviceFindings.Hurts, 0.91, false))), ("b", Run(Advice("net8.0", AdviceFindings.Hurts, 0.8, false)))]));
        Assert.Contains("but 2 committed runs of net8.0 found otherwise: a (", twice);
        Assert.Contains("; b (", twice);
        Assert.Empty(CommittedAdvice.Contradictions(here, [("alike", Run(Advice("net8.0", AdviceFindings.Helps, 1.06, false)))]));
        Assert.Empty(CommittedAdvice.Contradictions(here, [("compatible", Run(Advice("net8.0", AdviceFindings.NoEffect, 1.03, false)))]));
        Assert.Empty(CommittedAdvice.Contradictions(here, [("other runtime", Run(Advice("net10.0", AdviceFindings.Hurts, 0.91, false)))]));
        Assert.Empty(CommittedAdvice.Contradictions(here with { Recommended = [] }, [("not recommended", Run(Advice("net8.0", AdviceFindings.Hurts, 0.91, false)))]));
    }

    [Fact]
    public void The_committed_advise_runs_are_found_above_any_folder_of_the_clone_and_read()
    {
        var folder = CommittedAdvice.Folder(AppContext.BaseDirectory);

        Assert.NotNull(folder);
        var runs = CommittedAdvice.Read(folder);
        Assert.Contains("advise-30", runs.Select(r => r.Name));
        Assert.True(runs.Count >= 10, $"{runs.Count} committed advise runs");
        Assert.All(runs, r => Assert.NotEmpty(r.Run.Advice!));
        Assert.Null(CommittedAdvice.Folder(Path.GetPathRoot(AppContext.BaseDirectory)));
    }
}
