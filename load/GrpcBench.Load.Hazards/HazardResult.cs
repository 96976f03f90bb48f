namespace GrpcBench.Load.Hazards;

/// <summary>One case against one stack: the answer, whether the host served a correct GetInt after it, and its RSS around it.</summary>
public sealed record HazardResult(string Case, string Stack, string Answer, string? Detail, bool ServedNext, string? NextCallError,
    double RssBeforeMiB, double RssAfterMiB, double Seconds);
