using System.Diagnostics;
using Google.Protobuf;
using Grpc.Core;
using Grpc.Net.Client;
using GrpcBench.Contracts;
using GrpcBench.Orchestration;
using GrpcBench.ServiceAssembly;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// Both hosts as real processes with a team's own service assembly (--serviceAssembly): the sample's four methods
/// served beside the bench's own services, and an assembly the host cannot serve refused in one line, exit 2, before
/// the ready line.
/// </summary>
public class ServiceAssemblyHostTests
{
    private static readonly string Sample = BuildOutput("samples", "Inventory", "net8.0", "Inventory.dll");
    private static readonly string Fixtures = BuildOutput("tests", "GrpcBench.ServiceFixtures", "net10.0", "GrpcBench.ServiceFixtures.dll");
    private static readonly string NoService = BuildOutput("src", "GrpcBench.Terms", "net8.0", "GrpcBench.Terms.dll");
    private static readonly string Missing = Path.Combine(DotnetRoots.RepositoryRoot, "samples", "Inventory", "bin", "no-such", "Inventory.dll");

    private static CallOptions WithDeadline => new(deadline: DateTime.UtcNow.AddMinutes(1));

    public static TheoryData<string, string> HostsOnRuntimes => new()
    {
        { Hosts.Legacy, "net8.0" },
        { Hosts.Legacy, "net10.0" },
        { Hosts.Kestrel, "net8.0" },
        { Hosts.Kestrel, "net10.0" },
    };

    [Theory]
    [MemberData(nameof(HostsOnRuntimes))]
    public async Task Host_serves_the_sample_assemblys_four_methods_beside_its_own_services_and_names_them_in_its_ready_line(string project, string runtime)
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(project, runtime, ["--serviceAssembly", Sample]));

        Assert.Equal(Sample, host.Ready.Setting("serviceAssembly.path")?.GetString());
        Assert.Equal(["inventory.Inventory"], host.Ready.Setting("serviceAssembly.services")!.Value.EnumerateArray().Select(s => s.GetString()));

        using var channel = GrpcChannel.ForAddress(host.Ready.Url);
        var invoker = channel.CreateCallInvoker();
        var inventory = LoadedServiceAssembly.Load(Sample);

        var getItem = MethodOf(inventory, "GetItem");
        var item = await invoker.AsyncUnaryCall(getItem.Method, null, WithDeadline, getItem.ParseRequest("""{"id": 7}"""));
        Assert.Equal(7, Field<int>(item, "id"));
        Assert.Equal("item 7", Field<string>(item, "name"));

        var listItems = MethodOf(inventory, "ListItems");
        using var list = invoker.AsyncServerStreamingCall(listItems.Method, null, WithDeadline, listItems.ParseRequest("""{"category": "tools", "count": 5}"""));
        var listed = await ReadAllAsync(list.ResponseStream);
        Assert.Equal([1, 2, 3, 4, 5], listed.Select(i => Field<int>(i, "id")));

        var addItems = MethodOf(inventory, "AddItems");
        using var add = invoker.AsyncClientStreamingCall(addItems.Method, null, WithDeadline);
        foreach (var id in new[] { 1, 2, 3 }) await add.RequestStream.WriteAsync(ItemOf(addItems, id));
        await add.RequestStream.CompleteAsync();
        Assert.Equal(3, Field<int>(await add.ResponseAsync, "added"));

        var syncItems = MethodOf(inventory, "SyncItems");
        using var sync = invoker.AsyncDuplexStreamingCall(syncItems.Method, null, WithDeadline);
        foreach (var id in new[] { 11, 12, 13 }) await sync.RequestStream.WriteAsync(ItemOf(syncItems, id));
        await sync.RequestStream.CompleteAsync();
        var echoed = await ReadAllAsync(sync.ResponseStream);
        Assert.Equal([11, 12, 13], echoed.Select(i => Field<int>(i, "id")));
        Assert.Equal(["item 11", "item 12", "item 13"], echoed.Select(i => Field<string>(i, "name")));

        // The bench's own service is still there beside the team's.
        await new ExampleService.ExampleServiceClient(invoker).GetIntAsync(new Empty(), WithDeadline);
    }

    /// <summary>Each host with each assembly it must refuse, one at a time.</summary>
    public static TheoryData<string, string> Refusals => new()
    {
        { Hosts.Legacy, "missing file" },
        { Hosts.Legacy, "no service" },
        { Hosts.Legacy, "constructor with arguments" },
        { Hosts.Legacy, "built for a newer runtime" },
        { Hosts.Kestrel, "missing file" },
        { Hosts.Kestrel, "no service" },
        { Hosts.Kestrel, "constructor with arguments" },
        { Hosts.Kestrel, "built for a newer runtime" },
    };

    [Theory]
    [MemberData(nameof(Refusals))]
    public async Task Host_refuses_an_assembly_it_cannot_serve_in_one_line_naming_it_and_exits_2_before_its_ready_line(string project, string refusal)
    {
        var (assembly, runtime, wrong) = refusal switch
        {
            "missing file" => (Missing, "net10.0", "no such file"),
            "no service" => (NoService, "net10.0", "holds no service"),
            "constructor with arguments" => (Fixtures, "net10.0", "service GrpcBench.ServiceFixtures.NeedsArgumentsService has no public constructor without parameters"),
            _ => (Fixtures, "net8.0", "built for .NET 10, newer than the runtime asked for (.NET 8)"),
        };
        var host = new HostLaunch(project, runtime, []).AssemblyPath;
        var start = DotnetRoots.StartInfo(runtime, host, ["--serviceAssembly", assembly, "--parentPid", Environment.ProcessId.ToString()]);

        var (exit, output, error) = await ChildProcess.WaitAsync(Process.Start(start)!, TimeSpan.FromMinutes(1));

        Assert.Equal(2, exit);
        Assert.DoesNotContain("\"event\":\"ready\"", output);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"--serviceAssembly {assembly}: {wrong}", line);
    }

    private static string BuildOutput(string folder, string project, string framework, string file) =>
        Path.Combine(DotnetRoots.RepositoryRoot, folder, project, "bin", BuildConfiguration.Current, framework, file);

    private static ServiceMethod MethodOf(LoadedServiceAssembly assembly, string name) =>
        assembly.Method($"inventory.Inventory/{name}", out var names) ?? throw new InvalidOperationException($"no {name} among {string.Join(", ", names)}");

    private static IMessage ItemOf(ServiceMethod method, int id) =>
        method.ParseRequest($$"""{"id": {{id}}, "name": "item {{id}}", "category": "tools", "priceCents": "250", "stock": 2}""");

    private static T Field<T>(IMessage message, string name) => (T)message.Descriptor.FindFieldByName(name).Accessor.GetValue(message);

    private static async Task<List<IMessage>> ReadAllAsync(IAsyncStreamReader<IMessage> stream)
    {
        var messages = new List<IMessage>();
        while (await stream.MoveNext(CancellationToken.None)) messages.Add(stream.Current);
        return messages;
    }
}
