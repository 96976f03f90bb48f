using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>Where a knob acts: the host's runtime (an environment variable), Kestrel, the grpc-dotnet client, the client's runtime; or the code (a design alternative).</summary>
public enum KnobKind { HostRuntime, Kestrel, Client, ClientRuntime, Design }

/// <summary>
/// A setting the advisor varies: its name, the values it tries (beside the default it is compared with), how a
/// configuration gets it, where the host reads it back (<see cref="ReadBack"/>, a key of the ready line's runtime knobs or
/// a dotted setting path), and the lines a team pastes to keep it.
/// </summary>
/// <param name="Setting">The environment variable (DOTNET_...), the host's Kestrel setting (--kestrel NAME) or the client setting.</param>
/// <param name="ReadBack">For a client runtime knob, the key in the load worker's reported runtime knobs; "-" where nothing reads it back.</param>
/// <param name="MinRuntimeMajor">The first .NET version that has it: on an older one the advice says so rather than skipping it.</param>
public sealed record Knob(string Name, KnobKind Kind, string Setting, IReadOnlyList<string> Values, string Meaning, string ReadBack, int MinRuntimeMajor = 6)
{
    /// <summary><paramref name="configuration"/> with this knob at <paramref name="value"/>, on top of what it already sets.</summary>
    public LoadConfiguration Apply(LoadConfiguration configuration, string value)
    {
        static Dictionary<string, string> With(IReadOnlyDictionary<string, string>? settings, string name, string value) =>
            new(settings ?? new Dictionary<string, string>()) { [name] = value };
        return Kind switch
        {
            KnobKind.HostRuntime when Setting == Knobs.GlibcTunables => configuration with
            {
                HostEnvironment = With(configuration.HostEnvironment, Setting,
                    configuration.HostEnvironment?.GetValueOrDefault(Setting) is { Length: > 0 } tunables ? $"{tunables}:{value}" : value),
            },
            KnobKind.HostRuntime => configuration with { HostEnvironment = With(configuration.HostEnvironment, Setting, value) },
            KnobKind.Kestrel => configuration with { KestrelSettings = With(configuration.KestrelSettings, Setting, value) },
            KnobKind.ClientRuntime => configuration with { ClientEnvironment = With(configuration.ClientEnvironment, Setting, value) },
            _ when Setting == ProfileSetting => configuration with { ClientProfile = value },
            _ => configuration with { ClientSettings = With(configuration.ClientSettings, Setting, value) },
        };
    }

    /// <summary>The client knob that is a client profile (<c>--client-profile</c>) rather than a setting.</summary>
    public const string ProfileSetting = "profile";

    public bool ExistsOn(int runtimeMajor) => runtimeMajor >= MinRuntimeMajor;

    /// <summary>How a team keeps the value: the project, runtimeconfig or Program.cs line that sets it.</summary>
    public string AsCode(string value) => Knobs.AsCode(this, value);

    /// <summary>This knob at <paramref name="value"/> as the advice names it.</summary>
    public KnobChoice Choice(string value) => new(Name, value, $"{Setting}={value}", Kind.ToString(), AsCode(value));
}

