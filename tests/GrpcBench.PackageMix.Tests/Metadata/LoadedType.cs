using System.Reflection.Metadata;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>A type definition found in one of the files a check reads.</summary>
public sealed record LoadedType(MetadataFile File, TypeDefinitionHandle Handle, string Key)
{
    public TypeDefinition Definition => File.Reader.GetTypeDefinition(Handle);

    public bool IsInterface => (Definition.Attributes & System.Reflection.TypeAttributes.Interface) != 0;

    public IEnumerable<MethodDefinition> Methods => Definition.GetMethods().Select(File.Reader.GetMethodDefinition);

    public IEnumerable<FieldDefinition> Fields => Definition.GetFields().Select(File.Reader.GetFieldDefinition);

    public string NameOf(MethodDefinition method) => File.Reader.GetString(method.Name);

    public string NameOf(FieldDefinition field) => File.Reader.GetString(field.Name);
}

/// <summary>
/// A type as seen from a more derived one: its key, its definition when readable, and its type arguments
/// in terms of the most derived type's own generic parameters (null: its own parameters, !n).
/// </summary>
public sealed record TypeInstance(LoadedType? Type, string Key, IReadOnlyList<string>? Arguments)
{
    public override string ToString() => Arguments is null ? Key : $"{Key}<{string.Join(", ", Arguments)}>";
}
