using System.CommandLine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Options.CommandLines;

namespace GrpcBench.Load.Tests.Options;

/// <summary>The run's options parsed in process: what each refuses, and the plan a command line gives.</summary>
public class RunOptionsTests
{
    [Theory]
    [InlineData("--slo-upload-ms 100", "--slo-upload-ms: allowed with --preset capacity or advise only")]
    [InlineData("--preset soak --threshold 0.5", "--threshold: allowed with --preset capacity or advise only")]
    [InlineData("--preset capacity --knobs gc-server", "--knobs: allowed with --preset advise only")]
    [InlineData("--budget-minutes 60", "--budget-minutes: allowed with --preset advise only")]
    [InlineData("--preset capacity --rate 5", "--rate: allowed with --preset soak only")]
    [InlineData("--capacity-from results", "--capacity-from: allowed with --preset soak only")]
    [InlineData("--preset soak --phases 5x10",
        "--phases: not with --preset soak, whose load is sendLargeData and getInt at steady rates: allowed --rate, --getint-rate, --minutes, --payload-mib")]
    [InlineData("--preset soak --requests 0", "--requests: not with --preset soak")]
    [InlineData("--preset capacity --mixes all", "--mixes all: allowed uploads, getInt, mixed")]
    [InlineData("--preset sweep --repeat 21", "--repeat 21: allowed 1 to 20")]
    [InlineData("--preset capacity --threshold 2", "--threshold 2: allowed 0.01 to 1")]
    [InlineData("--preset capacity --threshold NaN", "--threshold NaN: allowed 0.01 to 1")]
    [InlineData("--preset soak --rate 0", "--rate 0: allowed 0.1 to 100 calls per second")]
    [InlineData("--preset advise --knobs turbo", "--knobs turbo: allowed gc-server, gc-concurrent")]
    [InlineData("--records 0", "--records 0: allowed 1 to 10000000")]
    [InlineData("--message-sizes 300mib", "--message-sizes 300mib: allowed sizes from 1B to 200MiB")]
    [InlineData("--phases 50y30", "--phases 50y30: allowed RATExSECONDS")]
    [InlineData("--client-setting channels=17", "--client-setting channels=17: allowed a whole number of channels from 1 to 16")]
    [InlineData("--preset fast --slo-upload-ms 5", "--preset fast: allowed story, sweep")]
    public void An_option_not_allowed_is_refused_by_the_parser_naming_it(string commandLine, string expected)
    {
        var (parse, _) = Parse(commandLine);

        Assert.StartsWith(expected, Assert.Single(parse.Errors.Take(1)).Message);
    }

    [Theory]
    [InlineData("--concurrency 5", "--concurrency: allowed with --requests (the closed model needs both)")]
    [InlineData("--preset advise --mixes uploads,getInt", "--mixes uploads,getInt: advise searches one mix")]
    [InlineData("--preset soak --rate 5 --capacity-from results", "--capacity-from: not with --rate; allowed one of them")]
    [InlineData("--preset capacity --target http://127.0.0.1:1", "--target: allowed with the story, streaming and chunked presets")]
    [InlineData("--target-ca ca.pem", "--target-ca ca.pem: allowed with an https --target only")]
    public void Options_that_do_not_go_together_are_refused_by_the_plan(string commandLine, string expected)
    {
        var (parse, options) = Parse(commandLine);

        Assert.Empty(parse.Errors);
        Assert.StartsWith(expected, Assert.Throws<FormatException>(() => new PlanReader(parse, options).Read()).Message);
    }

    [Theory]
    [MemberData(nameof(EveryPreset))]
    public void A_preset_alone_runs_its_own_plan(string preset, bool quick)
    {
        var plan = Plan($"--preset {preset}{(quick ? " --quick" : "")}");
        var own = Presets.For(preset, quick);

        Assert.Equal(preset, plan.Preset);
        Assert.Equal(quick, plan.Quick);
        Assert.Equal(own.Servers, plan.Servers);
        Assert.Equal(own.Runtimes, plan.Runtimes);
        Assert.Equal(own.Transports, plan.Transports);
        Assert.Equal(own.KestrelProfiles, plan.KestrelProfiles);
        Assert.Equal(own.Links, plan.Links);
        Assert.Equal(own.Load.Phases, plan.Load.Phases);
        Assert.Equal(own.Load.Closed, plan.Load.Closed);
        Assert.Equal(1, plan.Repeat);
        Assert.Equal(own.PresetOptions?.GetType(), plan.PresetOptions?.GetType());
        Assert.Equal(preset is "capacity" or "advise" or "soak", plan.PresetOptions is not null);
    }

    public static TheoryData<string, bool> EveryPreset()
    {
        var data = new TheoryData<string, bool>();
        foreach (var preset in Presets.Names)
        {
            data.Add(preset, false);
            data.Add(preset, true);
        }
        return data;
    }

    [Fact]
    public void Options_given_go_on_top_of_the_preset()
    {
        var plan = Plan("--preset chunked --quick --payload-mib 5 --getint-rate 10 --kestrel maxFrameSize=65536 --cpus shared --transport h2c,tls --repeat 2");

        Assert.Equal([5L * 1024 * 1024], plan.PayloadSizes);
        Assert.Equal(10, plan.Load.GetIntPerSecond);
        Assert.Equal("65536", plan.KestrelSettings["maxFrameSize"]);
        Assert.Same(CpuPlacement.Shared, plan.Cpus);
        Assert.Equal([Transport.H2c, Transport.Tls], plan.Transports);
        Assert.Equal(2, plan.Repeat);
    }

    [Fact]
    public void The_searching_presets_keep_their_repeats_and_thresholds_in_their_options()
    {
        var capacity = Plan("--preset capacity --repeat 4 --slo-upload-ms 500 --threshold 0.2 --mixes uploads");
        var advise = Plan("--preset advise --repeat 2 --knobs gc-server --budget-minutes 200");

        var searched = capacity.OptionsOf<CapacityOptions>();
        var advised = advise.OptionsOf<AdviseOptions>();

        Assert.Equal((4, 500.0, 0.2), (searched.Repeat, searched.Slo.UploadP99Ms, searched.Threshold));
        Assert.Equal(["uploads"], searched.Mixes);
        Assert.Equal(1, capacity.Repeat);
        Assert.Equal((2, 2, 200.0), (advised.ConfirmRepeats, advised.Capacity.Repeat, advised.BudgetMinutes));
        Assert.Equal(["gc-server"], advised.Knobs);
    }

    [Fact]
    public void Soak_takes_its_rate_and_length_and_the_closed_model_its_callers()
    {
        var soak = Plan("--preset soak --rate 2 --minutes 5");
        var closed = Plan("--concurrency 5 --requests 50");

        var soaked = soak.OptionsOf<SoakOptions>();

        Assert.Equal((2.0, "given with --rate", 300), (soaked.UploadsPerSecond, soaked.RateSource, soaked.Seconds));
        Assert.Equal(new ClosedModel(5, 50, ClosedModelOptions.DefaultMaxSeconds), closed.Load.Closed);
    }

    [Fact]
    public void Every_option_is_listed_once_with_a_description()
    {
        var options = new RunOptions().All.ToList();

        Assert.Equal(options.Count, options.Select(o => o.Name).Distinct().Count());
        Assert.All(options, o => Assert.False(string.IsNullOrWhiteSpace(o.Description), o.Name));
        Assert.Equal(RunOptions.PresetName, options[0].Name);
    }

}