/// <summary>The catalogue of knobs the advisor screens (issue "The advisor").</summary>
public static class Knobs
{
    public static readonly IReadOnlyList<Knob> All =
    [
        new("gc-server", KnobKind.HostRuntime, "DOTNET_gcServer", ["0"], "server GC (ASP.NET Core's default) or workstation GC", "gc.ServerGC"),
        new("gc-concurrent", KnobKind.HostRuntime, "DOTNET_gcConcurrent", ["0"], "background (concurrent) GC on or off", "gc.ConcurrentGC"),
        new("gc-datas", KnobKind.HostRuntime, "DOTNET_GCDynamicAdaptationMode", ["1", "0"], "DATAS: server GC that adapts its heap count to the load (default from .NET 9)", "gc.GCDynamicAdaptationMode", MinRuntimeMajor: 8),
        new("gc-heap-count", KnobKind.HostRuntime, "DOTNET_GCHeapCount", ["1", "2"], "server GC heaps (hexadecimal)", "gc.HeapCount"),
        new("gc-conserve-memory", KnobKind.HostRuntime, "DOTNET_GCConserveMemory", ["5"], "compact more to keep the heap small (0-9)", "gc.GCConserveMem"),
        new("gc-gen0-size", KnobKind.HostRuntime, "DOTNET_GCgen0size", ["4000000"], "gen0 budget, bytes in hexadecimal (0x4000000 = 64 MiB)", "env.DOTNET_GCgen0size"),
        new("tiered-pgo", KnobKind.HostRuntime, "DOTNET_TieredPGO", ["0"], "dynamic PGO (on by default from .NET 8)", "env.DOTNET_TieredPGO"),
        new("tiered-compilation", KnobKind.HostRuntime, "DOTNET_TieredCompilation", ["0"], "tiered JIT: quick code first, optimized later", "env.DOTNET_TieredCompilation"),
        new("thread-pool-min", KnobKind.HostRuntime, "DOTNET_ThreadPool_ForceMinWorkerThreads", ["20"], "thread pool minimum worker threads (hexadecimal: 0x20 = 32)", "threadPool.minWorkerThreads"),
        new("gc-retain-vm", KnobKind.HostRuntime, "DOTNET_GCRetainVM", ["1"], "keep freed segments for reuse instead of returning them to the OS (the 20 MiB buffers come and go)", "gc.RetainVM"),
        new("gc-gen0-max-budget", KnobKind.HostRuntime, "DOTNET_GCgen0MaxBudget", ["6000000"], "the largest gen0 allocation budget, bytes in hexadecimal (0x6000000 = 96 MiB)", "env.DOTNET_GCgen0MaxBudget"),
        new("thread-pool-spin", KnobKind.HostRuntime, "DOTNET_ThreadPool_UnfairSemaphoreSpinLimit", ["0", "a"], "how long idle thread-pool workers spin before they sleep (hexadecimal; default 0x46 = 70): spinning held 20-31 % of Kestrel's samples", "env.DOTNET_ThreadPool_UnfairSemaphoreSpinLimit"),
        new("sockets-thread-count", KnobKind.HostRuntime, "DOTNET_SYSTEM_NET_SOCKETS_THREAD_COUNT", ["1", "2"], "the socket engine's epoll threads (default: 1 per 30 cores)", "env.DOTNET_SYSTEM_NET_SOCKETS_THREAD_COUNT"),
        new("sockets-inline-completions", KnobKind.HostRuntime, "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS", ["1"], "socket completions run on the epoll thread, not queued to the thread pool", "env.DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"),
        new("stream-window", KnobKind.Kestrel, "initialStreamWindowSize", ["4194304", "16777216"], "Kestrel's HTTP/2 receive window per stream (default 768 KiB)", "kestrel.initialStreamWindowSize"),
        new("connection-window", KnobKind.Kestrel, "initialConnectionWindowSize", ["4194304", "33554432"], "Kestrel's HTTP/2 receive window per connection (default 1 MiB)", "kestrel.initialConnectionWindowSize"),
        new("max-frame-size", KnobKind.Kestrel, "maxFrameSize", ["65536", "1048576"], "the largest HTTP/2 frame Kestrel accepts (default 16 KiB)", "kestrel.maxFrameSize"),
        new("max-streams", KnobKind.Kestrel, "maxStreamsPerConnection", ["1000"], "concurrent HTTP/2 streams per connection (default 100)", "kestrel.maxStreamsPerConnection"),
        new("inline-scheduling", KnobKind.Kestrel, "sockets:unsafePreferInlineScheduling", ["true"], "Kestrel runs request work on the socket's I/O thread", "kestrel.sockets.unsafePreferInlineScheduling"),
        new("io-queues", KnobKind.Kestrel, "sockets:ioQueueCount", ["1", "0"], "Kestrel's socket I/O queues (default min(cores, 16); 0 = the thread pool)", "kestrel.sockets.ioQueueCount"),
        new("max-request-buffer", KnobKind.Kestrel, "maxRequestBufferSize", ["4194304", "33554432"], "bytes Kestrel buffers per connection before it stops reading it (default 1 MiB)", "kestrel.maxRequestBufferSize"),
        new("sockets-read-buffer", KnobKind.Kestrel, "sockets:maxReadBufferSize", ["4194304", "33554432"], "bytes the socket transport reads ahead before it pauses the socket (default 1 MiB)", "kestrel.sockets.maxReadBufferSize"),
        new("wait-for-data", KnobKind.Kestrel, "sockets:waitForDataBeforeAllocatingBuffer", ["false"], "rent a read buffer before data is there (default: wait)", "kestrel.sockets.waitForDataBeforeAllocatingBuffer"),
        new("client-multiple-connections", KnobKind.Client, "enableMultipleHttp2Connections", ["false"], "SocketsHttpHandler opens more HTTP/2 connections when streams run out", "-"),
        new("client-sockets-inline-completions", KnobKind.ClientRuntime, "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS", ["1"], "the client's socket completions run on the epoll thread", "env.DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"),
        new("client-gc-concurrent", KnobKind.ClientRuntime, "DOTNET_gcConcurrent", ["0"], "the client's background (concurrent) GC on or off", "gc.ConcurrentGC"),
        new("client-tiered-pgo", KnobKind.ClientRuntime, "DOTNET_TieredPGO", ["0"], "the client's dynamic PGO", "env.DOTNET_TieredPGO"),
        new("client-split-channels", KnobKind.Client, Knob.ProfileSetting, ["split-channels"], "large calls on a channel (a connection) of their own, so that small calls do not queue behind their frames", "-"),
        new("client-channels", KnobKind.Client, "channels", ["2", "4"], "calls spread over N channels in turn, each with its own HTTP/2 connection (default 1)", "-"),
        new("client-stream-window", KnobKind.Client, "initialHttp2StreamWindowSize", ["4194304", "16777216"], "SocketsHttpHandler's HTTP/2 stream receive window (default 64 KiB)", "-"),
        new("client-keep-alive", KnobKind.Client, KeepAliveSetting, ["1"], "SocketsHttpHandler pings the server after this many seconds without a frame (default: never; Microsoft's guidance: 60)", "-"),
        new(Placebo, KnobKind.HostRuntime, PlaceboSetting, ["1"], "a setting nothing reads, screened like the others: the screen must find no effect in it", $"env.{PlaceboSetting}"),
    ];

