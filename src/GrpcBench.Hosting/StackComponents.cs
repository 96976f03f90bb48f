using System.Reflection;

namespace GrpcBench.Hosting;

/// <summary>
/// Which gRPC assemblies a process actually loaded, with their versions as the assemblies themselves say:
/// "grpcApi" is "built-here" for the API layer of src/GrpcApi, otherwise the Grpc.Core.Api package's version.
/// </summary>
public static class StackComponents
{
    public static Dictionary<string, string> Of(params Assembly[] assemblies)
    {
        var components = new Dictionary<string, string>();
        foreach (var assembly in assemblies.Distinct())
        {
            var name = assembly.GetName().Name!;
            var builtHere = assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Any(a => a.Key == "GrpcApi" && a.Value == "built-here");
            var version = builtHere ? "built-here" : PackageVersion(assembly);
            if (name == "Grpc.Core.Api") components["grpcApi"] = version;
            components[name] = version;
        }
        return components;
    }

    private static string PackageVersion(Assembly assembly)
    {
        var informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString() ?? "unknown";
        var plus = informational.IndexOf('+');
        return plus < 0 ? informational : informational[..plus];
    }
}
