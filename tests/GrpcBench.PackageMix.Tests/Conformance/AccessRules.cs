using System.Reflection;
using GrpcBench.PackageMix.Tests.Metadata;

namespace GrpcBench.PackageMix.Tests.Conformance;

/// <summary>Whether the consumer may use one of the API's types or members, as the runtime decides it.</summary>
public static class AccessRules
{
    /// <summary>Null when the type (and every type enclosing it) is accessible; otherwise why not.</summary>
    public static string? TypeAccess(ConformanceContext context, LoadedType type)
    {
        for (LoadedType? current = type; current is not null; current = Enclosing(current))
        {
            var enclosing = Enclosing(current);
            var visibility = current.Definition.Attributes & TypeAttributes.VisibilityMask;
            var problem = visibility switch
            {
                TypeAttributes.Public or TypeAttributes.NestedPublic => null,
                TypeAttributes.NotPublic or TypeAttributes.NestedAssembly => Internal(context, current.File, "internal"),
                TypeAttributes.NestedFamily => Protected(context, enclosing!.Key, "protected"),
                TypeAttributes.NestedFamORAssem => Internal(context, current.File, "protected internal") is { } notInternal
                    ? Protected(context, enclosing!.Key, notInternal) : null,
                TypeAttributes.NestedFamANDAssem => Internal(context, current.File, "private protected") ?? Protected(context, enclosing!.Key, "private protected"),
                _ => "private",
            };
            if (problem is not null)
            {
                return current == type ? $"is {problem}" : $"is nested in {current.Key}, which is {problem}";
            }
        }

        return null;
    }

    /// <summary>Null when a member with these attributes, declared in the API's <paramref name="declaringType"/>, is accessible.</summary>
    public static string? MemberAccess(ConformanceContext context, LoadedType declaringType, MethodAttributes attributes)
    {
        var problem = (attributes & MethodAttributes.MemberAccessMask) switch
        {
            MethodAttributes.Public => null,
            MethodAttributes.Assembly => Internal(context, declaringType.File, "internal"),
            MethodAttributes.Family => Protected(context, declaringType.Key, "protected"),
            MethodAttributes.FamORAssem => Internal(context, declaringType.File, "protected internal") is { } notInternal
                ? Protected(context, declaringType.Key, notInternal) : null,
            MethodAttributes.FamANDAssem => Internal(context, declaringType.File, "private protected") ?? Protected(context, declaringType.Key, "private protected"),
            _ => "private",
        };
        return problem is null ? TypeAccess(context, declaringType) is { } typeProblem ? $"its type {declaringType.Key} {typeProblem}" : null : $"is {problem}";
    }

    /// <summary>Field access uses the same values as method access (ECMA-335 II.23.1.5 and II.23.1.10).</summary>
    public static string? MemberAccess(ConformanceContext context, LoadedType declaringType, FieldAttributes attributes) =>
        MemberAccess(context, declaringType, (MethodAttributes)(int)(attributes & FieldAttributes.FieldAccessMask));

    private static string? Internal(ConformanceContext context, MetadataFile api, string what) => context.SeesInternalsOf(api)
        ? null
        : $"{what} and {api.Name} has no [InternalsVisibleTo] for {context.Consumer.Name} (with its public key)";

    private static string? Protected(ConformanceContext context, string key, string what) => context.DerivesFrom(key)
        ? null
        : $"{what} and no type of {context.Consumer.Name} derives from {key}";

    private static LoadedType? Enclosing(LoadedType type) =>
        type.Definition.GetDeclaringType() is { IsNil: false } declaring
            ? new LoadedType(type.File, declaring, TypeNames.Key(type.File, declaring))
            : null;
}
