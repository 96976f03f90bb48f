using System.Text.Json;

namespace GrpcBench.Load.Results;

/// <summary>
/// summary.json as text: the schema version this build writes, and a summary to and from its JSON
/// (<see cref="SummarySections.Json"/>). Its files, with the calls beside them, are GrpcBench.Load.Reporting's SummaryFile.
/// </summary>
public static class SummaryJson
{
    public const string FileName = "summary.json";

    /// <summary>
    /// Version 3: host and worker CPU times from the end of the warm-up, over the span the calls are counted in.
    /// Version 2: the calls in calls.csv.gz, p90 null where not measured; CPU times from the load's start, warm-up
    /// included. Version 1 (no schemaVersion): the calls inside, and files written before p90 was kept lack it.
    /// </summary>
    public const int SchemaVersion = 3;

    /// <summary>The summary as it is, calls included where it has them (a checkpoint keeps them).</summary>
    public static string Serialize(LoadRunSummary summary) => JsonSerializer.Serialize(summary with { SchemaVersion = SchemaVersion }, SummarySections.Json);

    public static LoadRunSummary Deserialize(string json, string source = FileName)
    {
        var summary = JsonSerializer.Deserialize<LoadRunSummary>(json, SummarySections.Json);
        // Missing members come back null whatever the nullable annotations say (net8.0's serializer cannot be asked to check).
        if (summary?.Run?.Machine is null || summary.Configurations is null || summary.OfferedLoad is null
            || summary.Configurations.Any(c => c?.Configuration is null || c.Scenarios is null))
            throw new JsonException($"not a load tool {FileName}: run, offeredLoad or configurations missing");
        if (summary.SchemaVersion > SchemaVersion)
            throw new JsonException($"{source}: summary schema version {summary.SchemaVersion}, newer than this build reads ({SchemaVersion}): read it with the GrpcBench that wrote it");
        return summary;
    }
}
