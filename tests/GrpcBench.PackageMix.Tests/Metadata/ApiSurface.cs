using System.Reflection.Metadata;
using System.Security.Cryptography;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>the API assemblies (Grpc.Core.Api, Grpc.Net.Common): what they define and to whom they open their internals.</summary>
public sealed class ApiSurface(IReadOnlyList<MetadataFile> assemblies) : IDisposable
{
    public IReadOnlyList<MetadataFile> Assemblies => assemblies;

    public MetadataFile? Assembly(string name) =>
        assemblies.FirstOrDefault(file => string.Equals(file.Name, name, StringComparison.OrdinalIgnoreCase));

    public bool IsApi(string assemblyName) => Assembly(assemblyName) is not null;

    /// <summary>Whether [InternalsVisibleTo] of <paramref name="api"/> names the consumer (and its public key, if it gives one).</summary>
    public static bool GrantsInternalsTo(MetadataFile api, MetadataFile consumer) =>
        FriendsOf(api).Any(friend =>
            string.Equals(friend.Name, consumer.Name, StringComparison.OrdinalIgnoreCase)
            && (friend.PublicKey is null || friend.PublicKey.AsSpan().SequenceEqual(consumer.PublicKey)));

    public static IEnumerable<(string Name, byte[]? PublicKey)> FriendsOf(MetadataFile file)
    {
        var reader = file.Reader;
        foreach (var handle in reader.GetCustomAttributes(EntityHandle.AssemblyDefinition))
        {
            var attribute = reader.GetCustomAttribute(handle);
            if (AttributeTypeName(reader, attribute) != "System.Runtime.CompilerServices.InternalsVisibleToAttribute")
            {
                continue;
            }

            var value = reader.GetBlobReader(attribute.Value);
            value.ReadUInt16(); // prolog
            var parts = (value.ReadSerializedString() ?? "").Split(',', StringSplitOptions.TrimEntries);
            var key = parts.FirstOrDefault(part => part.StartsWith("PublicKey=", StringComparison.OrdinalIgnoreCase));
            yield return (parts[0], key is null ? null : Convert.FromHexString(key["PublicKey=".Length..]));
        }
    }

    /// <summary>ECMA-335 public key token: the last 8 bytes of the key's SHA-1, reversed.</summary>
    public static byte[] PublicKeyToken(byte[] publicKey)
    {
        var token = SHA1.HashData(publicKey)[^8..];
        Array.Reverse(token);
        return token;
    }

    public void Dispose()
    {
        foreach (var file in assemblies)
        {
            file.Dispose();
        }
    }

    private static string? AttributeTypeName(MetadataReader reader, CustomAttribute attribute) => attribute.Constructor.Kind switch
    {
        HandleKind.MemberReference when reader.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent is { Kind: HandleKind.TypeReference } parent
            => TypeNames.FullName(reader, (TypeReferenceHandle)parent),
        HandleKind.MethodDefinition
            => TypeNames.FullName(reader, reader.GetMethodDefinition((MethodDefinitionHandle)attribute.Constructor).GetDeclaringType()),
        _ => null,
    };
}