    /// <summary>
    /// The settings that decide whether the Grpc.Core host reuses memory or faults in fresh pages, screened on that host
    /// (<see cref="GrpcCoreMemoryScreen"/>): glibc's malloc, which C-core allocates from (a 20 MiB message above the
    /// 128 KiB mmap threshold is mapped fresh and unmapped each time), and the GC's, which the managed copy of each
    /// message lands in. Each tunable is one value of <see cref="GlibcTunables"/>, joined with ':' where several are on.
    /// </summary>
    public static readonly IReadOnlyList<Knob> GrpcCoreMemory =
    [
        Malloc("malloc-mmap-threshold", "glibc.malloc.mmap_threshold", "33554432", "allocations above it are mapped fresh and unmapped when freed (default 128 KiB, rising with what was freed, at most 32 MiB): 32 MiB serves a 20 MiB message from the heap"),
        Malloc("malloc-trim-threshold", "glibc.malloc.trim_threshold", "268435456", "free memory at the heap's top kept before it is handed back to the OS (default 128 KiB): 256 MiB keeps it for the next message"),
        Malloc("malloc-arena-max", "glibc.malloc.arena_max", "1", "malloc's arenas (default 8 a core): one arena reuses what any thread freed"),
        Malloc("malloc-hugetlb", "glibc.malloc.hugetlb", "1", "malloc asks for transparent huge pages for its mappings (madvise), 2 MiB a fault instead of 4 KiB (glibc 2.35 and later)"),
        Named("gc-retain-vm"),
        Named("gc-gen0-size"),
        Named("gc-conserve-memory"),
    ];

    /// <summary>The environment variable glibc reads its tunables from, at the process's start.</summary>
    public const string GlibcTunables = "GLIBC_TUNABLES";

    private static Knob Malloc(string name, string tunable, string value, string meaning) =>
        new(name, KnobKind.HostRuntime, GlibcTunables, [$"{tunable}={value}"], meaning, $"env.{GlibcTunables}");

    /// <summary>The knob that changes nothing: a screen that calls it "helps" or "hurts" sees effects in noise.</summary>
    public const string Placebo = "placebo";

    private const string PlaceboSetting = "DOTNET_GrpcBenchPlacebo";

    /// <summary>The client setting of HTTP/2 keep-alive pings, in whole seconds.</summary>
    public const string KeepAliveSetting = "keepAlivePingDelaySeconds";

    /// <summary>The knob named <paramref name="name"/>, or a FormatException naming the ones there are.</summary>
    public static Knob Named(string name) => All.FirstOrDefault(k => k.Name == name)
        ?? throw new FormatException($"knob {name}: allowed {string.Join(", ", All.Select(k => k.Name))}");

