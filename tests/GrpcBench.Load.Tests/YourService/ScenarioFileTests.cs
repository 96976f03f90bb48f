using System.CommandLine;
using GrpcBench.Load.Results;
using static GrpcBench.Load.Tests.Options.CommandLines;

namespace GrpcBench.Load.Tests.YourService;

/// <summary>A team's scenario file read against its assembly (samples/Inventory): what it becomes, and each bad input refused in one line.</summary>
public sealed class ScenarioFileTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("grpcbench-scenarios-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void The_samples_file_becomes_one_scenario_a_method_with_its_requests_rates_and_bounds()
    {
        var plan = Plan($"--quick --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile}");
        var service = plan.Load.Service!;

        Assert.Equal(["GetItem", "ListItems", "SyncItems", "AddItems"], plan.Load.Scenarios);
        Assert.Equal(Path.GetFullPath(SampleService.AssemblyPath), service.AssemblyPath);
        Assert.Empty(plan.Baselines);
        var getItem = service.Named("GetItem")!;
        Assert.Equal(("inventory.Inventory/GetItem", "unary", 0.7, 50.0), (getItem.Method, getItem.Kind, getItem.Share!.Value, getItem.SloP99Ms));
        Assert.Equal(["{ \"id\": 7 }"], getItem.Requests);
        var addItems = service.Named("AddItems")!;
        Assert.Equal(("client-streaming", 20, 20.0, 200.0), (addItems.Kind, addItems.Messages!.Value, addItems.PerSecond!.Value, addItems.SloP99Ms));
        Assert.Equal(2, addItems.Requests.Count);
        Assert.Contains("\"priceCents\": \"2450\"", addItems.Requests[1]);
        Assert.Equal(("server-streaming", 50), (service.Named("ListItems")!.Kind, service.Named("ListItems")!.Messages!.Value));
        Assert.Equal("bidi-streaming", service.Named("SyncItems")!.Kind);
    }

    [Fact]
    public void A_share_method_takes_its_share_of_each_phase_and_a_rate_method_its_own_rate()
    {
        var plan = Plan($"--quick --phases =100x10 --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile}");

        Assert.Equal(700, plan.Load.PlannedCalls("GetItem"), precision: 6);
        Assert.Equal(200, plan.Load.PlannedCalls("AddItems"), precision: 6);
        Assert.Contains("0.7 of the load: inject 100 per 1 s for 10 s; unary inventory.Inventory/GetItem", plan.Load.Describe("GetItem").Simulations[0]);
        Assert.Contains("inject 20 per 1 s beside the others; client-streaming inventory.Inventory/AddItems, 20 messages a call", plan.Load.Describe("AddItems").Simulations[0]);
    }

    [Fact]
    public void A_yaml_file_reads_as_the_json_it_stands_for()
    {
        var file = Write("scenarios.yaml", """
            methods:
              - method: inventory.Inventory/GetItem
                request: { id: "7" }
                rate: 12.5
                slo: 1.5s
              - method: inventory.Inventory/ListItems
                request:
                  category: tools
                  count: 3
                share: 1
                slo: 250 ms
            """);

        var service = Plan($"--service-assembly {SampleService.AssemblyPath} --scenarios {file}").Load.Service!;

        Assert.Equal((12.5, 1500.0), (service.Named("GetItem")!.PerSecond!.Value, service.Named("GetItem")!.SloP99Ms));
        Assert.Equal(["{ \"id\": 7 }"], service.Named("GetItem")!.Requests);
        Assert.Equal(250.0, service.Named("ListItems")!.SloP99Ms);
    }

    [Theory]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetPrice", "share": 1, "slo": "50ms"}]}""",
        "methods[0] (inventory.Inventory/GetPrice): no such method in Inventory.dll; it has inventory.Inventory/GetItem, inventory.Inventory/ListItems")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "request": {"sku": "A7"}, "share": 1, "slo": "50ms"}]}""",
        "methods[0] (inventory.Inventory/GetItem): request 1 does not parse into inventory.ItemRequest: ")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "request": {"id": "seven"}, "share": 1, "slo": "50ms"}]}""",
        "methods[0] (inventory.Inventory/GetItem): request 1 does not parse into inventory.ItemRequest: ")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "share": 1, "slo": "fast"}]}""",
        "methods[0] (inventory.Inventory/GetItem): \"slo\" \"fast\": allowed a duration such as 50ms or 1.5s")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "share": 1}]}""",
        "methods[0] (inventory.Inventory/GetItem): \"slo\" missing: allowed a duration such as 50ms or 1.5s")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "rate": 5, "share": 1, "slo": "50ms"}]}""",
        "methods[0] (inventory.Inventory/GetItem): allowed one of \"rate\"")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "share": 0.5, "slo": "50ms"}]}""",
        ": the shares add up to 0.5; allowed a total of 1")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "share": 1, "messages": 3, "slo": "50ms"}]}""",
        "methods[0] (inventory.Inventory/GetItem): \"messages\": for streaming methods only")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "share": 1, "slo": "50ms", "timeout": "1s"}]}""",
        "methods[0]: unknown key \"timeout\"; allowed method, name, request")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "requestFiles": ["gone.json"], "share": 1, "slo": "50ms"}]}""",
        "methods[0] (inventory.Inventory/GetItem): request file gone.json: no such file beside the scenario file")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem", "share": 0.5, "slo": "50ms"}, {"method": "inventory.Inventory/GetItem", "share": 0.5, "slo": "50ms"}]}""",
        ": the name GetItem is given to 2 methods")]
    [InlineData("""{"methods": []}""", ": allowed an object with one key, \"methods\": a list of at least one method")]
    [InlineData("""{"methods": [{"method": "inventory.Inventory/GetItem",, }]}""", ": not valid JSON: ")]
    public void A_bad_entry_is_refused_in_one_line_naming_the_file_and_the_entry(string json, string expected)
    {
        var file = Write("scenarios.json", json);

        var message = Refusal($"--service-assembly {SampleService.AssemblyPath} --scenarios {file}");

        Assert.StartsWith($"--scenarios {file}", message);
        Assert.Contains(expected, message);
        Assert.DoesNotContain('\n', message);
    }

    [Theory]
    [InlineData("net8.0", "--runtime net8.0", "holds no service: no public class derives from a Grpc.Tools-generated service base class")]
    [InlineData("net10.0", "--runtime net8.0", "built for .NET 10, newer than net8.0 asked for")]
    public void An_assembly_the_hosts_cannot_serve_is_refused_before_anything_starts(string builtFor, string runtime, string expected)
    {
        var assembly = SampleService.ContractsAssembly(builtFor);
        var file = Write("scenarios.json", """{"methods": [{"method": "example.ExampleService/GetInt", "share": 1, "slo": "50ms"}]}""");

        Assert.Equal($"--service-assembly {assembly}: {expected}", Refusal($"{runtime} --service-assembly {assembly} --scenarios {file}")[..(assembly.Length + 21 + expected.Length)]);
    }

    [Theory]
    [InlineData("--scenarios {file}", "--scenarios {file}: needs --service-assembly PATH")]
    [InlineData("--service-assembly {assembly}", "--service-assembly {assembly}: needs --scenarios FILE")]
    [InlineData("--service-assembly {assembly} --scenarios {file} --preset capacity --slo-upload-ms 100", "--slo-upload-ms: not with --scenarios FILE")]
    [InlineData("--service-assembly {assembly} --scenarios {file} --baselines raw-tcp", "--baselines: the floors post to the bench's own endpoints")]
    [InlineData("--service-assembly {assembly} --scenarios {file},getInt", "--scenarios {file}: a scenario file goes alone")]
    [InlineData("--service-assembly /nowhere/Team.dll --scenarios {file}", "--service-assembly /nowhere/Team.dll: no such file")]
    public void Options_that_do_not_go_with_a_scenario_file_are_refused(string commandLine, string expected)
    {
        var line = commandLine.Replace("{file}", SampleService.ScenarioFile).Replace("{assembly}", SampleService.AssemblyPath);

        Assert.StartsWith(expected.Replace("{file}", SampleService.ScenarioFile).Replace("{assembly}", SampleService.AssemblyPath), Refusal(line));
    }

    [Fact]
    public void A_soak_of_a_teams_methods_holds_their_shared_rate_for_its_minutes()
    {
        var plan = Plan($"--preset soak --quick --rate 40 --minutes 3 --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile}");
        var soak = plan.OptionsOf<SoakOptions>();

        Assert.Equal(["GetItem", "ListItems", "SyncItems", "AddItems"], plan.Load.Scenarios);
        Assert.Equal([new RampPhase(40, 180, Constant: true)], plan.Load.Phases);
        Assert.Equal(40 * 180 * 0.7, plan.Load.PlannedCalls("GetItem"), precision: 6);
        Assert.Equal(20 * 180, plan.Load.PlannedCalls("AddItems"), precision: 6);
        Assert.StartsWith("your methods at 40/s (given with --rate) shared as the scenario file says (GetItem 0.7, ListItems 0.2, SyncItems 0.1, AddItems 20/s beside)", soak.Describe());
    }

    [Theory]
    [InlineData("--preset soak --payload-mib 4", "--payload-mib: not with --scenarios FILE")]
    [InlineData("--preset soak --getint-rate 5", "--getint-rate: not with --scenarios FILE")]
    public void The_soaks_story_options_are_refused_with_a_scenario_file(string preset, string expected) =>
        Assert.StartsWith(expected, Refusal($"{preset} --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile}"));

    [Fact]
    public void The_soak_still_refuses_the_storys_scenario_names() =>
        Assert.StartsWith("--scenarios: not with --preset soak", Refusal("--preset soak --scenarios getInt"));

    [Theory]
    [InlineData("streaming", "--service-assembly: allowed with --preset story or sweep or capacity or advise or soak only")]
    [InlineData("chunked", "--service-assembly: allowed with --preset story or sweep or capacity or advise or soak only")]
    [InlineData("advise", null)]
    public void Only_the_presets_that_can_run_a_teams_methods_take_them(string preset, string? expected)
    {
        var (parse, _) = Parse($"--preset {preset} --service-assembly {SampleService.AssemblyPath} --scenarios {SampleService.ScenarioFile}");

        if (expected is null) Assert.Empty(parse.Errors);
        else Assert.StartsWith(expected, Assert.Single(parse.Errors.Take(1)).Message);
    }

    private string Write(string name, string text)
    {
        var path = Path.Combine(_folder, name);
        File.WriteAllText(path, text);
        return path;
    }
}
