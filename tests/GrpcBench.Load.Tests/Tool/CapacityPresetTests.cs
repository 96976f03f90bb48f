using GrpcBench.Load;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>What the capacity preset runs, and in which order.</summary>
public class CapacityPresetTests
{
    private static IReadOnlyList<(CapacityMix Mix, LoadConfiguration Configuration)> Searches(bool quick) =>
        CapacityPresetRun.Searches(Presets.For("capacity", quick), CapacityPresetRun.Mixes(CapacityOptions.Default(quick), quick));

    [Fact]
    public void The_full_preset_searches_grpc_core_and_kestrel_default_and_large_windows_on_net8_net10_and_net11_for_three_mixes_with_the_floors_beside_the_uploads()
    {
        var searches = Searches(quick: false);

        Assert.Equal(3 * 9 + 2, searches.Count);
        Assert.Equal(["uploads", "getInt", "mixed"], searches.Select(s => s.Mix.Name).Distinct());
        var grpc = searches.Where(s => s.Configuration.Kind == ConfigurationKind.Grpc).Select(s => s.Configuration.Label).Distinct().ToList();
        Assert.Equal(9, grpc.Count);
        Assert.Contains("kestrel/grpc-net net8.0 large-windows h2c", grpc);
        Assert.Contains("grpc-core/grpc-core net10.0 h2c", grpc);
        Assert.Contains("kestrel/grpc-net net11.0 default h2c", grpc);
        Assert.All(searches.Where(s => s.Configuration.Kind != ConfigurationKind.Grpc), s => Assert.Equal(("uploads", "net11.0"), (s.Mix.Name, s.Configuration.HostRuntime)));
        var mixed = searches.First(s => s.Mix.Name == "mixed").Mix;
        Assert.Equal((ScenarioNames.SendLargeData, 50, 20 * 1024 * 1024), (mixed.Searched, mixed.Load.GetIntPerSecond!.Value, mixed.Load.PayloadBytes));
        var uploads = searches.First(s => s.Mix.Name == "uploads").Mix;
        Assert.Equal(8, uploads.Limits.StartPerSecond);
        // A probe ends at its first failed call, and a call's deadline is 1.5 times the 1 s SLO, rounded up to whole seconds.
        Assert.All(searches, s => Assert.True(s.Mix.Load.StopAtFirstFailure));
        Assert.Equal(2, uploads.Load.CallTimeoutSeconds);
    }

    [Fact]
    public void Repeats_interleave_every_search_once_per_round_and_the_floors_run_in_the_first_round_only()
    {
        var searches = Searches(quick: false);

        var schedule = CapacityPresetRun.Schedule(searches, 3);

        var grpc = searches.Where(s => s.Configuration.Kind == ConfigurationKind.Grpc).Select(Key).ToList();
        Assert.Equal(searches.Select(Key), schedule.Where(s => s.Repeat == 1).Select(s => Key((s.Mix, s.Configuration))));
        Assert.Equal(grpc, schedule.Where(s => s.Repeat == 2).Select(s => Key((s.Mix, s.Configuration))));
        Assert.Equal(grpc, schedule.Where(s => s.Repeat == 3).Select(s => Key((s.Mix, s.Configuration))));
        // A B C A B C: the repeats follow one another in blocks, never A A B B.
        Assert.Equal([1, 2, 3], schedule.Select(s => s.Repeat).Distinct());
        Assert.True(schedule.Zip(schedule.Skip(1)).All(pair => pair.First.Repeat <= pair.Second.Repeat));
        Assert.True(schedule.Zip(schedule.Skip(1)).All(pair => Key((pair.First.Mix, pair.First.Configuration)) != Key((pair.Second.Mix, pair.Second.Configuration))));
    }

    [Fact]
    public void The_quick_preset_is_grpc_core_and_kestrel_on_net10_for_uploads_of_4_mib_and_get_int_twice()
    {
        var searches = Searches(quick: true);

        Assert.Equal(4, searches.Count);
        Assert.Equal(2, CapacityOptions.Default(quick: true).Repeat);
        Assert.All(searches, s => Assert.Equal("net10.0", s.Configuration.HostRuntime));
        Assert.Equal(32, searches.First(s => s.Mix.Name == "uploads").Mix.Limits.StartPerSecond);
    }

    [Fact]
    public void A_search_steps_from_its_own_earlier_repeats_else_from_the_same_configuration_on_another_runtime_else_from_its_uploads_alone()
    {
        var searches = Searches(quick: false);
        var mixes = searches.Select(s => s.Mix).Distinct().ToList();
        var (uploads, mixed) = (mixes.Single(m => m.Name == "uploads"), mixes.Single(m => m.Name == "mixed"));
        var kestrel8 = searches.First(s => s.Configuration.Label == "kestrel/grpc-net net8.0 default h2c").Configuration;
        var kestrel10 = searches.First(s => s.Configuration.Label == "kestrel/grpc-net net10.0 default h2c").Configuration;
        var core10 = searches.First(s => s.Configuration.Label == "grpc-core/grpc-core net10.0 h2c").Configuration;
        var floor = searches.First(s => s.Configuration.Kind != ConfigurationKind.Grpc).Configuration;
        ConfigurationResult Found(CapacityMix mix, LoadConfiguration configuration, double capacity) =>
            ConfigurationRun.Outcome(configuration with { Scenarios = mix.Load.Scenarios, PayloadBytes = mix.Load.PayloadBytes }, ConfigurationStatus.Ok, "") with
            {
                Capacity = new CapacityResult(mix.Searched, capacity, CapacitySlo.Default, Arrivals.Uniform, 0.05, CapacitySearch.ByResolution, [], Mix: mix.Name),
            };

        Assert.Null(CapacityPresetRun.Guess([], uploads, kestrel10, mixes));
        List<ConfigurationResult> results = [Found(uploads, kestrel8, 18), Found(uploads, core10, 45)];
        Assert.Equal(18, CapacityPresetRun.Guess(results, uploads, kestrel10, mixes));
        Assert.Equal(45, CapacityPresetRun.Guess(results, mixed, core10, mixes));
        Assert.Null(CapacityPresetRun.Guess(results, mixed, kestrel10, mixes));
        Assert.Null(CapacityPresetRun.Guess(results, uploads, floor, mixes));
        results.AddRange([Found(uploads, kestrel10, 16), Found(uploads, kestrel10, 20), Found(uploads, kestrel10, 17)]);
        Assert.Equal(17, CapacityPresetRun.Guess(results, uploads, kestrel10, mixes));
    }

    private static string Key((CapacityMix Mix, LoadConfiguration Configuration) search) => $"{search.Mix.Name}: {search.Configuration.Label}";
}
