namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// Tests that time transfers over a shaped link run alone, after the others: beside other tests' load runs on
/// 2 cores, a 4 MiB upload over 40 Mbit/s took twice its wire time, and the rate check failed for want of CPU.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ShapedLinks
{
    public const string Name = "shaped links";
}

/// <summary>Tests whose figures are the point (a capacity found), run alone after the others for the same reason.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MeasuredAlone
{
    public const string Name = "measured alone";
}