    internal static string AsCode(Knob knob, string value) => knob.Kind == KnobKind.ClientRuntime ? ClientRuntimeCode(knob, value) : knob.Setting switch
    {
        "DOTNET_gcServer" => $"<ServerGarbageCollection>{Bool(value)}</ServerGarbageCollection>   <!-- csproj -->",
        "DOTNET_gcConcurrent" => $"<ConcurrentGarbageCollection>{Bool(value)}</ConcurrentGarbageCollection>   <!-- csproj -->",
        "DOTNET_GCDynamicAdaptationMode" => $"<GarbageCollectionAdaptationMode>{value}</GarbageCollectionAdaptationMode>   <!-- csproj -->",
        "DOTNET_GCHeapCount" => $"\"System.GC.HeapCount\": {Convert.ToInt32(value, 16)}   // runtimeconfig.template.json, configProperties",
        "DOTNET_GCConserveMemory" => $"\"System.GC.ConserveMemory\": {value}   // runtimeconfig.template.json, configProperties",
        "DOTNET_TieredPGO" => $"<TieredPGO>{Bool(value)}</TieredPGO>   <!-- csproj -->",
        "DOTNET_TieredCompilation" => $"<TieredCompilation>{Bool(value)}</TieredCompilation>   <!-- csproj -->",
        "DOTNET_GCRetainVM" => $"<RetainVMGarbageCollection>{Bool(value)}</RetainVMGarbageCollection>   <!-- csproj -->",
        "DOTNET_ThreadPool_UnfairSemaphoreSpinLimit" => $"\"System.Threading.ThreadPool.UnfairSemaphoreSpinLimit\": {Convert.ToInt32(value, 16)}   // runtimeconfig.template.json, configProperties",
        GlibcTunables => $"{GlibcTunables}={value}   # the service's environment, read by glibc at start; several joined with ':'",
        PlaceboSetting => $"{PlaceboSetting}={value}   # nothing: no runtime or library reads it (the placebo)",
        "DOTNET_ThreadPool_ForceMinWorkerThreads" => $"ThreadPool.SetMinThreads({Convert.ToInt32(value, 16)}, {Convert.ToInt32(value, 16)});   // Program.cs, first line",
        _ when knob.Kind == KnobKind.HostRuntime => $"{knob.Setting}={value}   # the service's environment (no project property reads it)",
        "maxRequestBufferSize" => $"builder.WebHost.ConfigureKestrel(o => o.Limits.MaxRequestBufferSize = {value});   // Program.cs",
        _ when knob.Setting.StartsWith("sockets:", StringComparison.Ordinal) =>
            $"builder.WebHost.UseSockets(o => o.{Pascal(knob.Setting["sockets:".Length..])} = {value});   // Program.cs",
        _ when knob.Kind == KnobKind.Kestrel =>
            $"builder.WebHost.ConfigureKestrel(o => o.Limits.Http2.{Pascal(knob.Setting)} = {value});   // Program.cs",
        Knob.ProfileSetting => "GrpcChannel small = GrpcChannel.ForAddress(address), large = GrpcChannel.ForAddress(address);   // the client, where it makes its channels; large calls on large",
        "channels" => $"GrpcChannel[] channels = [.. Enumerable.Range(0, {value}).Select(_ => GrpcChannel.ForAddress(address, new GrpcChannelOptions {{ HttpHandler = new SocketsHttpHandler() }}))];   // the client, where it makes its channels; each call on channels[n++ % {value}]",
        KeepAliveSetting => $"new SocketsHttpHandler {{ KeepAlivePingDelay = TimeSpan.FromSeconds({value}) }}   // GrpcChannelOptions.HttpHandler",
        _ => $"new SocketsHttpHandler {{ {Pascal(knob.Setting)} = {value} }}   // GrpcChannelOptions.HttpHandler",
    };

    private static string ClientRuntimeCode(Knob knob, string value) => knob.Setting switch
    {
        "DOTNET_gcConcurrent" => $"<ConcurrentGarbageCollection>{Bool(value)}</ConcurrentGarbageCollection>   <!-- the client's csproj -->",
        "DOTNET_TieredPGO" => $"<TieredPGO>{Bool(value)}</TieredPGO>   <!-- the client's csproj -->",
        _ => $"{knob.Setting}={value}   # the client's environment (no project property reads it)",
    };

    private static string Bool(string value) => value is "1" or "true" ? "true" : "false";

    private static string Pascal(string name) => name == "ioQueueCount" ? "IOQueueCount" : char.ToUpperInvariant(name[0]) + name[1..];
}
