using System.Text.Json;
using System.Text.Json.Serialization;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>summary.json: the whole run, read back by <c>compare</c> and by anyone who wants the numbers behind the report.</summary>
public static class SummaryFile
{
    public const string FileName = "summary.json";

    public static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        // A configuration that made no call of a kind can carry NaN, for which JSON has no number.
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        Converters = { new JsonStringEnumConverter(Terms.Naming) },
    };

    public static string Serialize(LoadRunSummary summary) => JsonSerializer.Serialize(summary, Options);

    public static LoadRunSummary Deserialize(string json)
    {
        var summary = JsonSerializer.Deserialize<LoadRunSummary>(json, Options);
        // Missing members come back null whatever the nullable annotations say (net8.0's serializer cannot be asked to check).
        if (summary?.Run?.Machine is null || summary.Configurations is null || summary.OfferedLoad is null
            || summary.Configurations.Any(c => c?.Configuration is null || c.Scenarios is null))
            throw new JsonException($"not a load tool {FileName}: run, offeredLoad or configurations missing");
        return summary;
    }

    /// <summary>Writes <see cref="FileName"/> into <paramref name="folder"/> and returns its path.</summary>
    public static string Write(string folder, LoadRunSummary summary)
    {
        var path = Path.Combine(folder, FileName);
        File.WriteAllText(path, Serialize(summary));
        return path;
    }

    /// <summary>Reads a results folder's <see cref="FileName"/>, or the file itself when given its path.</summary>
    public static LoadRunSummary Read(string folderOrFile)
    {
        var path = Directory.Exists(folderOrFile) ? Path.Combine(folderOrFile, FileName) : folderOrFile;
        if (!File.Exists(path)) throw new FileNotFoundException($"{path}: no such file; a results folder of the load tool holds {FileName}", path);
        return Deserialize(File.ReadAllText(path));
    }
}
