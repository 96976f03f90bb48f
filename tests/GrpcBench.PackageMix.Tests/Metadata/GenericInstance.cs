using System.Collections.Immutable;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>A TypeSpec of the form GenericType&lt;Arguments&gt;.</summary>
public static class GenericInstance
{
    /// <summary>The generic type and its arguments rendered in the given context; null for any other TypeSpec.</summary>
    public static (EntityHandle GenericType, ImmutableArray<string> Arguments)? Read(
        MetadataFile file, SignatureText text, TypeSpecificationHandle handle, IReadOnlyList<string>? typeArguments)
    {
        var blob = file.Reader.GetBlobReader(file.Reader.GetTypeSpecification(handle).Signature);
        if (blob.ReadSignatureTypeCode() != SignatureTypeCode.GenericTypeInstance)
        {
            return null;
        }

        blob.ReadByte(); // class or valuetype
        var genericType = blob.ReadTypeHandle();
        var decoder = new SignatureDecoder<string, IReadOnlyList<string>?>(text, file.Reader, typeArguments);
        var arguments = ImmutableArray.CreateBuilder<string>();
        for (var count = blob.ReadCompressedInteger(); count > 0; count--)
        {
            arguments.Add(decoder.DecodeType(ref blob));
        }

        return (genericType, arguments.ToImmutable());
    }
}
