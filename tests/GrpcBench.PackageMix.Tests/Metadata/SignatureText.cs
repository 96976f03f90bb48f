using System.Collections.Immutable;
using System.Reflection.Metadata;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>
/// Decodes signatures of one file into canonical text that compares equal across files exactly when the
/// runtime would bind them: types by <see cref="TypeNames"/> key ("valuetype " marks value types),
/// generic parameters as !n and !!n, and custom modifiers kept. A generic context, when given, replaces
/// !n by the type arguments of an instantiation.
/// </summary>
public sealed class SignatureText(MetadataFile file) : ISignatureTypeProvider<string, IReadOnlyList<string>?>
{
    public string Method(MethodDefinition method, IReadOnlyList<string>? typeArguments = null) =>
        Render(method.DecodeSignature(this, typeArguments));

    public string Field(FieldDefinition field, IReadOnlyList<string>? typeArguments = null) =>
        field.DecodeSignature(this, typeArguments);

    /// <summary>A member reference's signature, in terms of its generic type definition's parameters.</summary>
    public string Member(MemberReference member) => member.GetKind() == MemberReferenceKind.Method
        ? Render(member.DecodeMethodSignature(this, null))
        : member.DecodeFieldSignature(this, null);

    public static string Render(MethodSignature<string> signature)
    {
        var header = signature.Header;
        var instance = header.IsInstance ? header.HasExplicitThis ? "instance explicit " : "instance " : "static ";
        var convention = header.CallingConvention == SignatureCallingConvention.Default ? "" : $"{header.CallingConvention.ToString().ToLowerInvariant()} ";
        var generic = signature.GenericParameterCount > 0 ? $"<{signature.GenericParameterCount}>" : "";
        var parameters = signature.ParameterTypes.ToList();
        if (signature.RequiredParameterCount < parameters.Count)
        {
            parameters.Insert(signature.RequiredParameterCount, "...");
        }

        return $"{instance}{convention}{signature.ReturnType} {generic}({string.Join(", ", parameters)})";
    }

    public string GetArrayType(string elementType, ArrayShape shape)
    {
        var dimensions = Enumerable.Range(0, shape.Rank).Select(i =>
        {
            var lower = i < shape.LowerBounds.Length ? shape.LowerBounds[i].ToString() : "";
            var size = i < shape.Sizes.Length ? shape.Sizes[i].ToString() : "";
            return lower.Length + size.Length == 0 ? "" : $"{lower}...{size}";
        });
        return $"{elementType}[{string.Join(",", dimensions)}]";
    }

    public string GetByReferenceType(string elementType) => $"{elementType}&";

    public string GetFunctionPointerType(MethodSignature<string> signature) => $"method {Render(signature)}";

    public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) =>
        $"{genericType}<{string.Join(", ", typeArguments)}>";

    public string GetGenericMethodParameter(IReadOnlyList<string>? genericContext, int index) => $"!!{index}";

    public string GetGenericTypeParameter(IReadOnlyList<string>? genericContext, int index) =>
        genericContext is not null && index < genericContext.Count ? genericContext[index] : $"!{index}";

    public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) =>
        $"{unmodifiedType} {(isRequired ? "modreq" : "modopt")}({modifier})";

    public string GetPinnedType(string elementType) => $"{elementType} pinned";

    public string GetPointerType(string elementType) => $"{elementType}*";

    public string GetPrimitiveType(PrimitiveTypeCode typeCode) => $"System.{typeCode}";

    public string GetSZArrayType(string elementType) => $"{elementType}[]";

    public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) =>
        Kind(rawTypeKind) + TypeNames.Key(file, handle);

    public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) =>
        Kind(rawTypeKind) + TypeNames.Key(file, handle);

    public string GetTypeFromSpecification(MetadataReader reader, IReadOnlyList<string>? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    private static string Kind(byte rawTypeKind) => rawTypeKind == (byte)SignatureTypeKind.ValueType ? "valuetype " : "";
}
