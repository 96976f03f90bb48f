using System.Reflection;
using System.Reflection.Metadata;

namespace GrpcBench.PackageMix.Tests.Metadata;

public sealed record ReferencedAssembly(string Name, Version Version, byte[] PublicKeyOrToken, bool HasFullKey, string Culture);

public sealed record ReferencedType(TypeReferenceHandle Handle, string Scope, string FullName, string Key);

/// <summary>A member reference on one of the API's types; <see cref="Signature"/> is in terms of the generic definition.</summary>
public sealed record ReferencedMember(ReferencedType Parent, string Name, MemberReferenceKind Kind, string Signature, bool? IsStaticField)
{
    public override string ToString() => $"{Parent.Key}::{Name} {Signature}";
}

/// <summary>What a consumer assembly asks of the API assemblies: assembly references, type references, member references.</summary>
public sealed class ConsumerReferences
{
    public ConsumerReferences(MetadataFile consumer, ApiSurface api)
    {
        var reader = consumer.Reader;
        Assemblies = reader.AssemblyReferences
            .Select(reader.GetAssemblyReference)
            .Where(reference => api.IsApi(reader.GetString(reference.Name)))
            .Select(reference => new ReferencedAssembly(
                reader.GetString(reference.Name),
                reference.Version,
                reader.GetBlobBytes(reference.PublicKeyOrToken),
                (reference.Flags & AssemblyFlags.PublicKey) != 0,
                reader.GetString(reference.Culture)))
            .ToList();

        var types = new Dictionary<TypeReferenceHandle, ReferencedType>();
        foreach (var handle in reader.TypeReferences)
        {
            var scope = TypeNames.ScopeName(consumer, handle);
            if (api.IsApi(scope))
            {
                types.Add(handle, new ReferencedType(handle, scope, TypeNames.FullName(reader, handle), TypeNames.Key(consumer, handle)));
            }
        }

        Types = [.. types.Values];

        var text = new SignatureText(consumer);
        var fieldStaticness = FieldAccess.StaticnessOfReferences(consumer);
        var members = new List<ReferencedMember>();
        foreach (var handle in reader.MemberReferences)
        {
            var member = reader.GetMemberReference(handle);
            if (ParentTypeReference(consumer, text, member.Parent) is { } parent && types.TryGetValue(parent, out var parentType))
            {
                var kind = member.GetKind();
                members.Add(new ReferencedMember(
                    parentType,
                    reader.GetString(member.Name),
                    kind,
                    text.Member(member),
                    kind == MemberReferenceKind.Field && fieldStaticness.TryGetValue(handle, out var isStatic) ? isStatic : null));
            }
        }

        Members = members;
    }

    public IReadOnlyList<ReferencedAssembly> Assemblies { get; }

    public IReadOnlyList<ReferencedType> Types { get; }

    public IReadOnlyList<ReferencedMember> Members { get; }

    private static TypeReferenceHandle? ParentTypeReference(MetadataFile consumer, SignatureText text, EntityHandle parent) => parent.Kind switch
    {
        HandleKind.TypeReference => (TypeReferenceHandle)parent,
        HandleKind.TypeSpecification when GenericInstance.Read(consumer, text, (TypeSpecificationHandle)parent, null) is { GenericType.Kind: HandleKind.TypeReference } instance
            => (TypeReferenceHandle)instance.GenericType,
        _ => null,
    };
}
