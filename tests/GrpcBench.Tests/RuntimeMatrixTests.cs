using System.Net;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.Http2ServerSettings;

namespace GrpcBench.Tests;

/// <summary>
/// The Kestrel host on each runtime the machine can provision (eng/provision-runtimes.sh), as a real
/// process that reports its own runtime. .NET 6 has no runtime pack on the package feed here.
/// </summary>
public class RuntimeMatrixTests
{
    public static TheoryData<string> Runtimes => TestRuntimes.Data(TestRuntimes.All);
    public static TheoryData<string> RuntimesSinceDotnet7 => TestRuntimes.Data(TestRuntimes.SinceDotnet7);

    [Fact]
    public void The_builds_the_bench_knows_are_the_target_frameworks_directory_build_props_builds()
    {
        var props = System.Xml.Linq.XDocument.Load(Path.Combine(DotnetRoots.RepositoryRoot, "Directory.Build.props"));
        var frameworks = props.Descendants("BenchTargetFrameworks").Single().Value.Split(';');

        Assert.Equal(frameworks, RuntimeBuilds.Builds);
    }

    [Theory]
    [MemberData(nameof(Runtimes))]
    public async Task Host_runs_on_the_runtime_it_was_asked_for(string runtime)
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, runtime, []));
        using var client = Http2Client.For(host.Ready, TimeSpan.FromSeconds(60));

        using var response = await ProbeClient.UploadAsync(client, 20 * 1024 * 1024);

        Assert.StartsWith(TestRuntimes.Reported(runtime), host.Ready.Runtime);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Theory]
    [MemberData(nameof(RuntimesSinceDotnet7))]
    public async Task Runtimes_since_dotnet_7_announce_768_KiB_stream_and_1_MiB_connection_windows(string runtime)
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, runtime, []));

        var announced = await ReadAsync(new Uri(host.Ready.Url));

        Assert.Equal(786_432u, announced.Settings[InitialWindowSize]);
        Assert.Equal(1_048_576, announced.ConnectionWindow);
    }

    [Fact]
    public async Task Net6_profile_on_dotnet_8_announces_the_dotnet_6_windows()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net8.0", ["--kestrel:profile", "net6-windows"]));

        var announced = await ReadAsync(new Uri(host.Ready.Url));

        Assert.Equal(98_304u, announced.Settings[InitialWindowSize]);
        Assert.Equal(131_072, announced.ConnectionWindow);
    }

    [Fact]
    public void A_runtime_is_provisioned_on_first_use_into_an_empty_root()
    {
        var root = Directory.CreateTempSubdirectory("grpcbench-root-").FullName;
        try
        {
            Assert.Equal(root, DotnetRoots.For("net8.0", root));

            var runtimes = Run(Path.Combine(root, "dotnet"), "--list-runtimes");
            Assert.Contains("Microsoft.NETCore.App 8.0.", runtimes);
            Assert.Contains("Microsoft.AspNetCore.App 8.0.", runtimes);
            Assert.Equal(root, DotnetRoots.For("net8.0", root));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public void A_runtime_the_feed_cannot_provide_is_a_clear_error_naming_the_package()
    {
        // Here the feed serves no .NET 6 pack at all; nuget.org (a GitHub runner) serves 6.0.36 but no 6.0.999.
        var root = Directory.CreateTempSubdirectory("grpcbench-root-").FullName;
        Environment.SetEnvironmentVariable("PROVISION_NET6_VERSION", "6.0.999");
        try
        {
            var error = Assert.Throws<InvalidOperationException>(() => DotnetRoots.For("net6.0", root));

            Assert.StartsWith($"runtime net6.0 cannot be provisioned under {root}: ", error.Message);
            Assert.Contains("does not serve Microsoft.NETCore.App.Runtime.linux-x64 6.0.999", error.Message);
        }
        finally
        {
            Environment.SetEnvironmentVariable("PROVISION_NET6_VERSION", null);
            Directory.Delete(root, recursive: true);
        }
    }

    private static string Run(string file, params string[] arguments)
    {
        var start = new System.Diagnostics.ProcessStartInfo(file) { RedirectStandardOutput = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = System.Diagnostics.Process.Start(start)!;
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return output;
    }

    [Fact]
    public void A_runtime_no_project_builds_for_runs_the_newest_build_through_a_runtimeconfig_naming_its_frameworks_exactly()
    {
        var folder = Directory.CreateTempSubdirectory("runtimeconfig-").FullName;
        try
        {
            foreach (var version in new[] { "10.0.12", "11.0.0", "11.0.2" })
            {
                Directory.CreateDirectory(Path.Combine(folder, "root", "shared", "Microsoft.NETCore.App", version));
                Directory.CreateDirectory(Path.Combine(folder, "root", "shared", "Microsoft.AspNetCore.App", version));
            }
            var app = Path.Combine(folder, "App.dll");
            File.WriteAllText(Path.ChangeExtension(app, ".runtimeconfig.json"), """
                {"runtimeOptions": {"tfm": "net10.0",
                  "frameworks": [{"name": "Microsoft.NETCore.App", "version": "10.0.0"}, {"name": "Microsoft.AspNetCore.App", "version": "10.0.0"}],
                  "configProperties": {"System.GC.Server": false}}}
                """);

            var written = DotnetRoots.RuntimeConfigFor("net11.0", app, Path.Combine(folder, "root"));

            Assert.Equal(Path.Combine(folder, "App.net11.0.runtimeconfig.json"), written);
            var options = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(written))!["runtimeOptions"]!;
            Assert.Equal([("Microsoft.NETCore.App", "11.0.2"), ("Microsoft.AspNetCore.App", "11.0.2")],
                options["frameworks"]!.AsArray().Select(f => (f!["name"]!.GetValue<string>(), f["version"]!.GetValue<string>())));
            Assert.False(options["configProperties"]!["System.GC.Server"]!.GetValue<bool>());
            Assert.Null(options["rollForward"]);
            Assert.Equal(("net10.0", "net10.0 build on net11.0", "net8.0"), (RuntimeBuilds.BuildFor("net11.0"), RuntimeBuilds.Describe("net11.0"), RuntimeBuilds.Describe("net8.0")));
            var missing = Assert.Throws<InvalidOperationException>(() => DotnetRoots.RuntimeConfigFor("net12.0", app, Path.Combine(folder, "root")));
            Assert.StartsWith("runtime net12.0 has no Microsoft.NETCore.App under", missing.Message);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void An_unknown_runtime_is_refused_with_the_allowed_ones()
    {
        var error = Assert.Throws<ArgumentException>(() => DotnetRoots.For("net7.0"));
        Assert.StartsWith("invalid runtime net7.0: allowed one of net6.0, net8.0, net9.0, net10.0, net11.0", error.Message);
    }
}
