using System.CommandLine;
using System.Text.Json;
using System.Text.Json.Nodes;
using GrpcBench.Load.Reporting;
using Json.Schema;

namespace GrpcBench.Load.Tests.Options;

/// <summary>
/// The JSON schemas under docs/schemas: the config file's lists every option of a run (and stays in step with them),
/// the scenario file's takes the sample service's file, summary.json's every reference run the tool wrote.
/// </summary>
public class SchemaTests
{
    private static readonly string Root = FindRoot();
    private static readonly string Schemas = Path.Combine(Root, "docs", "schemas");

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, JsonSchema> Loaded = new();

    /// <summary>A schema of docs/schemas, read once: the library registers each by its $id and refuses a second registration.</summary>
    public static JsonSchema Schema(string name) => Loaded.GetOrAdd(name, n => JsonSchema.FromFile(Path.Combine(Schemas, n)));

    /// <summary>Where <paramref name="json"/> breaks <paramref name="schema"/>, one line each; empty where it holds.</summary>
    public static IReadOnlyList<string> Violations(JsonSchema schema, string json)
    {
        using var document = JsonDocument.Parse(json);
        var result = schema.Evaluate(document.RootElement, new EvaluationOptions { OutputFormat = OutputFormat.List });
        return result.IsValid ? [] : [.. (result.Details ?? []).Where(d => d.Errors is { Count: > 0 }).SelectMany(d => d.Errors!.Select(e => $"{d.InstanceLocation}: {e.Key}: {e.Value}"))];
    }

    /// <summary>The config file's schema as the options of a run declare it: what docs/schemas/config.schema.json must hold.</summary>
    private static string ConfigSchema()
    {
        var options = new RunOptions();
        var keys = ConfigFile.Keys(options);
        var properties = new JsonObject { ["$schema"] = new JsonObject { ["type"] = "string" } };
        foreach (var option in options.All.Where(o => keys.Contains(o.Name[2..])))
        {
            var type = option.ValueType;
            JsonObject property = type == typeof(bool) ? new() { ["type"] = new JsonArray("boolean", "string"), ["enum"] = new JsonArray(true, false, "true", "false") }
                : Nullable.GetUnderlyingType(type) is { } number && number != typeof(bool) ? new() { ["type"] = new JsonArray("number", "string") }
                : type == typeof(string) ? new() { ["type"] = "string" }
                : type == typeof(IReadOnlyDictionary<string, string>) ? new()
                {
                    ["type"] = new JsonArray("string", "array", "object"), ["items"] = new JsonObject { ["type"] = "string" },
                    ["additionalProperties"] = new JsonObject { ["type"] = new JsonArray("string", "number", "boolean") },
                }
                : new() { ["type"] = new JsonArray("string", "number", "array"), ["items"] = new JsonObject { ["type"] = new JsonArray("string", "number") } };
            property["description"] = option.Description;
            properties[option.Name[2..]] = property;
        }
        var schema = new JsonObject
        {
            ["$schema"] = "https://json-schema.org/draft/2020-12/schema",
            ["$id"] = "grpcbench:config.schema.json",
            ["title"] = "GrpcBench run configuration (--config FILE, JSON or YAML)",
            ["description"] = "The load tool's options under their names without --; options given on the command line override the file's. --print-config writes one.",
            ["type"] = "object",
            ["additionalProperties"] = false,
            ["properties"] = properties,
        };
        return schema.ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }) + "\n";
    }

    [Fact]
    public void The_config_schema_lists_every_option_of_a_run_with_its_description()
    {
        var file = Path.Combine(Schemas, "config.schema.json");
        var expected = ConfigSchema();
        if (Environment.GetEnvironmentVariable("GRPCBENCH_RECORD_SCHEMAS") == "1") File.WriteAllText(file, expected);

        Assert.True(File.ReadAllText(file) == expected, "docs/schemas/config.schema.json is not what the options declare; write it again with GRPCBENCH_RECORD_SCHEMAS=1 dotnet test --filter SchemaTests");
    }

    [Fact]
    public void What_print_config_writes_holds_to_the_config_schema_and_a_key_that_is_no_option_does_not()
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);
        var parse = root.Parse(["--preset", "advise", "--quick", "--runtime", "net8.0", "net10.0", "--kestrel", "maxFrameSize=65536", "--budget-minutes", "7"]);
        var printed = ConfigFile.Json(ConfigFile.Of(parse, options));

        Assert.Empty(Violations(Schema("config.schema.json"), printed));
        Assert.NotEmpty(Violations(Schema("config.schema.json"), """{ "runtimes": ["net8.0"] }"""));
        Assert.NotEmpty(Violations(Schema("config.schema.json"), """{ "quick": "maybe" }"""));
    }

    [Fact]
    public void The_sample_services_scenario_file_holds_to_the_scenario_schema_and_one_with_a_rate_and_a_share_does_not()
    {
        var sample = File.ReadAllText(Path.Combine(Root, "samples", "Inventory", "scenarios.json"));
        var schema = Schema("scenarios.schema.json");

        Assert.Contains("\"$schema\"", sample);
        Assert.Empty(Violations(schema, sample));
        Assert.NotEmpty(Violations(schema, """{ "methods": [{ "method": "a.B/C", "rate": 1, "share": 1, "slo": "50ms" }] }"""));
        Assert.NotEmpty(Violations(schema, """{ "methods": [{ "method": "a.B/C", "share": 1, "slo": "fast" }] }"""));
    }

    public static TheoryData<string> SampleRunFiles() =>
        [.. Directory.GetFiles(Path.Combine(Root, "samples", "runs"), "*.json").Select(f => Path.GetRelativePath(Root, f)).Order(StringComparer.Ordinal)];

    [Theory]
    [MemberData(nameof(SampleRunFiles))]
    public void Every_sample_run_names_the_config_schema_holds_to_it_and_gives_a_plan(string file)
    {
        var path = Path.Combine(Root, file);
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);

        var parse = root.Parse(ConfigFile.Merge(["--config", path], options));

        Assert.Contains("\"$schema\": \"../../docs/schemas/config.schema.json\"", File.ReadAllText(path));
        Assert.Empty(Violations(Schema("config.schema.json"), File.ReadAllText(path)));
        Assert.Empty(parse.Errors);
        Assert.NotNull(new PlanReader(parse, options).Read());
    }

    public static TheoryData<string> ReferenceRuns() =>
    [
        .. Directory.GetFiles(Path.Combine(Root, "docs", "reference-runs"), SummaryFile.CompressedFileName, SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(Root, f)).Order(StringComparer.Ordinal),
    ];

    [Theory]
    [MemberData(nameof(ReferenceRuns))]
    public void Every_summary_the_tool_wrote_holds_to_the_summary_schema(string file)
    {
        using var gzip = new System.IO.Compression.GZipStream(File.OpenRead(Path.Combine(Root, file)), System.IO.Compression.CompressionMode.Decompress);
        var json = new StreamReader(gzip).ReadToEnd();

        Assert.Empty(Violations(Schema("summary.schema.json"), json));
    }

    private static string FindRoot()
    {
        var root = new DirectoryInfo(AppContext.BaseDirectory);
        while (!File.Exists(Path.Combine(root.FullName, "GrpcBench.sln"))) root = root.Parent!;
        return root.FullName;
    }
}
