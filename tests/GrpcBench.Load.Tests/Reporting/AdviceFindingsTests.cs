using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

/// <summary>The advisor's verdicts on fixtures: a knob that helps, one that hurts, one within noise, one searched too few times.</summary>
public class AdviceFindingsTests
{
    private static readonly KnobChoice Inline = new("sockets-inline-completions", "1", "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", "HostRuntime", "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1");

    /// <summary>The default searched four times: capacity 18-20/s, 9.6-10.4 host CPU ms per call at the screening rate.</summary>
    private static readonly IReadOnlyList<SearchFigures> Defaults =
        [Figures(18, 10.4), Figures(19, 10), Figures(20, 9.6), Figures(19.5, 10.1)];

    private static SearchFigures Figures(double capacity, double serverCpuMs) => new(capacity, serverCpuMs, 300, 4, 200);

    private static KnobFinding Judge(params SearchFigures[] trials) => AdviceFindings.Judge(Inline, "meaning", Defaults, trials, 0.1, "1");

    [Fact]
    public void A_knob_that_raises_capacity_beyond_the_threshold_in_every_search_helps()
    {
        var finding = Judge(Figures(24.5, 8), Figures(25, 8.1), Figures(24, 7.9));

        Assert.Equal(AdviceFindings.Helps, finding.Verdict);
        Assert.Equal("higher", finding.CapacityDecision);
        Assert.Equal("lower", finding.ServerCpuDecision);
        Assert.InRange(finding.Capacity!.Median, 1.25, 1.3);
        Assert.Equal(12, finding.Capacity.Count);
    }

    [Fact]
    public void A_knob_that_lowers_capacity_beyond_the_threshold_hurts()
    {
        Assert.Equal(AdviceFindings.Hurts, Judge(Figures(12, 14), Figures(12.5, 13.8)).Verdict);
    }

    [Fact]
    public void A_knob_within_noise_in_repeated_searches_has_no_effect_found_with_the_reach_it_could_see()
    {
        var finding = Judge(Figures(19.2, 10), Figures(19.6, 10.1), Figures(19, 9.9));

        Assert.Equal(AdviceFindings.NoEffect, finding.Verdict);
        Assert.Equal("same", finding.CapacityDecision);
        Assert.InRange(finding.SmallestEffectSeen!.Value, 0.05, 0.1);
    }

    [Fact]
    public void One_search_decides_only_no_effect_and_only_well_within_the_threshold()
    {
        Assert.Equal(AdviceFindings.NoEffect, Judge(Figures(19.5, 10)).Verdict);
        Assert.Equal(AdviceFindings.CouldNotTell, Judge(Figures(25, 8)).Verdict);
        Assert.Equal(AdviceFindings.CouldNotTell, Judge(Figures(19.5, 12)).Verdict);
        Assert.Null(Judge(Figures(25, 8)).CapacityDecision);
    }

    [Fact]
    public void Same_capacity_at_clearly_less_host_cpu_per_call_helps()
    {
        var finding = Judge(Figures(19.4, 7), Figures(19.6, 7.1), Figures(19.1, 6.9));

        Assert.Equal((AdviceFindings.Helps, "same", "lower"), (finding.Verdict, finding.CapacityDecision, finding.ServerCpuDecision));
    }

    [Fact]
    public void A_value_whose_every_search_failed_hurts()
    {
        Assert.Equal(AdviceFindings.Hurts, Judge(new SearchFigures(null, null, null, null, null), new SearchFigures(null, null, null, null, null)).Verdict);
    }

    [Fact]
    public void The_winners_are_the_best_helping_value_of_each_knob_best_first_and_the_ranking_puts_hurts_after_no_effect()
    {
        KnobFinding Finding(string knob, string value, string verdict, double capacity) =>
            new(Inline with { Knob = knob, Value = value }, "", 2, new Spread(capacity, capacity, capacity, 4, "range"), null, null, null, null, null, null, verdict, null, null);
        var findings = new[]
        {
            Finding("stream-window", "4194304", AdviceFindings.Helps, 1.12), Finding("stream-window", "16777216", AdviceFindings.Helps, 1.15),
            Finding("gc-server", "0", AdviceFindings.Helps, 1.2), Finding("tiered-pgo", "0", AdviceFindings.Hurts, 0.8),
            Finding("max-frame-size", "65536", AdviceFindings.NoEffect, 1.01), Finding("gc-datas", "1", AdviceFindings.NotOnRuntime, 0),
        };

        Assert.Equal(["gc-server=0", "stream-window=16777216"], AdviceFindings.Winners(findings).Select(f => $"{f.Choice.Knob}={f.Choice.Value}"));
        Assert.Equal(["gc-server", "stream-window", "stream-window", "max-frame-size", "tiered-pgo", "gc-datas"], AdviceFindings.Ranked(findings).Select(f => f.Choice.Knob));
    }
}
