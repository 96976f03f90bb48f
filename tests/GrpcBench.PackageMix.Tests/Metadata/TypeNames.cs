using System.Reflection.Metadata;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>
/// Type names as the checks compare them: "Namespace.Outer+Inner", and as a key "[Assembly]Namespace.Name"
/// for gRPC assemblies. Any other assembly's name is dropped from the key, because type forwarding makes
/// System.Buffers.ReadOnlySequence`1 from netstandard, System.Memory or System.Runtime one and the same type.
/// </summary>
public static class TypeNames
{
    public static bool KeepsScope(string assemblyName) => assemblyName.StartsWith("Grpc.", StringComparison.Ordinal);

    public static string Key(string assemblyName, string fullName) =>
        KeepsScope(assemblyName) ? $"[{assemblyName}]{fullName}" : fullName;

    public static string Key(MetadataFile file, TypeDefinitionHandle handle) => Key(file.Name, FullName(file.Reader, handle));

    public static string Key(MetadataFile file, TypeReferenceHandle handle) =>
        Key(ScopeName(file, handle), FullName(file.Reader, handle));

    public static string FullName(MetadataReader reader, TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        var name = reader.GetString(type.Name);
        var declaring = type.GetDeclaringType();
        return declaring.IsNil ? Qualified(reader.GetString(type.Namespace), name) : $"{FullName(reader, declaring)}+{name}";
    }

    public static string FullName(MetadataReader reader, TypeReferenceHandle handle)
    {
        var type = reader.GetTypeReference(handle);
        var name = reader.GetString(type.Name);
        return type.ResolutionScope.Kind == HandleKind.TypeReference
            ? $"{FullName(reader, (TypeReferenceHandle)type.ResolutionScope)}+{name}"
            : Qualified(reader.GetString(type.Namespace), name);
    }

    /// <summary>The assembly a type reference points into: that of its outermost type.</summary>
    public static string ScopeName(MetadataFile file, TypeReferenceHandle handle)
    {
        var scope = file.Reader.GetTypeReference(handle).ResolutionScope;
        return scope.Kind switch
        {
            HandleKind.TypeReference => ScopeName(file, (TypeReferenceHandle)scope),
            HandleKind.AssemblyReference => file.Reader.GetString(file.Reader.GetAssemblyReference((AssemblyReferenceHandle)scope).Name),
            _ => file.Name,
        };
    }

    private static string Qualified(string ns, string name) => ns.Length == 0 ? name : $"{ns}.{name}";
}
