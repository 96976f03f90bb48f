using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;
using Xunit.Abstractions;

namespace GrpcBench.Tests;

/// <summary>Timed alone, after the other tests: beside their hosts and workers on 2 cores, the known capacity is not what a probe sees.</summary>
[Collection(MeasuredAlone.Name)]
public class KnownCapacityTests(ITestOutputHelper output)
{
    [FullSuite(SuitePart.Measured)]
    [Fact]
    public async Task On_a_host_serving_getInt_one_at_a_time_for_10_ms_the_search_lands_within_85_to_100_per_second()
    {
        // A measurement on a shared VM: one stall of the machine's own inside a probe misses it at any rate (a fresh-clone
        // CI, 2026-12-02: the slowest of 75 calls at 25/s took 51 ms, and the search went down to 14.2/s), so the search
        // is repeated on a fresh host, up to three times, and one search must land.
        await OneOfThreeSearchesMeetsEveryBound(SerialHostSearchMisses);
    }

    /// <summary>The search on a fresh host, up to three times, until one meets every bound; else every search's miss.</summary>
    private static async Task OneOfThreeSearchesMeetsEveryBound(Func<Task<string?>> searchMisses)
    {
        var misses = new List<string>();
        for (var attempt = 1; attempt <= 3; attempt++)
        {
            if (await searchMisses() is not { } miss) return;
            misses.Add($"search {attempt}: {miss}");
        }
        Assert.Fail(string.Join(Environment.NewLine, misses));
    }

    /// <summary>Null where the search on the serial 10 ms host landed where it should; else what it missed, with its probes.</summary>
    private async Task<string?> SerialHostSearchMisses()
    {
        var configuration = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None, Transport.H2c,
            "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());
        // Short probes: a serial host's turns are kept on the clock, so 3 s at a rate show what 5 s would.
        var mix = new CapacityMix("getInt", ScenarioNames.GetInt, new LoadShape([], 0, 1, 5) { Scenarios = [ScenarioNames.GetInt] },
            new SearchLimits(25, 5, 1_000, 0.05, 12, TimeSpan.FromMinutes(3), TimeSpan.FromSeconds(6)), ProbeSeconds: 3);
        // getInt held to 100 ms, not 50: past the host's 100/s its queue grows 10 ms a call behind, over 150 ms within a
        // 3 s probe at 100/s, where a 40 ms stall of the machine's own (seen at 25/s) stays inside the bound.
        var slo = CapacitySlo.Default with { GetIntP99Ms = 100 };

        var result = await CapacityRun.SearchAsync(configuration, mix, slo, new CpuPlacement("1", "0"), _ => { }, CancellationToken.None,
            ["--getIntDelayMs", "10", "--getIntSerial", "true"]);

        if (result.Status != ConfigurationStatus.Ok) return $"status {result.Status}: {result.Reason}";
        var capacity = result.Capacity!;
        var probes = string.Join(", ", capacity.Probes.Select(p => $"{p.OfferedPerSecond}/s {(p.Held ? "held" : p.Missed)}"));
        output.WriteLine($"capacity {capacity.CallsPerSecond}/s: {probes}");
        // 100/s is the truth; the search lands within a bisection step or two below it, where the machine's own stalls
        // reach the bound (a slow evening, 2026-12-01: p99 55 ms at 91.7/s, 87.8/s held to 50 ms).
        if (capacity.CallsPerSecond is not (>= 85 and <= 100)) return $"capacity {capacity.CallsPerSecond}: {probes}";
        if (!capacity.Probes.Take(3).Select(p => p.OfferedPerSecond).SequenceEqual([25.0, 50, 100])) return $"the search did not double from 25/s to 100/s: {probes}";
        if (capacity.Probes.FirstOrDefault(p => !(p.ServerCpuSeconds > 0 && p.ClientCpuSeconds > 0 && p.Calls > 0)) is { } empty) return $"a probe without CPU or calls at {empty.OfferedPerSecond}/s: {probes}";
        return capacity.AtCapacity!.Scenarios.SequenceEqual(result.Scenarios) ? null : "the run's scenarios are not those of the probe at capacity";
    }

