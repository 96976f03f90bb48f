using System.CommandLine;

namespace GrpcBench.Load.Tests.Options;

/// <summary>A run as a file: --config FILE under the command line's own options, and --print-config's output taken back.</summary>
public sealed class ConfigFileTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("grpcbench-config-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private string File(string name, string text)
    {
        var path = Path.Combine(_folder, name);
        System.IO.File.WriteAllText(path, text);
        return path;
    }

    private static (ParseResult Parse, RunOptions Options) Parse(params string[] args)
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);
        var parse = root.Parse(ConfigFile.Merge(args, options));
        Assert.Empty(parse.Errors);
        return (parse, options);
    }

    [Fact]
    public void A_yaml_file_gives_the_options_and_the_command_line_overrides_it()
    {
        var yaml = File("our-run.yaml", """
            preset: capacity
            quick: true
            runtime: [net8.0, net10.0]
            server: grpc-core,kestrel
            kestrel:
              maxFrameSize: 65536
            slo-upload-ms: 800
            """);

        var (parse, options) = Parse("--config", yaml, "--runtime", "net10.0");
        var plan = new PlanReader(parse, options).Read();

        Assert.Equal(("capacity", true), (plan.Preset, plan.Quick));
        Assert.Equal(["net10.0"], plan.Runtimes); // the command line's, not the file's
        Assert.Equal("65536", parse.GetValue(options.KestrelSettings)!["maxFrameSize"]);
        Assert.Equal(800, parse.GetValue(options.Declared<CapacityPreset>().SloUploadMs));
    }

    [Fact]
    public void A_json_file_is_read_the_same_way_and_print_configs_output_runs_the_same_plan()
    {
        var json = File("our-run.json", """{ "$schema": "../docs/schemas/config.schema.json", "preset": "seed", "quick": true, "transport": ["h2c", "tls"], "payload-mib": 4 }""");

        var (parse, options) = Parse("--config", json, "--repeat", "2");
        var config = ConfigFile.Of(parse, options);
        var printed = File("printed.json", ConfigFile.Json(config));
        var (again, againOptions) = Parse("--config", printed);

        // The story's former name is taken and written back as its name; the command line's --repeat is in the configuration.
        Assert.Equal(["story"], config["preset"]);
        Assert.Equal(["2"], config["repeat"]);
        Assert.Equal(["h2c", "tls"], config["transport"]);
        Assert.DoesNotContain("config", config.Keys);
        Assert.Equal(config, ConfigFile.Of(again, againOptions));
        var (first, second) = (new PlanReader(parse, options).Read(), new PlanReader(again, againOptions).Read());
        Assert.Equal((first.Preset, first.Quick, first.Repeat, first.Load.PayloadBytes), (second.Preset, second.Quick, second.Repeat, second.Load.PayloadBytes));
        Assert.Equal(first.Transports, second.Transports);
    }

    [Theory]
    [InlineData("runtimes: [net8.0]", "runtimes is no option; allowed ")]
    [InlineData("out: results/x", "out is no option; allowed ")]
    [InlineData("- preset", "a mapping of option names to values")]
    [InlineData("preset: [capacity", "not JSON or YAML")]
    public void A_file_that_is_no_run_is_refused_naming_what_is_wrong(string text, string expected)
    {
        var path = File("bad.yaml", text);

        var refusal = Assert.Throws<FormatException>(() => ConfigFile.Merge(["--config", path], new RunOptions())).Message;

        Assert.StartsWith($"--config {path}: ", refusal);
        Assert.Contains(expected, refusal);
        Assert.DoesNotContain('\n', refusal);
    }

    [Fact]
    public void A_missing_file_is_named()
    {
        var missing = Path.Combine(_folder, "none.yaml");

        Assert.Equal($"--config {missing}: no such file", Assert.Throws<FormatException>(() => ConfigFile.Merge(["--config", missing], new RunOptions())).Message);
    }
}
