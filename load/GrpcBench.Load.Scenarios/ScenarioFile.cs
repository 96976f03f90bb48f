using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Google.Protobuf;
using GrpcBench.Load.Results;
using GrpcBench.ServiceAssembly;

namespace GrpcBench.Load;

/// <summary>
/// A team's scenario file (<c>--scenarios FILE</c>, JSON or YAML): the methods to call, each with its request (protobuf
/// JSON, checked against the method's request type), its own rate or a share of the mix, a message count for streams and
/// the bound its p99 is held to. Whatever is wrong is one line naming the file, the entry and what is allowed.
/// </summary>
/// <example>
/// {"methods": [{"method": "inventory.Inventory/GetItem", "request": {"id": 7}, "share": 0.8, "slo": "50ms"},
///              {"method": "inventory.Inventory/AddItems", "requestFiles": ["item.json"], "messages": 20, "rate": 5, "slo": "1s"}]}
/// </example>
public static partial class ScenarioFile
{
    private static readonly string[] Keys = ["method", "name", "request", "requests", "requestFiles", "rate", "share", "messages", "slo"];

    /// <summary>Whether an <c>--scenarios</c> value names a file rather than the bench's own scenarios.</summary>
    public static bool IsFile(string value) =>
        value.EndsWith(".json", StringComparison.OrdinalIgnoreCase) || value.EndsWith(".yaml", StringComparison.OrdinalIgnoreCase) || value.EndsWith(".yml", StringComparison.OrdinalIgnoreCase);

    /// <exception cref="FormatException">The one line that says what is wrong.</exception>
    public static ServiceLoad Read(string file, LoadedServiceAssembly assembly)
    {
        var where = $"--scenarios {file}";
        if (!File.Exists(file)) throw new FormatException($"{where}: no such file");
        var root = Parse(file, where);
        if (root?["methods"] is not JsonArray { Count: > 0 } entries || root.AsObject().Any(p => p.Key is not ("methods" or "$schema")))
            throw new FormatException($"{where}: allowed an object with one key, \"methods\": a list of at least one method (and \"$schema\", docs/schemas/scenarios.schema.json)");
        var methods = entries.Select((entry, i) => Method(entry, $"{where}, methods[{i}]", Path.GetDirectoryName(Path.GetFullPath(file))!, assembly)).ToList();
        if (methods.GroupBy(m => m.Name).FirstOrDefault(g => g.Count() > 1) is { } twice)
            throw new FormatException($"{where}: the name {twice.Key} is given to {twice.Count()} methods; give each a \"name\" of its own");
        var shares = methods.Sum(m => m.Share ?? 0);
        if (methods.Any(m => m.Share is not null) && Math.Abs(shares - 1) > 0.001)
            throw new FormatException(string.Create(CultureInfo.InvariantCulture, $"{where}: the shares add up to {shares:0.###}; allowed a total of 1"));
        return new ServiceLoad(assembly.Path, methods) { ScenarioFile = file };
    }

    private static MethodLoad Method(JsonNode? node, string where, string folder, LoadedServiceAssembly assembly)
    {
        if (node is not JsonObject entry) throw new FormatException($"{where}: allowed an object with {string.Join(", ", Keys)}");
        if (entry.FirstOrDefault(p => !Keys.Contains(p.Key)) is { Key: { } unknown })
            throw new FormatException($"{where}: unknown key \"{unknown}\"; allowed {string.Join(", ", Keys)}");
        if (Text(entry, "method") is not { } name) throw new FormatException($"{where}: no \"method\"; allowed \"package.Service/Method\"");
        where += $" ({name})";
        if (assembly.Method(name, out var names) is not { } method)
            throw new FormatException($"{where}: no such method in {Path.GetFileName(assembly.Path)}; it has {(names.Count == 0 ? "none" : string.Join(", ", names))}");
        var scenario = Text(entry, "name") ?? method.Descriptor.Name;
        if (!ScenarioName().IsMatch(scenario)) throw new FormatException($"{where}: name \"{scenario}\": allowed letters, digits, '.', '-' and '_'");
        var requests = Requests(entry, where, folder).Select((json, i) => Checked(method, json, where, i)).ToList();
        var rate = Number(entry, "rate", where, 0.01, 10_000, "calls a second");
        var share = Number(entry, "share", where, 0.000_001, 1, "of the mix's rate");
        if ((rate is null) == (share is null))
            throw new FormatException($"{where}: allowed one of \"rate\" (its own calls a second, 0.01-10,000) or \"share\" (of the mix's rate, above 0 to 1)");
        var messages = Number(entry, "messages", where, 1, 100_000, "messages a call");
        if (messages is not null && method.Kind == Grpc.Core.MethodType.Unary) throw new FormatException($"{where}: \"messages\": for streaming methods only; {name} is unary");
        if (messages is { } count && count != Math.Floor(count)) throw new FormatException($"{where}: \"messages\" {count}: allowed a whole number, 1-100,000");
        return new MethodLoad(scenario, name, method.KindText, requests, (int?)messages, rate, share, Slo(entry, where));
    }