    /// <summary>A Kestrel host whose getInt spins 10 ms of its thread's CPU: one CPU serves about 100 a second, at about 10 ms each.</summary>
    private static LoadConfiguration KnownCost(double cpuMs, bool idleWorkersSpin = true)
    {
        var environment = new Dictionary<string, string> { ["GRPCBENCH_GetIntCpuMs"] = cpuMs.ToString(System.Globalization.CultureInfo.InvariantCulture) };
        if (!idleWorkersSpin) environment["DOTNET_ThreadPool_UnfairSemaphoreSpinLimit"] = "0";
        return new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0",
            Compression.None, Transport.H2c, "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>(), Scenarios: [ScenarioNames.GetInt],
            HostEnvironment: environment);
    }

    private static CapacityMix GetIntAlone(SearchLimits limits, int probeSeconds = 4, double? stopBeyondP99Ms = null) =>
        new("getInt", ScenarioNames.GetInt, new LoadShape([], 0, 2, 5)
        {
            Scenarios = [ScenarioNames.GetInt],
            StopAtFirstFailure = stopBeyondP99Ms is not null,
            StopBeyondP99Ms = stopBeyondP99Ms is { } bound ? new Dictionary<string, double> { [ScenarioNames.GetInt] = bound } : null,
        }, limits, probeSeconds);

    [FullSuite(SuitePart.Measured)]
    [Fact]
    public async Task On_a_host_whose_getInt_costs_10_ms_of_CPU_the_capacity_and_the_cost_per_call_come_within_15_percent_the_marginal_cost_within_25_and_obey_physics()
    {
        // A measurement on a shared VM: on a slow, noisy night one search in two read CPU per call off (12.6 ms a call at
        // 60/s, 10.6 ms at 101/s: more than the host's one CPU, the VM's clock and steal time showing), so the search is
        // repeated on a fresh host, up to three times, and one search must meet every bound.
        await OneOfThreeSearchesMeetsEveryBound(KnownCostSearchMisses);
    }

    /// <summary>Null where the search on the known host met every bound; else the first it missed, with its probes.</summary>
    private async Task<string?> KnownCostSearchMisses()
    {
        // The known part of a call is the spin's 10 ms; the host's own part (Kestrel, HTTP/2, protobuf) is the machine's:
        // about 0.5 ms here, more on a slow CI VM (11.9 ms a call at 84.9/s there), measured on the same host without the spin.
        var own = await OwnCostPerCallMs();
        if (own is not { } ownMs) return "the host without the spin did not hold 400 calls a second";
        var expected = 10 + ownMs;

        // getInt held to 1 s rather than 50 ms: the CPU, not the queueing of calls that share it, sets the capacity (held
        // to 500 ms, the queue's p99 passed it at 85/s, 88 % busy, once: 545 ms). Probes of 6 s that stop once the bound
        // is certain: over 4 s a host 20 % past its CPU could still hold 1 s with its queue growing (101/s held where
        // calls cost 11.9 ms).
        // Idle workers do not spin: their spinning is CPU the calls leave, less of it the busier the host, which bends
        // CPU over rate below a straight line (a slope of 8.4 ms for 10 ms calls was seen), and this test is of the fit.
        var mix = GetIntAlone(new SearchLimits(30, 5, 1_000, 0.1, 7, TimeSpan.FromMinutes(3), TimeSpan.FromSeconds(10)), probeSeconds: 6, stopBeyondP99Ms: 1_000);
        var result = await CapacityRun.SearchAsync(KnownCost(10, idleWorkersSpin: false), mix, new CapacitySlo(GetIntP99Ms: 1_000), new CpuPlacement("1", "0"), _ => { }, CancellationToken.None);

        if (result.Status != ConfigurationStatus.Ok) return $"status {result.Status}: {result.Reason}";
        var capacity = result.Capacity!;
        var probes = $"calls of {expected:0.##} ms expected; " + string.Join(", ", capacity.Probes.Select(p => $"{p.OfferedPerSecond}/s {(p.Held ? "held" : p.Missed)} {p.ServerCpuMsPerCall:0.##} ms"));
        output.WriteLine($"capacity {capacity.CallsPerSecond}/s, {probes}");
        if (capacity.CallsPerSecond / (1000 / expected) is not (>= 0.85 and <= 1.15)) return $"capacity {capacity.CallsPerSecond}/s of about {1000 / expected:0}: {probes}";
        // Near capacity the CPU per call is the calls' own.
        var loaded = capacity.Probes.Where(p => p.Held && p.OfferedPerSecond >= 0.8 * capacity.CallsPerSecond).ToList();
        if (loaded.Count == 0) return $"no probe held near the capacity: {probes}";
        if (loaded.FirstOrDefault(p => p.ServerCpuMsPerCall / expected is not (>= 0.85 and <= 1.15)) is { } off) return $"{off.ServerCpuMsPerCall} ms a call at {off.OfferedPerSecond}/s: {probes}";
        // Within 25 %: the slope reads low where the host's CPU outside the calls shrinks as the calls take the CPU
        // (8.2 and 8.4 ms seen in CI, the first probe left out or not: 11.6 ms a call at 60/s, 10.3 at 101/s).
        if (MarginalCost.OfHost(capacity, hostCpus: 1) is not { } marginal) return $"no marginal cost: {probes}";
        if (marginal.MsPerCall / expected is not (>= 0.75 and <= 1.25)) return $"marginal {marginal.MsPerCall} ms a call: {probes}";
        var physics = capacity.CallsPerSecond!.Value * marginal.MsPerCall / 1000;
        return physics is >= MarginalCost.PhysicsLower and <= MarginalCost.PhysicsUpper ? null : $"capacity x marginal cost is {physics:0.00} of the host's one CPU: {probes}";
    }

    /// <summary>
    /// The CPU per getInt of the same host without the spin, at 400 calls a second after 200: its fixed CPU a second
    /// adds little there (about 0.2 ms a call), where at lower rates the slope of a 0.5 ms cost drowned in it (negative once).
    /// </summary>
    private static async Task<double?> OwnCostPerCallMs()
    {
        var mix = GetIntAlone(new SearchLimits(200, 200, 400, 0.1, 2, TimeSpan.FromMinutes(1), TimeSpan.FromSeconds(8)));
        var result = await CapacityRun.SearchAsync(KnownCost(0, idleWorkersSpin: false), mix, new CapacitySlo(GetIntP99Ms: 1_000), new CpuPlacement("1", "0"), _ => { }, CancellationToken.None);
        return result.Capacity?.Probes is [.., { Held: true, OfferedPerSecond: 400 } last] ? last.ServerCpuMsPerCall : null;
    }

    [FullSuite(SuitePart.Measured)]
    [Fact]
    public async Task A_profile_of_a_host_whose_getInt_costs_10_ms_of_CPU_puts_10_ms_a_call_in_the_service_within_15_percent_and_sees_all_of_its_CPU()
    {
        var mix = GetIntAlone(new SearchLimits(30, 5, 1_000, 0.1, 1, TimeSpan.FromMinutes(1), TimeSpan.FromSeconds(8)));

        var profile = await HostProfiling.ProfileAsync("known cost", KnownCost(10), mix, 40, ProfileSpan.For(quick: false), new CpuPlacement("1", "0"), _ => { }, CancellationToken.None);

        // At 40 % of the host's CPU every call completes: the figures per call divide by them all, over the whole load's span.
        Assert.True(profile.FailedCalls == 0, $"{profile.FailedCalls} calls failed: {string.Join(", ", profile.FailsByCode)}");
        Assert.InRange(profile.OkCalls, 300, 520);
        // The sample profiler ran too, after perf: its table is there, whatever its bias on one CPU.
        Assert.NotEmpty(profile.Components);
        Assert.NotNull(profile.SampleIntervalMs);
        if (!Infrastructure.Perf.CanRecord())
        {
            // A machine where perf is missing or refused (a CI runner) still profiles, and says in one line why there is no native profile.
            Assert.StartsWith("HostProfileException: no native profile: perf", profile.NativeFailure);
            return;
        }
        var native = string.Join(", ", (profile.Native ?? []).Select(c => $"{c.Component} {c.MsPerCall:0.##} ms ({c.Percent:0} %)"));
        var service = profile.Native?.FirstOrDefault(c => c.Component == GrpcBench.Profiling.Components.Service);
        Assert.True(profile.NativeFailure is null, profile.NativeFailure);
        Assert.True(service?.MsPerCall is >= 8.5 and <= 11.5, $"the service's CPU {service?.MsPerCall} ms a call: {native}");
        // perf's samples add up to the CPU time the process reported over the whole load.
        Assert.InRange(profile.NativeMsPerCall!.Value / profile.ServerCpuMsPerCall!.Value, 0.85, 1.15);
    }

    [Fact]
    public async Task A_probe_far_beyond_capacity_ends_at_its_first_failed_call_instead_of_draining_its_backlog()
    {
        // 400/s on a host of 100/s: the first measured call queues behind the warm-up's backlog and fails at its 2 s deadline.
        var probe = await ProbeAt400OnAHostOf100Async(new LoadShape([], 0, 1, 2) { Scenarios = [ScenarioNames.GetInt], StopAtFirstFailure = true });


        Assert.Contains("DeadlineExceeded", probe.Missed);
        Assert.EndsWith("the probe stopped once its miss was certain", probe.Missed);
        // Played whole, the probe's steady phase would start 400/s for 5 s: 2,000 calls. Its first measured call fails at its
        // 2 s deadline: stopped there, it started about 800 of them, and far fewer than all whatever the machine's pace.
        var measured = probe.Scenario(ScenarioNames.GetInt)!;
        Assert.True(measured.Requests < 1_600, $"{measured.Requests} of the steady phase's 2,000 calls started: the probe drained its backlog");
    }

    [Fact]
    public async Task A_probe_far_beyond_capacity_with_a_p99_bound_ends_once_its_calls_in_flight_pass_the_bound_not_at_their_deadline()
    {
        // 400/s on a host of 100/s, getInt held to 50 ms: calls pile up in flight well before any reaches its 10 s deadline.
        var probe = await ProbeAt400OnAHostOf100Async(new LoadShape([], 0, 1, 10)
        {
            Scenarios = [ScenarioNames.GetInt], StopAtFirstFailure = true, StopBeyondP99Ms = new Dictionary<string, double> { [ScenarioNames.GetInt] = 50 },
        });


        Assert.EndsWith("the probe stopped once its miss was certain", probe.Missed);
        Assert.DoesNotContain("DeadlineExceeded", probe.Missed);
        Assert.DoesNotContain("failed (Cancelled", probe.Missed);
        // Stopped a fraction of a second into its steady phase, not after the 5 s of it (2,000 calls at 400/s), nor at 10 s deadlines.
        var measured = probe.Scenario(ScenarioNames.GetInt)!;
        Assert.True(measured.Requests < 2_000 / 2, $"{measured.Requests} of the steady phase's 2,000 calls started: the probe ran on past its bound");
    }

    /// <summary>One 5 s probe of getInt at 400/s on a Kestrel host whose getInt takes 10 ms of CPU one at a time (100/s): a miss.</summary>
    private static async Task<CapacityProbe> ProbeAt400OnAHostOf100Async(LoadShape load)
    {
        var configuration = new LoadConfiguration(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None, Transport.H2c,
            "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());
        var mix = new CapacityMix("getInt", ScenarioNames.GetInt, load,
            new SearchLimits(400, 400, 400, 0.05, 1, TimeSpan.FromMinutes(1), TimeSpan.FromSeconds(8)), ProbeSeconds: 5);

        var result = await CapacityRun.SearchAsync(configuration, mix, CapacitySlo.Default, new CpuPlacement("1", "0"), _ => { }, CancellationToken.None,
            ["--getIntDelayMs", "10", "--getIntSerial", "true"]);

        var probe = Assert.Single(result.Capacity!.Probes);
        Assert.True(result.Status == ConfigurationStatus.Ok, result.Reason);
        Assert.False(probe.Held);
        return probe;
    }
}
