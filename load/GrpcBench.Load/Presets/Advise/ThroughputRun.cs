using System.Globalization;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>How long a saturated-throughput run loads, and with how many callers.</summary>
/// <param name="WarmUpSeconds">
/// Long enough for tiered compilation to reach the code a long-running host runs, with <see cref="RuntimeSettings"/>: on a
/// process pinned to one CPU the runtime multiplies tiering's call-counting delay by ten (1 s, started again by every
/// method compiled anew), so that a saturated Kestrel host on .NET 10 still sped up from about 17 to 23 uploads/s between
/// 12 and 60 s after its start (five-second steps over a 48 s run); without the delay its rate is level from the first
/// seconds (four 48 s runs). Knobs that skip tiering (<c>tiered-compilation=0</c>, <c>tiered-pgo=0</c>) looked like
/// wins while the default still ran part-optimized code.
/// </param>
/// <param name="Callers">
/// The searched scenario's callers in a closed loop. One keeps Kestrel's host 85-99 % busy on its CPU with 20 MiB uploads;
/// two or four spread 15-20 % (the host's heap swings with several 20 MiB messages in flight), too much to screen with.
/// </param>
/// <param name="Seconds">
/// What a run spreads is the process, not the span: four default runs of 48 s each spread 11 %, each level within its
/// run; twelve of 4 s spread 10 %. The host's kernel time per upload is what differs (14-19 ms against 22-23 ms of user
/// time: whether the GC hands each 20 MiB buffer fresh pages, 5,000-9,000 page faults an upload), so fresh hosts, not
/// longer runs, are what narrows an effect's interval.
/// </param>
public sealed record ThroughputShape(int Callers, int WarmUpSeconds, int Seconds)
{
    /// <summary>
    /// Runtime settings of every saturated run's host and load worker that belong to the measurement: tiering without
    /// its start-up delay (<c>DOTNET_TC_CallCountingDelayMs=0</c>), so that the warm-up reaches the steady state's code.
    /// Recorded with each host's runtime knobs in summary.json.
    /// </summary>
    public static readonly IReadOnlyDictionary<string, string> RuntimeSettings = new Dictionary<string, string> { ["DOTNET_TC_CallCountingDelayMs"] = "0" };

    public static ThroughputShape Default(bool quick) => quick ? new(1, 2, 3) : new(1, 8, 4);

    /// <summary>
    /// The callers of a team's methods that share the rate, spread by share (at least one each): one caller of small
    /// calls leaves the host mostly idle, waiting on each round trip, so that the run would measure the latency and not
    /// the host's throughput.
    /// </summary>
    public const int ServiceCallers = 16;

    /// <summary>The callers in a closed loop on <paramref name="mix"/>: <see cref="Callers"/> for the story's uploads, <see cref="ServiceCallers"/> for a team's methods.</summary>
    public int CallersOf(CapacityMix mix) => mix.Load.Service is null ? Callers : ServiceCallers;

    /// <summary>
    /// "20 MiB uploads one after the other (1 caller in a closed loop) beside getInt at 50/s, 3 s warm-up, 6 s measured, a fresh host each, tiering without its start-up delay";
    /// for a team's methods: "GetItem (11 callers), ListItems (3 callers) in a closed loop, 16 callers spread by share, beside AddItems at 20/s, ...".
    /// </summary>
    public string Describe(CapacityMix mix) => (mix.Load.Service is { } service ? DescribeService(service) :
        $"{Numbers.Size(mix.Load.PayloadBytes)} uploads " + (Callers == 1 ? "one after the other (1 caller in a closed loop)" : $"by {Callers} callers in a closed loop")
        + (mix.Load.GetIntPerSecond is { } rate && mix.Load.Scenarios.Contains(ScenarioNames.GetInt) ? $" beside getInt at {rate}/s" : ""))
        + $", {WarmUpSeconds} s warm-up, {Seconds} s measured, a fresh host each, tiering without its start-up delay";

    private static string DescribeService(ServiceLoad service)
    {
        var shared = service.Methods.Where(m => m.Share is not null).Select(m => $"{m.Name} ({MethodCallers(m)} caller{(MethodCallers(m) == 1 ? "" : "s")})");
        var beside = service.Methods.Where(m => m.PerSecond is not null).Select(m => string.Create(CultureInfo.InvariantCulture, $"{m.Name} at {m.PerSecond:0.##}/s")).ToList();
        return $"{string.Join(", ", shared)} in a closed loop, {ServiceCallers} callers spread by share" + (beside.Count == 0 ? "" : $", beside {string.Join(", ", beside)}");
    }

    /// <summary>As <see cref="LoadShape.SimulationsOf"/> spreads the saturating callers.</summary>
    private static int MethodCallers(MethodLoad method) => Math.Max(1, (int)Math.Round(ServiceCallers * method.Share!.Value));

