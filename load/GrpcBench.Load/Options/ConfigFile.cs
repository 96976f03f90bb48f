using System.CommandLine;
using System.CommandLine.Parsing;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace GrpcBench.Load;

/// <summary>
/// A run as a file a team commits: <c>--config FILE</c> (JSON or YAML) holds options under their names without "--"
/// (<c>preset: capacity</c>, <c>runtime: [net8.0, net10.0]</c>, <c>quick: true</c>, <c>kestrel: {maxFrameSize: 65536}</c>),
/// the command line's own options on top of it. <c>--print-config</c> writes a run's configuration in the same form.
/// </summary>
public static class ConfigFile
{
    public const string OptionName = "--config";

    /// <summary>Options a file does not hold: the file itself, printing it, and the results folder (each run writes a new one).</summary>
    private static readonly HashSet<string> NotInFile = [OptionName, "--print-config", "--out", "--help", "--version"];

    /// <summary>
    /// <paramref name="args"/> with the options of the file its <c>--config</c> names in front of them, those the command
    /// line gives itself left out of the file's; <paramref name="args"/> as they are without <c>--config</c>.
    /// </summary>
    /// <exception cref="FormatException">The file cannot be read, or holds a key that is no option, named in the message.</exception>
    public static string[] Merge(string[] args, RunOptions options)
    {
        var at = Array.FindIndex(args, a => a == OptionName || a.StartsWith(OptionName + "=", StringComparison.Ordinal));
        if (at < 0) return args;
        var path = args[at].Length > OptionName.Length ? args[at][(OptionName.Length + 1)..] : at + 1 < args.Length ? args[at + 1] : throw new FormatException($"{OptionName}: a JSON or YAML file of options");
        var given = args.Where(a => a.StartsWith("--", StringComparison.Ordinal)).Select(a => a.Split('=')[0]).ToHashSet();
        var fromFile = Read(path, options).Where(o => !given.Contains(o.Key)).SelectMany(o => (string[])[o.Key, .. o.Value]);
        return [.. fromFile, .. args];
    }

    /// <summary>The file's options, each "--name" with its tokens, in the file's order.</summary>
    /// <exception cref="FormatException">The file cannot be read, or holds a key that is no option.</exception>
    public static IReadOnlyList<KeyValuePair<string, string[]>> Read(string path, RunOptions options)
    {
        if (!File.Exists(path)) throw new FormatException($"{OptionName} {path}: no such file");
        JsonNode? root;
        try
        {
            root = YamlAsJson.Parse(File.ReadAllText(path));
        }
        catch (YamlDotNet.Core.YamlException e)
        {
            throw new FormatException($"{OptionName} {path}: not JSON or YAML ({e.Start}: {e.Message})");
        }
        if (root is null) return [];
        if (root is not JsonObject file) throw new FormatException($"{OptionName} {path}: a mapping of option names to values, e.g. \"preset: capacity\"");
        var known = Keys(options);
        var read = new List<KeyValuePair<string, string[]>>();
        foreach (var (key, value) in file.Where(o => o.Key != "$schema"))
        {
            if (!known.Contains(key))
                throw new FormatException($"{OptionName} {path}: {key} is no option; allowed {string.Join(", ", known.Order(StringComparer.Ordinal))}");
            read.Add(new("--" + key, Tokens(value)));
        }
        return read;
    }

    /// <summary>The keys a file may hold: every option of a run but those it does not (<see cref="NotInFile"/>).</summary>
    public static IReadOnlySet<string> Keys(RunOptions options) =>
        options.All.Select(o => o.Name).Where(n => !NotInFile.Contains(n)).Select(n => n[2..]).ToHashSet();

    /// <summary>A value as command-line tokens: a scalar as itself, a list item by item, a mapping as NAME=VALUE items.</summary>
    private static string[] Tokens(JsonNode? value) => value switch
    {
        JsonArray list => [.. list.SelectMany(Tokens)],
        JsonObject map => [.. map.Select(c => $"{c.Key}={Scalar(c.Value)}")],
        null => [],
        _ => [Scalar(value)],
    };

    private static string Scalar(JsonNode? value) => value is JsonValue v && v.TryGetValue<string>(out var text) ? text : value?.ToJsonString() ?? "";

    /// <summary>
    /// A run's configuration: every option given (by the file or the command line) with its tokens, and the preset
    /// always (by its current name); what <c>--print-config</c> writes and summary.json keeps.
    /// </summary>
    public static IReadOnlyDictionary<string, string[]> Of(ParseResult parse, RunOptions options)
    {
        var config = new SortedDictionary<string, string[]>(StringComparer.Ordinal) { ["preset"] = [parse.GetValue(options.Preset)!] };
        foreach (var option in options.All.Where(o => !NotInFile.Contains(o.Name) && o != options.Preset))
            if (parse.GetResult(option) is OptionResult { Implicit: false } given)
                config[option.Name[2..]] = given.Tokens.Count == 0 ? ["true"] : [.. given.Tokens.Select(t => t.Value)];
        return config;
    }

    /// <summary>The configuration as a file <see cref="Read"/> takes back: a single token as a value, several as a list.</summary>
    public static string Json(IReadOnlyDictionary<string, string[]> config) => JsonSerializer.Serialize(
        config.ToDictionary(c => c.Key, c => c.Value.Length == 1 ? (object)c.Value[0] : c.Value), new JsonSerializerOptions { WriteIndented = true });
}
