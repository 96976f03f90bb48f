namespace GrpcBench.Load.Results;

/// <summary>
/// What one scenario measured, warm-up excluded. Latencies count from each call's scheduled start. Injection rates
/// and start lags cover the open-model (inject) calls; a rate that cannot be computed is 0, so that every value
/// serializes to JSON.
/// </summary>
/// <param name="DurationSeconds">The measured phases, or as much of them as ran before the run was cancelled.</param>
/// <param name="AskedInjectionRate">Scheduled starts over the duration of the inject phases, per second.</param>
/// <param name="AchievedInjectionRate">
/// Actual starts per second, from the first scheduled start to the last actual one: a sender late at first and
/// catching up shows in the start lags; one that cannot keep up finishes late and shows here.
/// </param>
/// <param name="MaxStartLagMs">How late, at worst, a call started against its schedule.</param>
/// <param name="Latency">Of the calls that succeeded.</param>
/// <param name="FailLatency">Of the calls that failed, until the fail was known.</param>
/// <param name="Invocations">Every call the scenario started, warm-up included: what a counter outside the engine (a link's bytes) saw.</param>
/// <param name="Calls">
/// The measured calls in start order, for latency over time and finer percentiles: all of them, or at most
/// the engine's <c>CallTimeline.MaxPoints</c> sampled evenly; null where not kept (a run's snapshots so far). A results folder keeps them in
/// calls.csv.gz beside summary.json, not in it.
/// </param>
/// <param name="Measures">Order statistics of what the step measured beyond latency (the engine's <c>StepResult.Measures</c>), over its successful calls; null when it measured nothing more.</param>
public sealed record ScenarioStats(
    string Name,
    long Ok,
    long Failed,
    IReadOnlyDictionary<string, long> FailsByCode,
    double DurationSeconds,
    double AskedInjectionRate,
    double AchievedInjectionRate,
    double MaxStartLagMs,
    double P99StartLagMs,
    long BytesSent,
    long BytesReceived,
    LatencyStats Latency,
    LatencyStats FailLatency,
    IReadOnlyDictionary<string, LatencyStats>? Measures = null,
    long Invocations = 0,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    IReadOnlyList<CallPoint>? Calls = null)
{
    public long Requests => Ok + Failed;

    /// <summary>Successful calls per second of measured duration.</summary>
    public double Rps => DurationSeconds > 0 ? Ok / DurationSeconds : 0;
}
