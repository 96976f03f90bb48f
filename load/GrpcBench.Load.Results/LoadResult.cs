namespace GrpcBench.Load.Results;

/// <summary>A whole run: every scenario, all started on the same clock.</summary>
/// <param name="Cancelled">The run was cancelled: the stats are partial, and calls cut short count as fail "Cancelled".</param>
public sealed record LoadResult(DateTimeOffset StartedAt, DateTimeOffset EndedAt, bool Cancelled, IReadOnlyList<ScenarioStats> Scenarios);
