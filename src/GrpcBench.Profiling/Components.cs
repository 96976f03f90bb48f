namespace GrpcBench.Profiling;

/// <summary>
/// The components a host's samples are attributed to. A sample goes to the component of its innermost frame that
/// names one: frames of no known component (collections, LINQ, unresolved native code) are passed over, so a
/// Dictionary lookup inside Kestrel counts for Kestrel, and a memory copy inside protobuf counts as a copy.
/// A sample none of whose frames names a component is "other / unresolved".
/// </summary>
public static class Components
{
    public const string KestrelSockets = "Kestrel sockets transport";
    public const string KestrelHttp2 = "Kestrel HTTP/2";
    public const string AspNetCore = "ASP.NET Core (routing, hosting, DI)";
    public const string Grpc = "gRPC (Grpc.AspNetCore, Grpc.Core.Api)";
    public const string GrpcCore = "Grpc.Core (C-core)";
    public const string Protobuf = "protobuf (Google.Protobuf)";
    public const string Service = "the service (GrpcBench.*)";
    public const string Tls = "TLS (System.Net.Security)";
    public const string Memory = "memory copy / allocation";
    public const string Async = "thread pool / async machinery";
    public const string Other = "other / unresolved";

    // Assembly (module) names first: Grpc.Core and Grpc.Core.Api share the namespace Grpc.Core, only the module
    // tells the C-core wrapper from the API both stacks use.
    private static readonly (string Module, string Component)[] ByModule =
    [
        ("Grpc.Core", GrpcCore),
        ("Grpc.Core.Api", Grpc),
        ("Grpc.AspNetCore.Server", Grpc),
        ("Grpc.Net.Common", Grpc),
        ("Google.Protobuf", Protobuf),
    ];

    // Longest prefix first where two overlap (Kestrel's transport before Kestrel).
    private static readonly (string Prefix, string Component)[] ByNamespace =
    [
        ("Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets.", KestrelSockets),
        ("System.Net.Sockets.", KestrelSockets),
        ("Microsoft.AspNetCore.Server.Kestrel.", KestrelHttp2),
        ("System.IO.Pipelines.", KestrelHttp2),
        ("System.Net.Http.HPack.", KestrelHttp2),
        ("Grpc.AspNetCore.", Grpc),
        ("Grpc.Shared.", Grpc),
        ("Grpc.Net.", Grpc),
        ("Google.Protobuf.", Protobuf),
        ("GrpcBench.", Service),
        ("System.Net.Security.", Tls),
        ("System.Security.Cryptography.", Tls),
        ("Microsoft.AspNetCore.", AspNetCore),
        ("Microsoft.Extensions.", AspNetCore),
        ("System.Buffer.", Memory),
        ("System.Buffers.", Memory),
        ("System.SpanHelpers.", Memory),
        ("System.Span`1.", Memory),
        ("System.ReadOnlySpan`1.", Memory),
        ("System.Memory`1.", Memory),
        ("System.ReadOnlyMemory`1.", Memory),
        ("System.MemoryExtensions.", Memory),
        ("System.Array.", Memory),
        ("System.GC.", Memory),
        ("System.Runtime.CompilerServices.RuntimeHelpers.", Memory),
        ("System.Threading.", Async),
        ("System.Runtime.CompilerServices.", Async),
        // Frames named without their module (perf maps): the C-core wrapper's namespace, then the API's.
        ("Grpc.Core.Internal.", GrpcCore),
        ("Grpc.Core.", Grpc),
    ];

    /// <summary>The component one frame names, or null if it names none.</summary>
    public static string? Of(string module, string method)
    {
        foreach (var (name, component) in ByModule)
            if (string.Equals(module, name, StringComparison.OrdinalIgnoreCase)) return component;
        foreach (var (prefix, component) in ByNamespace)
            if (method.StartsWith(prefix, StringComparison.Ordinal)) return component;
        return null;
    }

    /// <summary>The component of a sample: its innermost frame that names one (frames innermost first).</summary>
    public static string OfStack(IEnumerable<(string Module, string Method)> frames)
    {
        foreach (var (module, method) in frames)
            if (Of(module, method) is { } component) return component;
        return Other;
    }
}
