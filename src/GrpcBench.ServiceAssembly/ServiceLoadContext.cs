using System.Reflection;
using System.Runtime.Loader;

namespace GrpcBench.ServiceAssembly;

/// <summary>
/// The team's assembly and its dependencies, resolved from its own folder (its .deps.json), apart from the bench's.
/// The gRPC and protobuf contracts are the exception: their types must be the bench's own for the hosts to bind the
/// team's services and for the worker to call them, so they always come from the bench (the default context).
/// </summary>
internal sealed class ServiceLoadContext(string assemblyPath) : AssemblyLoadContext($"service {Path.GetFileName(assemblyPath)}")
{
    private static readonly HashSet<string> Shared = ["Google.Protobuf", "Grpc.Core.Api", "Grpc.Core", "Grpc.AspNetCore.Server", "Grpc.Net.Common"];

    private readonly AssemblyDependencyResolver _resolver = new(assemblyPath);

    protected override Assembly? Load(AssemblyName name) =>
        name.Name is { } simple && Shared.Contains(simple) ? null
        : _resolver.ResolveAssemblyToPath(name) is { } path ? LoadFromAssemblyPath(path)
        : null;

    protected override IntPtr LoadUnmanagedDll(string unmanagedDllName) =>
        _resolver.ResolveUnmanagedDllToPath(unmanagedDllName) is { } path ? LoadUnmanagedDllFromPath(path) : IntPtr.Zero;
}
