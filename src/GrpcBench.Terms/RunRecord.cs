namespace GrpcBench;

/// <summary>What produced a result: the commit and the machine, recorded with every run (read by GrpcBench.Orchestration's <c>RunRecord.Now()</c>).</summary>
public sealed record RunRecord(string Commit, MachineRecord Machine, DateTimeOffset StartedAt);

/// <summary>The machine a run ran on.</summary>
/// <param name="Link">The bandwidth-limited link the run was inside (eng/shaped-link.sh), or null.</param>
public sealed record MachineRecord(int Cores, double MemoryGiB, string Os, string Cpu, string? Link)
{
    /// <summary>What memory costs here, measured before the run; null in runs recorded before it was measured, or where it could not be.</summary>
    public MemoryCost? Memory { get; init; }

    /// <summary>The loopback floor for the run's payload, measured before its first configuration; null for a run without a payload, or before it was measured.</summary>
    public LoopbackFloor? Loopback { get; init; }
}
