namespace GrpcBench.Load.Hazards;

/// <summary>
/// One edge case of the catalogue: what it sends (run against a host's h2c URL, bounded in time) and, written per
/// case, what the stacks' answers mean for a team's clients.
/// </summary>
/// <param name="HostArguments">What the hosts of this case are started with, the same on both stacks; none: their defaults.</param>
public sealed record HazardCase(string Id, string Sends, string Meaning, Func<Uri, Task<HazardOutcome>> Run, IReadOnlyList<string>? HostArguments = null)
{
    /// <summary>Cases with the same key share a host.</summary>
    public string HostKey => string.Join(' ', HostArguments ?? []);
}
