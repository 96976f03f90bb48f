using System.Reflection;

namespace GrpcBench.Hosting;

/// <summary>
/// Which gRPC assemblies a process actually loaded, each with its package version as the assembly itself says
/// (AssemblyInformationalVersion without the commit), e.g. "Grpc.Core.Api": "2.85.0".
/// </summary>
public static class StackComponents
{
    public static Dictionary<string, string> Of(params Assembly[] assemblies) =>
        assemblies.Distinct().ToDictionary(assembly => assembly.GetName().Name!, PackageVersion);

    private static string PackageVersion(Assembly assembly)
    {
        var informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString() ?? "unknown";
        var plus = informational.IndexOf('+');
        return plus < 0 ? informational : informational[..plus];
    }
}
