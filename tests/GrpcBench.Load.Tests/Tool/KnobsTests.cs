using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Tests.Tool;

/// <summary>The advisor's knobs: how each reaches a configuration and the code it hands over.</summary>
public class KnobsTests
{
    private static readonly LoadConfiguration Kestrel = new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, "net10.0", "net10.0", Compression.None,
        Transport.H2c, "default", new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    [Fact]
    public void A_knob_lands_where_it_acts_on_top_of_what_the_configuration_already_sets()
    {
        var both = Knobs.Named("inline-scheduling").Apply(Knobs.Named("gc-server").Apply(Kestrel, "0"), "true");
        var client = Knobs.Named("client-tiered-pgo").Apply(Knobs.Named("client-stream-window").Apply(both, "4194304"), "0");

        Assert.Equal("0", client.HostEnvironment!["DOTNET_gcServer"]);
        Assert.Equal("true", client.KestrelSettings["sockets:unsafePreferInlineScheduling"]);
        Assert.Equal("4194304", client.ClientSettings["initialHttp2StreamWindowSize"]);
        Assert.Equal("0", client.ClientEnvironment!["DOTNET_TieredPGO"]);
        Assert.Null(client.HostEnvironment!.GetValueOrDefault("DOTNET_TieredPGO"));
        Assert.Equal("kestrel/grpc-net net10.0 default sockets:unsafePreferInlineScheduling=true DOTNET_gcServer=0 initialHttp2StreamWindowSize=4194304 client DOTNET_TieredPGO=0 h2c", client.Label);
        Assert.Empty(Kestrel.KestrelSettings);
    }

    [Fact]
    public void Each_knob_hands_over_the_line_that_keeps_it()
    {
        Assert.Equal("<ServerGarbageCollection>false</ServerGarbageCollection>   <!-- csproj -->", Knobs.Named("gc-server").AsCode("0"));
        Assert.Equal("\"System.GC.HeapCount\": 2   // runtimeconfig.template.json, configProperties", Knobs.Named("gc-heap-count").AsCode("2"));
        Assert.Equal("builder.WebHost.UseSockets(o => o.IOQueueCount = 1);   // Program.cs", Knobs.Named("io-queues").AsCode("1"));
        Assert.Equal("builder.WebHost.ConfigureKestrel(o => o.Limits.Http2.InitialStreamWindowSize = 4194304);   // Program.cs", Knobs.Named("stream-window").AsCode("4194304"));
        Assert.Equal("DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1   # the service's environment (no project property reads it)",
            Knobs.Named("sockets-inline-completions").AsCode("1"));
        Assert.Equal("new SocketsHttpHandler { EnableMultipleHttp2Connections = false }   // GrpcChannelOptions.HttpHandler", Knobs.Named("client-multiple-connections").AsCode("false"));
        Assert.Equal("DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1   # the client's environment (no project property reads it)",
            Knobs.Named("client-sockets-inline-completions").AsCode("1"));
        Assert.Equal("<ConcurrentGarbageCollection>false</ConcurrentGarbageCollection>   <!-- the client's csproj -->", Knobs.Named("client-gc-concurrent").AsCode("0"));
        Assert.Equal("new SocketsHttpHandler { KeepAlivePingDelay = TimeSpan.FromSeconds(1) }   // GrpcChannelOptions.HttpHandler", Knobs.Named("client-keep-alive").AsCode("1"));
        Assert.Equal("1", Knobs.Named("client-keep-alive").Apply(Kestrel, "1").ClientSettings[Knobs.KeepAliveSetting]);
        Assert.StartsWith("GrpcChannel[] channels = [.. Enumerable.Range(0, 4)", Knobs.Named("client-channels").AsCode("4"));
        Assert.Equal("split-channels", Knobs.Named("client-split-channels").Apply(Kestrel, "split-channels").ClientProfile);
        Assert.Equal("DOTNET_GrpcBenchPlacebo=1   # nothing: no runtime or library reads it (the placebo)", Knobs.Named(Knobs.Placebo).AsCode("1"));
        Assert.All(Knobs.All, knob => Assert.All(knob.Values, value => Assert.False(string.IsNullOrWhiteSpace(knob.AsCode(value)))));
        Assert.Equal(Knobs.All.Count, Knobs.All.Select(k => k.Name).Distinct().Count());
    }

    [Fact]
    public void Glibcs_tunables_share_one_variable_joined_and_each_is_read_back_from_it_alone()
    {
        var (threshold, trim, arenas) = (Knobs.GrpcCoreMemory[0], Knobs.GrpcCoreMemory[1], Knobs.GrpcCoreMemory[2]);
        var configuration = arenas.Apply(threshold.Apply(Kestrel, threshold.Values[0]), arenas.Values[0]);

        Assert.Equal("glibc.malloc.mmap_threshold=33554432:glibc.malloc.arena_max=1", configuration.HostEnvironment![Knobs.GlibcTunables]);
        var settings = new Dictionary<string, JsonElement>
        {
            ["runtimeKnobs"] = JsonSerializer.SerializeToElement(new Dictionary<string, string> { [$"env.{Knobs.GlibcTunables}"] = configuration.HostEnvironment[Knobs.GlibcTunables] }),
        };
        Assert.Equal("glibc.malloc.arena_max=1", KnobReadBack.ReadBack(settings, arenas));
        Assert.Equal("glibc.malloc.mmap_threshold=33554432", KnobReadBack.ReadBack(settings, threshold));
        Assert.Null(KnobReadBack.ReadBack(settings, trim));
        Assert.Equal("GLIBC_TUNABLES=glibc.malloc.arena_max=1   # the service's environment, read by glibc at start; several joined with ':'", arenas.AsCode(arenas.Values[0]));
        // The GC's memory settings are the knobs Kestrel's screen has, screened on Grpc.Core's host too.
        Assert.Equal(["gc-retain-vm", "gc-gen0-size", "gc-conserve-memory"], Knobs.GrpcCoreMemory.Where(k => k.Setting != Knobs.GlibcTunables).Select(k => k.Name));
        Assert.Same(Knobs.Named("gc-retain-vm"), Knobs.GrpcCoreMemory[4]);
    }

    [Fact]
    public void An_unknown_knob_is_named_with_the_ones_there_are()
    {
        var error = Assert.Throws<FormatException>(() => Knobs.Named("turbo"));

        Assert.StartsWith("knob turbo: allowed gc-server, gc-concurrent", error.Message);
    }
}
