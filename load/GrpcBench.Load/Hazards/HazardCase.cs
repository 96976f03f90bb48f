namespace GrpcBench.Load.Hazards;

/// <summary>
/// One edge case of the catalogue: what it sends (run against a host's h2c URL, bounded in time) and, written per
/// case, what the stacks' answers mean for a team's clients.
/// </summary>
public sealed record HazardCase(string Id, string Sends, string Meaning, Func<Uri, Task<HazardOutcome>> Run);
