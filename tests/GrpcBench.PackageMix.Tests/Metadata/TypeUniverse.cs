using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>
/// Resolves type handles of any file taking part in one check: a reference into Grpc.Core.Api or
/// Grpc.Net.Common lands in the API assembly of that name, one into the consumer in the consumer, anything
/// else in the framework. Walks base chains and interfaces across all of them.
/// </summary>
public sealed class TypeUniverse(ApiSurface api, MetadataFile consumer) : IDisposable
{
    private const int MaximumDepth = 64;
    private readonly FrameworkTypes framework = new();
    private readonly Dictionary<MetadataFile, SignatureText> texts = [];

    public ApiSurface Api => api;

    public MetadataFile Consumer => consumer;

    public SignatureText TextOf(MetadataFile file)
    {
        if (!texts.TryGetValue(file, out var text))
        {
            text = new SignatureText(file);
            texts.Add(file, text);
        }

        return text;
    }

    public bool IsApi(LoadedType? type) => type is not null && api.Assemblies.Contains(type.File);

    /// <summary>A TypeDef or TypeRef of <paramref name="file"/> (a TypeSpec: its generic type definition).</summary>
    public TypeInstance Resolve(MetadataFile file, EntityHandle handle, IReadOnlyList<string>? typeArguments = null)
    {
        switch (handle.Kind)
        {
            case HandleKind.TypeDefinition:
                var definition = (TypeDefinitionHandle)handle;
                return new TypeInstance(new LoadedType(file, definition, TypeNames.Key(file, definition)), TypeNames.Key(file, definition), null);
            case HandleKind.TypeReference:
                var reference = (TypeReferenceHandle)handle;
                return new TypeInstance(Find(TypeNames.ScopeName(file, reference), TypeNames.FullName(file.Reader, reference)), TypeNames.Key(file, reference), null);
            case HandleKind.TypeSpecification when GenericInstance.Read(file, TextOf(file), (TypeSpecificationHandle)handle, typeArguments) is { } instance:
                return Resolve(file, instance.GenericType) with { Arguments = instance.Arguments };
            default:
                return new TypeInstance(null, $"<unsupported {handle.Kind} 0x{MetadataTokens.GetToken(handle):x8}>", null);
        }
    }

    public LoadedType? Find(string scope, string fullName)
    {
        if (api.Assembly(scope) is { } oursFile)
        {
            return oursFile.FindType(fullName) is { } handle ? new LoadedType(oursFile, handle, TypeNames.Key(oursFile, handle)) : null;
        }

        if (string.Equals(scope, consumer.Name, StringComparison.OrdinalIgnoreCase))
        {
            return consumer.FindType(fullName) is { } handle ? new LoadedType(consumer, handle, TypeNames.Key(consumer, handle)) : null;
        }

        return framework.Find(scope, fullName);
    }

    /// <summary>The type itself, then its base types up to System.Object or the first one that cannot be read.</summary>
    public IReadOnlyList<TypeInstance> ClassChain(TypeInstance start)
    {
        var chain = new List<TypeInstance> { start };
        while (chain.Count < MaximumDepth && chain[^1].Type is { } type && !type.Definition.BaseType.IsNil)
        {
            chain.Add(Resolve(type.File, type.Definition.BaseType, chain[^1].Arguments));
        }

        return chain;
    }

    /// <summary>Every interface the type declares, with the interfaces those extend.</summary>
    public IReadOnlyList<TypeInstance> Interfaces(TypeInstance type)
    {
        var found = new Dictionary<string, TypeInstance>();
        var pending = new Stack<TypeInstance>([type]);
        while (pending.TryPop(out var current) && found.Count < MaximumDepth)
        {
            if (current.Type is null)
            {
                continue;
            }

            foreach (var implementation in current.Type.Definition.GetInterfaceImplementations())
            {
                var declared = Resolve(current.Type.File, current.Type.File.Reader.GetInterfaceImplementation(implementation).Interface, current.Arguments);
                if (found.TryAdd(declared.ToString(), declared))
                {
                    pending.Push(declared);
                }
            }
        }

        return [.. found.Values];
    }

    public void Dispose() => framework.Dispose();
}
