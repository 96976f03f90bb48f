using System.Reflection.Metadata;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>
/// Framework types (System.Object, System.Exception, ...) read from the test runtime's own implementation
/// assemblies, found by asking the runtime to resolve the name through its forwarders. Types of frameworks
/// the test process does not carry (ASP.NET Core) stay unresolved.
/// </summary>
public sealed class FrameworkTypes : IDisposable
{
    private readonly Dictionary<string, MetadataFile> filesByPath = [];
    private readonly Dictionary<(string Scope, string FullName), LoadedType?> found = [];

    public LoadedType? Find(string scope, string fullName)
    {
        if (!found.TryGetValue((scope, fullName), out var type))
        {
            type = Load(scope, fullName);
            found.Add((scope, fullName), type);
        }

        return type;
    }

    private LoadedType? Load(string scope, string fullName)
    {
        var type = TryGetType($"{fullName}, {scope}") ?? TryGetType(fullName);
        if (type?.FullName is null || string.IsNullOrEmpty(type.Assembly.Location))
        {
            return null;
        }

        if (!filesByPath.TryGetValue(type.Assembly.Location, out var file))
        {
            file = MetadataFile.Open(type.Assembly.Location);
            filesByPath.Add(type.Assembly.Location, file);
        }

        return file.FindType(type.FullName) is { } handle ? new LoadedType(file, handle, TypeNames.Key(file, handle)) : null;
    }

    public void Dispose()
    {
        foreach (var file in filesByPath.Values)
        {
            file.Dispose();
        }
    }

    private static Type? TryGetType(string name)
    {
        try
        {
            return Type.GetType(name, throwOnError: false);
        }
        catch (Exception exception) when (exception is IOException or BadImageFormatException or ArgumentException)
        {
            return null;
        }
    }
}
