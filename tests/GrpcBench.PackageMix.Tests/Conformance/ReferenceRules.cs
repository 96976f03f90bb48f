using System.Reflection;
using System.Reflection.Metadata;
using GrpcBench.PackageMix.Tests.Metadata;

namespace GrpcBench.PackageMix.Tests.Conformance;

/// <summary>What the consumer references in Grpc.Core.Api and Grpc.Net.Common must exist in api, bindable and accessible.</summary>
public static class ReferenceRules
{
    /// <summary>The runtime binds an assembly reference by name, version and public key token.</summary>
    public static IReadOnlyList<string> AssemblyReferences(ConformanceContext context)
    {
        var problems = new List<string>();
        foreach (var reference in context.References.Assemblies)
        {
            var api = context.Api.Assembly(reference.Name)!;
            if (reference.Version != api.Version)
            {
                problems.Add($"assembly reference {reference.Name}: asks for version {reference.Version}, the API's is {api.Version}");
            }

            var expected = reference.HasFullKey ? api.PublicKey : ApiSurface.PublicKeyToken(api.PublicKey);
            if (!reference.PublicKeyOrToken.AsSpan().SequenceEqual(expected))
            {
                var what = reference.HasFullKey ? "public key" : "public key token";
                problems.Add($"assembly reference {reference.Name}: asks for {what} {Hex(reference.PublicKeyOrToken)}, the API's is {Hex(expected)}");
            }

            if (reference.Culture.Length > 0)
            {
                problems.Add($"assembly reference {reference.Name}: asks for culture {reference.Culture}, the API's is neutral");
            }
        }

        return problems;
    }

    public static IReadOnlyList<string> TypeReferences(ConformanceContext context)
    {
        var problems = new List<string>();
        foreach (var reference in context.References.Types)
        {
            if (context.Universe.Find(reference.Scope, reference.FullName) is not { } type)
            {
                var elsewhere = context.Api.Assemblies.FirstOrDefault(file => file.FindType(reference.FullName) is not null);
                problems.Add($"type {reference.Key}: not defined in the API{(elsewhere is null ? "" : $" (the API defines it in {elsewhere.Name})")}");
            }
            else if (AccessRules.TypeAccess(context, type) is { } problem)
            {
                problems.Add($"type {reference.Key}: {problem}");
            }
        }

        return problems;
    }

    public static IReadOnlyList<string> MemberReferences(ConformanceContext context)
    {
        var problems = new List<string>();
        foreach (var member in context.References.Members)
        {
            var what = member.Kind == MemberReferenceKind.Method ? "method" : "field";
            if (context.Universe.Find(member.Parent.Scope, member.Parent.FullName) is not { } parent)
            {
                problems.Add($"{what} {member}: its type is not defined in the API");
                continue;
            }

            // Constructors are not inherited; any other member may be declared in one of the API's base types.
            var self = new TypeInstance(parent, parent.Key, null);
            var chain = member.Name is ".ctor" or ".cctor" ? [self] : context.Universe.ClassChain(self);
            var problem = member.Kind == MemberReferenceKind.Method ? MethodProblem(context, member, chain) : FieldProblem(context, member, chain);
            if (problem is not null)
            {
                problems.Add($"{what} {member}: {problem}");
            }
        }

        return problems;
    }

    private static string? MethodProblem(ConformanceContext context, ReferencedMember member, IReadOnlyList<TypeInstance> chain)
    {
        var namesakes = new List<string>();
        foreach (var instance in chain.Where(instance => instance.Type is not null))
        {
            var text = context.Universe.TextOf(instance.Type!.File);
            foreach (var method in instance.Type.Methods.Where(method => instance.Type.NameOf(method) == member.Name))
            {
                var signature = text.Method(method, instance.Arguments);
                if (signature == member.Signature)
                {
                    return context.Universe.IsApi(instance.Type) ? AccessRules.MemberAccess(context, instance.Type, method.Attributes) : null;
                }

                namesakes.Add($"{instance}::{member.Name} {signature}");
            }
        }

        return Missing(namesakes, chain);
    }

    private static string? FieldProblem(ConformanceContext context, ReferencedMember member, IReadOnlyList<TypeInstance> chain)
    {
        var namesakes = new List<string>();
        foreach (var instance in chain.Where(instance => instance.Type is not null))
        {
            var text = context.Universe.TextOf(instance.Type!.File);
            foreach (var field in instance.Type.Fields.Where(field => instance.Type.NameOf(field) == member.Name))
            {
                var signature = text.Field(field, instance.Arguments);
                if (signature != member.Signature)
                {
                    namesakes.Add($"{instance}::{member.Name} {signature}");
                    continue;
                }

                var isStatic = (field.Attributes & FieldAttributes.Static) != 0;
                if (member.IsStaticField is { } usedAsStatic && usedAsStatic != isStatic)
                {
                    return $"used as {(usedAsStatic ? "static" : "instance")} field, the API's is {(isStatic ? "static" : "instance")}";
                }

                return context.Universe.IsApi(instance.Type) ? AccessRules.MemberAccess(context, instance.Type, field.Attributes) : null;
            }
        }

        return Missing(namesakes, chain);
    }

    private static string Missing(List<string> namesakes, IReadOnlyList<TypeInstance> chain)
    {
        var unread = chain[^1].Type is null ? $" (base {chain[^1].Key} could not be read)" : "";
        return namesakes.Count == 0
            ? $"missing, the API has nothing of that name{unread}"
            : $"missing{unread}; the API has {string.Join(" | ", namesakes)}";
    }

    private static string Hex(byte[] bytes) => bytes.Length == 0 ? "(none)" : Convert.ToHexStringLower(bytes);
}
