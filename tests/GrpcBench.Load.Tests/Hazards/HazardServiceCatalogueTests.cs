using System.Net;
using System.Net.Sockets;
using System.Text;
using GrpcBench.Load.Hazards;
using GrpcBench.Load.Tests.YourService;

namespace GrpcBench.Load.Tests;

public class HazardServiceCatalogueTests
{
    private static readonly HazardTarget GetItem = new("/inventory.Inventory/GetItem", [0x08, 0x07], "/teams/Inventory.dll");

    [Fact]
    public void A_service_gets_the_generic_cases_on_hosts_serving_its_assembly_and_none_of_the_story_only_ones()
    {
        var cases = HazardCatalogue.For(GetItem);

        Assert.Equal(HazardCatalogue.All.Select(c => c.Id).Except(HazardCatalogue.StoryOnly), cases.Select(c => c.Id));
        Assert.All(cases, c => Assert.Equal(["--serviceAssembly", "/teams/Inventory.dll"], c.HostArguments!));
        Assert.All(cases, c => Assert.DoesNotContain("GetInt", c.Sends));
        Assert.All(cases, c => Assert.DoesNotContain("SendLargeData", c.Sends));
        Assert.Equal("a correct inventory.Inventory/GetItem", cases[0].Sends);
        Assert.Equal("a call to /inventory.Inventory/Missing", cases.Single(c => c.Id == "unknown-method").Sends);
    }

    [Fact]
    public void The_story_keeps_its_whole_catalogue_on_default_hosts()
    {
        Assert.Same(HazardCatalogue.All, HazardCatalogue.For(HazardTarget.Story));
        Assert.Equal(30, HazardCatalogue.All.Count);
        Assert.Equal("a correct GetInt", HazardCatalogue.All[0].Sends);
        Assert.Equal("a call to /example.ExampleService/Missing", HazardCatalogue.All.Single(c => c.Id == "unknown-method").Sends);
    }

    [Theory]
    [InlineData("control", 1)]
    [InlineData("two-messages-unary", 2)]
    [InlineData("http1-on-h2c-port", 1)]
    [InlineData("ping-flood", 1)]
    public async Task A_case_sends_the_methods_path_and_its_request_bytes(string id, int messages)
    {
        var sent = await SentByAsync(HazardCatalogue.For(GetItem).Single(c => c.Id == id));

        Assert.Contains("/inventory.Inventory/GetItem", Encoding.ASCII.GetString(sent));
        byte[] framed = [0, 0, 0, 0, 2, 0x08, 0x07];
        Assert.Equal(messages, Occurrences(sent, framed));
    }

    [Fact]
    public void The_first_unary_method_of_the_sample_is_the_target_with_its_first_request()
    {
        var target = HazardTargets.FirstUnary(SampleService.AssemblyPath, SampleService.ScenarioFile);

        Assert.Equal("/inventory.Inventory/GetItem", target.Path);
        Assert.Equal(new byte[] { 0x08, 0x07 }, target.Request);
        Assert.Equal(Path.GetFullPath(SampleService.AssemblyPath), target.AssemblyPath);
    }

    [Fact]
    public void A_scenario_file_without_a_unary_method_is_refused_naming_it()
    {
        var file = Path.Combine(Path.GetTempPath(), $"hazards-streams-{Guid.NewGuid():N}.json");
        File.WriteAllText(file, """{"methods": [{"method": "inventory.Inventory/ListItems", "request": {"count": 2}, "messages": 2, "rate": 1, "slo": "1s"}]}""");
        try
        {
            var refused = Assert.Throws<FormatException>(() => HazardTargets.FirstUnary(SampleService.AssemblyPath, file));

            Assert.Equal($"--scenarios {file}: no unary method (inventory.Inventory/ListItems is server-streaming); the hazards are unary calls", refused.Message);
        }
        finally
        {
            File.Delete(file);
        }
    }

    /// <summary>What the case writes to a listener that reads until the case has written nothing for half a second, then closes.</summary>
    private static async Task<byte[]> SentByAsync(HazardCase hazard)
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var url = new Uri($"http://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}");
        var running = hazard.Run(url);
        using var socket = await listener.AcceptSocketAsync();
        var received = new MemoryStream();
        var buffer = new byte[65_536];
        while (true)
        {
            using var quiet = new CancellationTokenSource(TimeSpan.FromMilliseconds(500));
            try
            {
                var read = await socket.ReceiveAsync(buffer, quiet.Token);
                if (read == 0) break;
                received.Write(buffer, 0, read);
            }
            catch (OperationCanceledException)
            {
                break;
            }
        }
        socket.Close();
        await running;
        return received.ToArray();
    }

    private static int Occurrences(byte[] bytes, byte[] part) =>
        Enumerable.Range(0, bytes.Length - part.Length + 1).Count(i => bytes.AsSpan(i, part.Length).SequenceEqual(part));
}