    /// <summary>The mix's load as this run shapes it: the searched scenario saturated, the others at their fixed rates, nothing stopping it early.</summary>
    public LoadShape For(CapacityMix mix) => mix.Load with
    {
        Phases = [new RampPhase(1, Seconds, Constant: true)],
        WarmUpSeconds = WarmUpSeconds,
        SaturatingCallers = CallersOf(mix),
        StopAtFirstFailure = false,
        StopBeyondP99Ms = null,
    };
}

/// <summary>
/// One saturated-throughput run of a configuration on a mix (<see cref="ThroughputResult"/>): a host started for the run
/// on its own CPUs, the load worker on the others. What the advisor screens with: the throughput of a saturated host
/// spreads far less from run to run than a capacity searched by its SLO.
/// </summary>
public static class ThroughputRun
{
    /// <summary>"17.3/s (104 in 6.0 s), host CPU 54.0 ms a call, host 97 % busy, load worker 12 %": a run's figures for the console.</summary>
    public static string Describe(ThroughputResult t) => string.Create(CultureInfo.InvariantCulture,
        $"{t.PerSecond:0.0}/s ({t.Calls} in {t.Seconds:0.0} s), host CPU {t.HostCpuMsPerCall:0.0} ms a call, host {t.HostUtilization * 100:0} % busy, load worker {t.ClientUtilization * 100:0} %{(t.Failed > 0 ? $", {t.Failed} failed" : "")}{(t.ClientBound ? " (client-bound)" : "")}{(t.StolenShare >= ThroughputResult.StolenNoted ? $", {t.StolenShare * 100:0} % of a CPU stolen by the hypervisor" : "")}");

    public static async Task<ConfigurationResult> RunAsync(LoadConfiguration configuration, CapacityMix mix, ThroughputShape throughput, CpuPlacement placement,
        Action<LoadProgress> onProgress, CancellationToken cancellationToken)
    {
        configuration = CapacityPresetRun.Labelled(configuration, mix);
        if (ConfigurationRun.SkipReason(configuration) is { } skipped) return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Skipped, skipped);
        var shape = throughput.For(mix).For(configuration);
        // Before the host starts, on the CPUs the run will use, with nothing else of the bench running there.
        var machineMs = MachineSpeed.MeasureMs(FirstCpus(placement));
        try
        {
            await using var served = await ServedConfiguration.StartAsync(configuration, shape, placement, cancellationToken, harness: ThroughputShape.RuntimeSettings);
            var measured = await served.MeasureAsync(shape, onProgress, cancellationToken);
            var result = ConfigurationRun.Result(configuration, measured);
            var scenarios = measured.Worker.Figures.Load.Scenarios.Select(s => s with { Calls = null }).ToList();
            var figures = ThroughputResult.Of(mix.Searched, mix.Offers, throughput.CallersOf(mix), measured.LoadSeconds, scenarios, measured.ServerCpuSeconds,
                measured.Worker.Figures.CpuSeconds, Cpus(placement.Host), Cpus(placement.Worker));
            // A run none of whose calls succeeded measured no throughput: it failed, with the calls' fail codes as the reason.
            var noneSucceeded = result.Status == ConfigurationStatus.Ok && figures.Calls == 0
                ? (mix.Load.Service is null ? $"no {mix.Searched} call" : "no call of a method sharing the rate") + " succeeded: " + string.Join(", ", scenarios.Where(s => s.Failed > 0)
                    .Select(s => $"{s.Name} {s.Failed} failed ({string.Join(", ", s.FailsByCode.Select(f => $"{f.Key} {f.Value}"))})"))
                : null;
            return result with
            {
                Status = noneSucceeded is null ? result.Status : ConfigurationStatus.Failed,
                Reason = noneSucceeded ?? result.Reason,
                Scenarios = scenarios,
                Throughput = figures with { MachineMs = machineMs, HostStolenShare = measured.HostStolenShare, ClientStolenShare = measured.WorkerStolenShare },
            };
        }
        catch (WorkerFailedException e) when (cancellationToken.IsCancellationRequested)
        {
            return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Cancelled, e.Message);
        }
        catch (Exception e) when (e is HostStartException or WorkerFailedException or InvalidOperationException)
        {
            return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Failed, e.Message);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            return ConfigurationRun.Outcome(configuration, ConfigurationStatus.Cancelled, ConfigurationRun.CancelledBeforeLoad);
        }
    }

    private static IEnumerable<int> FirstCpus(CpuPlacement placement) =>
        new[] { placement.Host, placement.Worker }.Select(set => set is null ? 0 : CpuList.Parse(set)[0]).Distinct();

    private static int Cpus(string? set) => set is null ? Environment.ProcessorCount : CpuList.Parse(set).Count;
}