    /// <summary>"request" (one), "requests" (a list) or "requestFiles" (files beside the scenario file, one request each); none: the empty request.</summary>
    private static IReadOnlyList<string> Requests(JsonObject entry, string where, string folder)
    {
        var given = new[] { "request", "requests", "requestFiles" }.Where(entry.ContainsKey).ToArray();
        if (given.Length > 1) throw new FormatException($"{where}: {string.Join(" and ", given)}: allowed one of request, requests or requestFiles");
        return given.FirstOrDefault() switch
        {
            "request" => [entry["request"]?.ToJsonString() ?? "{}"],
            "requests" => entry["requests"] is JsonArray { Count: > 0 } list ? list.Select(r => r?.ToJsonString() ?? "{}").ToArray()
                : throw new FormatException($"{where}: \"requests\": allowed a list of at least one request"),
            "requestFiles" => entry["requestFiles"] is JsonArray { Count: > 0 } files ? files.Select(f => RequestFile(f, where, folder)).ToArray()
                : throw new FormatException($"{where}: \"requestFiles\": allowed a list of at least one file"),
            _ => ["{}"],
        };
    }

    private static string RequestFile(JsonNode? file, string where, string folder)
    {
        var name = file is JsonValue value && value.TryGetValue<string>(out var text) ? text : throw new FormatException($"{where}: \"requestFiles\": allowed file names");
        var path = Path.Combine(folder, name);
        return File.Exists(path) ? File.ReadAllText(path) : throw new FormatException($"{where}: request file {name}: no such file beside the scenario file");
    }

    private static string Checked(ServiceMethod method, string json, string where, int index)
    {
        try
        {
            return JsonFormatter.Default.Format(method.ParseRequest(json));
        }
        catch (Exception e) when (e is InvalidProtocolBufferException or InvalidJsonException or FormatException)
        {
            throw new FormatException($"{where}: request {index + 1} does not parse into {method.Descriptor.InputType.FullName}: {e.Message}");
        }
    }

    /// <summary>The bound as milliseconds: "50ms", "1.5s", "250 ms".</summary>
    private static double Slo(JsonObject entry, string where)
    {
        var text = entry["slo"] is JsonValue value && value.TryGetValue<string>(out var s) ? s : null;
        var match = text is null ? null : Duration().Match(text.Trim());
        if (match is not { Success: true }) throw new FormatException($"{where}: \"slo\" {(text is null ? "missing" : $"\"{text}\"")}: allowed a duration such as 50ms or 1.5s (the p99 bound)");
        var ms = double.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture) * (match.Groups[2].Value == "s" ? 1000 : 1);
        return ms is > 0 and <= 600_000 ? ms : throw new FormatException($"{where}: \"slo\" \"{text}\": allowed above 0 to 600s");
    }

    private static string? Text(JsonObject entry, string key) => entry[key] switch
    {
        null => null,
        JsonValue value when value.TryGetValue<string>(out var text) && text.Length > 0 => text,
        _ => throw new FormatException($"--scenarios: \"{key}\" must be text"),
    };

    private static double? Number(JsonObject entry, string key, string where, double min, double max, string what)
    {
        if (entry[key] is null) return null;
        if (entry[key] is JsonValue value && value.TryGetValue<double>(out var number) && number >= min && number <= max) return number;
        throw new FormatException(string.Create(CultureInfo.InvariantCulture, $"{where}: \"{key}\" {entry[key]!.ToJsonString()}: allowed a number, {min:#,##0.######} to {max:#,##0} ({what})"));
    }

    private static JsonNode? Parse(string file, string where)
    {
        var text = File.ReadAllText(file);
        try
        {
            return file.EndsWith(".json", StringComparison.OrdinalIgnoreCase)
                ? JsonNode.Parse(text, documentOptions: new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, AllowTrailingCommas = true })
                : YamlAsJson.Parse(text);
        }
        catch (Exception e) when (e is JsonException or YamlDotNet.Core.YamlException)
        {
            throw new FormatException($"{where}: not valid {(file.EndsWith(".json", StringComparison.OrdinalIgnoreCase) ? "JSON" : "YAML")}: {e.Message.ReplaceLineEndings(" ")}");
        }
    }

    [GeneratedRegex(@"^([0-9]+(?:\.[0-9]+)?)\s*(ms|s)$")]
    private static partial Regex Duration();

    [GeneratedRegex(@"^[A-Za-z0-9_.\-]+$")]
    private static partial Regex ScenarioName();
}
