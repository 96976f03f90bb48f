namespace GrpcBench.Load.Reporting;

/// <summary>
/// A figure of host CPU per call split into its page faults (the count x this machine's cost of a fresh page) and the
/// rest, and what it would be on a machine whose faults cost a typical bare-metal <see cref="MemoryCost.TypicalBareMetalPageUs"/> µs:
/// the part of a stack's cost that moves with the machine, named.
/// </summary>
public static class FaultCost
{
    /// <summary>"6,100 (73 ms here)": minor faults a call, and what they come to at this machine's fault cost.</summary>
    public static string Faults(Spread? faultsPerCall, MemoryCost? memory) => faultsPerCall is null ? Numbers.Missing
        : Numbers.Count((long)Math.Round(faultsPerCall.Median)) + (memory is null ? "" : $" ({Numbers.Ms(faultsPerCall.Median * memory.FreshPageUs / 1000)} ms here)");

    /// <summary>The CPU per call with its faults at <see cref="MemoryCost.TypicalBareMetalPageUs"/> µs instead of this machine's cost; "-" where either is unknown.</summary>
    public static string AtTypicalCost(Spread? cpuMsPerCall, Spread? faultsPerCall, MemoryCost? memory) =>
        cpuMsPerCall is null || faultsPerCall is null || memory is null ? Numbers.Missing
        : Numbers.Ms(Math.Max(0, cpuMsPerCall.Median - faultsPerCall.Median * (memory.FreshPageUs - MemoryCost.TypicalBareMetalPageUs) / 1000));

    public static string TypicalHeader(string per) => $"host CPU per {per} at {MemoryCost.TypicalBareMetalPageUs.ToString(System.Globalization.CultureInfo.InvariantCulture)} µs a fault, ms";
}
