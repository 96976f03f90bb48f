using System.Runtime.CompilerServices;
using System.Text.Json;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// Which figures a run's summary.json holds, as the JSON paths of its values (array elements as []), held against the
/// shape the same command line wrote before the load tool was rebuilt around one run loop (SummaryShapes/NAME.txt). The
/// values are measurements and differ from run to run; the figures a preset writes may not. A path that is null, or
/// under an empty array or object, in either run is allowed to differ: whether a failure count or a decision is there
/// depends on what was measured.
/// </summary>
/// <remarks>GRPCBENCH_RECORD_SHAPES=1 writes the shape instead of comparing (only where the figures are meant to change).</remarks>
public static class SummaryShape
{
    private const string Null = "null", Value = "value";

    /// <summary>Objects whose keys are data, not figures: the DOTNET_ variables a process found, the status codes calls failed with, the options a run was given.</summary>
    private static readonly HashSet<string> KeyedByData = ["env", "failsByCode", "config"];

    public static void Matches(string resultsFolder, string name, [CallerFilePath] string caller = "")
    {
        var file = Path.Combine(Path.GetDirectoryName(caller)!, "SummaryShapes", name + ".txt");
        var now = Of(File.ReadAllText(Path.Combine(resultsFolder, "summary.json")));
        if (Environment.GetEnvironmentVariable("GRPCBENCH_RECORD_SHAPES") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(file)!);
            File.WriteAllLines(file, now.Select(p => $"{p.Key}\t{p.Value}"));
            return;
        }
        Assert.True(File.Exists(file), $"no recorded shape {file}");
        var before = File.ReadAllLines(file).Select(l => l.Split('\t')).ToDictionary(p => p[0], p => p[1], StringComparer.Ordinal);
        var differences = Differences(before, now);
        Assert.True(differences.Count == 0, $"summary.json's figures differ from {name}.txt:\n" + string.Join("\n", differences));
    }

    /// <summary>Every path of the document, with whether it holds a value or is null (or an empty array or object).</summary>
    public static SortedDictionary<string, string> Of(string json)
    {
        var paths = new SortedDictionary<string, string>(StringComparer.Ordinal);
        using var document = JsonDocument.Parse(json);
        Walk(document.RootElement, "");
        return paths;

        void Walk(JsonElement element, string path)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Object when element.EnumerateObject().Any():
                    foreach (var property in element.EnumerateObject()) Walk(property.Value, path + "." + property.Name);
                    break;
                case JsonValueKind.Array when element.GetArrayLength() > 0:
                    foreach (var item in element.EnumerateArray()) Walk(item, path + "[]");
                    break;
                case JsonValueKind.Object or JsonValueKind.Array or JsonValueKind.Null:
                    paths.TryAdd(WithoutDataKeys(path), Null);
                    break;
                default:
                    // A value beats a null elsewhere in the same array: the path holds values.
                    paths[WithoutDataKeys(path)] = Value;
                    break;
            }
        }
    }

    /// <summary>".x.env.DOTNET_X" as ".x.env.*": the key after a data-keyed one, whether nested ({"env": {...}}) or flat ("env.DOTNET_X").</summary>
    private static string WithoutDataKeys(string path)
    {
        var segments = path.Split('.');
        for (var i = 1; i < segments.Length; i++)
            if (KeyedByData.Contains(segments[i - 1])) segments[i] = "*";
        return string.Join('.', segments);
    }

    /// <summary>The paths that hold values in one shape and are missing from the other, unless they or a parent are null in either.</summary>
    public static List<string> Differences(IReadOnlyDictionary<string, string> before, IReadOnlyDictionary<string, string> now)
    {
        bool NullUnder(string path) => Prefixes(path).Any(p => before.GetValueOrDefault(p) == Null || now.GetValueOrDefault(p) == Null);
        return [.. before.Where(p => p.Value == Value && !now.ContainsKey(p.Key) && !NullUnder(p.Key)).Select(p => "missing now: " + p.Key)
            .Concat(now.Where(p => p.Value == Value && !before.ContainsKey(p.Key) && !NullUnder(p.Key)).Select(p => "new: " + p.Key))];
    }

    private static IEnumerable<string> Prefixes(string path)
    {
        for (var i = 0; i < path.Length; i++)
            if (path[i] is '.' or '[' && i > 0) yield return path[..i];
        yield return path;
    }
}
