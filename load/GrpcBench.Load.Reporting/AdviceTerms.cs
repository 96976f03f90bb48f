namespace GrpcBench.Load.Reporting;

/// <summary>
/// What advice.md and path.md call the calls the throughput and capacity count and the calls beside them: the story's
/// uploads and getInt, or a team's methods (<c>--service-assembly</c>) by their names.
/// </summary>
/// <param name="Call">One counted call, as in "host CPU ms/upload".</param>
/// <param name="Calls">The counted calls, as in "capacity, uploads per second".</param>
/// <param name="Beside">The calls at a fixed rate beside them, whose p99 the tables show.</param>
internal sealed record AdviceTerms(string Call, string Calls, string Beside)
{
    public static readonly AdviceTerms Story = new("upload", "uploads", "getInt");

    public static AdviceTerms Of(LoadRunSummary summary) => summary.Service is { } service ? new(
        "call",
        $"calls of {string.Join(", ", service.Methods.Where(m => m.Share is not null).Select(m => m.Name))}",
        service.Methods.Where(m => m.PerSecond is not null).Select(m => m.Name).FirstOrDefault() ?? "the methods beside") : Story;
}
