using System.Globalization;
using System.IO.Compression;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// calls.csv.gz: every scenario's measured calls (<see cref="ScenarioStats.Calls"/>), kept beside summary.json rather than
/// in it, so that a summary holds figures and stays small. One line per call:
/// <c>configuration,scenario,startSeconds,latencyMs,ok</c>, the configuration by its index in summary.json's configurations.
/// </summary>
public static class CallsFile
{
    public const string FileName = "calls.csv.gz";
    private const string Header = "configuration,scenario,startSeconds,latencyMs,ok";

    /// <summary>Writes the calls of <paramref name="configurations"/> into <paramref name="folder"/>; null (and no file) where none kept any.</summary>
    public static string? Write(string folder, IReadOnlyList<ConfigurationResult> configurations)
    {
        if (!configurations.Any(c => c.Scenarios.Any(s => s.Calls is not null))) return null;
        var path = Path.Combine(folder, FileName);
        using var file = File.Create(path);
        using var gzip = new GZipStream(file, CompressionLevel.Optimal);
        using var writer = new StreamWriter(gzip);
        writer.WriteLine(Header);
        for (var i = 0; i < configurations.Count; i++)
            foreach (var scenario in configurations[i].Scenarios)
                foreach (var call in scenario.Calls ?? [])
                    writer.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"{i},{scenario.Name},{call.StartSeconds:0.###},{call.LatencyMs:0.###},{(call.Ok ? 1 : 0)}"));
        return path;
    }

    /// <summary>The calls in <paramref name="path"/> by configuration index and scenario name.</summary>
    public static IReadOnlyDictionary<(int Configuration, string Scenario), IReadOnlyList<CallPoint>> Read(string path)
    {
        var calls = new Dictionary<(int, string), List<CallPoint>>();
        using var reader = new StreamReader(new GZipStream(File.OpenRead(path), CompressionMode.Decompress));
        if (reader.ReadLine() != Header) throw new InvalidDataException($"{path}: not a load tool {FileName} (its first line is not {Header})");
        var lineNumber = 1;
        while (reader.ReadLine() is { } line)
        {
            lineNumber++;
            var f = line.Split(',');
            if (f.Length != 5) throw new InvalidDataException($"{path}, line {lineNumber}: 5 fields expected, {f.Length} found");
            var key = (int.Parse(f[0], CultureInfo.InvariantCulture), f[1]);
            if (!calls.TryGetValue(key, out var list)) calls[key] = list = [];
            list.Add(new CallPoint(double.Parse(f[2], CultureInfo.InvariantCulture), double.Parse(f[3], CultureInfo.InvariantCulture), f[4] == "1"));
        }
        return calls.ToDictionary(c => c.Key, c => (IReadOnlyList<CallPoint>)c.Value);
    }
}
