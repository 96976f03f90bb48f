using System.IO.Compression;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// summary.json: the whole run's figures, read back by <c>compare</c>, <c>report</c> and by anyone who wants the numbers
/// behind the report. The measured calls go beside it, to <see cref="CallsFile"/>; a reference run under docs/ keeps the
/// summary gzipped (<see cref="CompressedFileName"/>) and no calls.
/// </summary>
public static class SummaryFile
{
    public const string FileName = SummaryJson.FileName, CompressedFileName = "summary.json.gz";

    /// <summary>The version this build writes (<see cref="SummaryJson.SchemaVersion"/>).</summary>
    public const int SchemaVersion = SummaryJson.SchemaVersion;

    /// <summary>The summary as it is, calls included where it has them (a checkpoint keeps them): <see cref="SummaryJson.Serialize"/>.</summary>
    public static string Serialize(LoadRunSummary summary) => SummaryJson.Serialize(summary);

    /// <inheritdoc cref="SummaryJson.Deserialize"/>
    public static LoadRunSummary Deserialize(string json, string source = FileName) => SummaryJson.Deserialize(json, source);

    /// <summary>
    /// Writes <see cref="FileName"/> without the calls, and the calls to <see cref="CallsFile"/> beside it; returns the
    /// summary's path.
    /// </summary>
    public static string Write(string folder, LoadRunSummary summary)
    {
        var path = Path.Combine(folder, FileName);
        File.WriteAllText(path, Serialize(WithoutCalls(summary)));
        CallsFile.Write(folder, summary.Configurations);
        return path;
    }

    /// <summary>A reference run's summary: gzipped, without the calls. Returns its path.</summary>
    public static string WriteCompressed(string folder, LoadRunSummary summary)
    {
        var path = Path.Combine(folder, CompressedFileName);
        using var gzip = new GZipStream(File.Create(path), CompressionLevel.SmallestSize);
        using var writer = new StreamWriter(gzip);
        writer.Write(Serialize(WithoutCalls(summary)));
        return path;
    }

    /// <summary>
    /// Reads a results folder's <see cref="FileName"/> (or <see cref="CompressedFileName"/>), or the file itself when given
    /// its path, with the calls of <see cref="CallsFile"/> where it lies beside it. A file of an older schema is read as far
    /// as it goes, and <paramref name="note"/> (default: standard error) gets one line saying so.
    /// </summary>
    public static LoadRunSummary Read(string folderOrFile, Action<string>? note = null)
    {
        var path = PathIn(folderOrFile);
        var json = path.EndsWith(".gz", StringComparison.Ordinal)
            ? new StreamReader(new GZipStream(File.OpenRead(path), CompressionMode.Decompress)).ReadToEnd()
            : File.ReadAllText(path);
        var summary = Analysis.OlderSummaries.Complete(Deserialize(json, path));
        if (summary.SchemaVersion is not SchemaVersion)
            (note ?? Console.Error.WriteLine)($"{path}: summary schema version {summary.SchemaVersion ?? 1}, older than this build writes ({SchemaVersion}): "
                                              + (summary.SchemaVersion is null ? "figures it does not hold (p90 before it was kept) show as -; " : "")
                                              + "its CPU times include the warm-up's");
        var callsPath = Path.Combine(Path.GetDirectoryName(path) ?? ".", CallsFile.FileName);
        return File.Exists(callsPath) ? WithCalls(summary, CallsFile.Read(callsPath)) : summary;
    }

    private static string PathIn(string folderOrFile)
    {
        if (!Directory.Exists(folderOrFile))
            return File.Exists(folderOrFile) ? folderOrFile
                : throw new FileNotFoundException($"{folderOrFile}: no such file; a results folder of the load tool holds {FileName}", folderOrFile);
        foreach (var name in new[] { FileName, CompressedFileName })
            if (File.Exists(Path.Combine(folderOrFile, name))) return Path.Combine(folderOrFile, name);
        throw new FileNotFoundException($"{Path.Combine(folderOrFile, FileName)}: no such file; a results folder of the load tool holds {FileName}",
            Path.Combine(folderOrFile, FileName));
    }

    /// <summary>The summary with no calls anywhere (a capacity search's probes keep none).</summary>
    public static LoadRunSummary WithoutCalls(LoadRunSummary summary) => summary with
    {
        Configurations = [.. summary.Configurations.Select(c => c with { Scenarios = [.. c.Scenarios.Select(s => s with { Calls = null })] })],
    };

    // Where the file is there, a scenario it has no line of made no measured call.
    private static LoadRunSummary WithCalls(LoadRunSummary summary, IReadOnlyDictionary<(int Configuration, string Scenario), IReadOnlyList<CallPoint>> calls) =>
        summary with
        {
            Configurations = [.. summary.Configurations.Select((c, i) => c with
            {
                Scenarios = [.. c.Scenarios.Select(s => s with { Calls = calls.TryGetValue((i, s.Name), out var kept) ? kept : [] })],
            })],
        };
}
