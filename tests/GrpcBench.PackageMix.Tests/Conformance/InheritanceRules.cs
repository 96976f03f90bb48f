using System.Reflection;
using System.Reflection.Metadata;
using GrpcBench.PackageMix.Tests.Metadata;

namespace GrpcBench.PackageMix.Tests.Conformance;

/// <summary>
/// Consumer classes that derive from the API's classes or implement its interfaces: a concrete one must
/// implement every abstract member it inherits from us, or loading it throws TypeLoadException; and
/// every override in it must find its virtual method in the API's base chain, or it silently becomes a new
/// slot that the API never calls.
/// </summary>
public static class InheritanceRules
{
    public static IReadOnlyList<string> Problems(ConformanceContext context)
    {
        var problems = new List<string>();
        foreach (var start in context.ConsumerTypes.Where(type => !type.Type!.IsInterface))
        {
            var chain = context.Universe.ClassChain(start);
            var derivesFromOurs = chain.Any(instance => context.Universe.IsApi(instance.Type));
            var ourInterfaces = chain
                .SelectMany(context.Universe.Interfaces)
                .Where(instance => context.Universe.IsApi(instance.Type))
                .DistinctBy(instance => instance.ToString())
                .ToList();
            if (!derivesFromOurs && ourInterfaces.Count == 0)
            {
                continue;
            }

            if ((start.Type!.Definition.Attributes & TypeAttributes.Abstract) == 0)
            {
                var explicitlyImplemented = chain.SelectMany(instance => ExplicitImplementations(context, instance)).ToHashSet();
                problems.AddRange(UnimplementedAbstractMethods(context, chain, explicitlyImplemented));
                problems.AddRange(UnimplementedInterfaceMethods(context, chain, ourInterfaces, explicitlyImplemented));
            }

            if (derivesFromOurs)
            {
                problems.AddRange(OverridesOfNothing(context, chain));
            }
        }

        return problems;
    }

    private static IEnumerable<string> UnimplementedAbstractMethods(
        ConformanceContext context, IReadOnlyList<TypeInstance> chain, HashSet<string> explicitlyImplemented)
    {
        for (var level = 1; level < chain.Count; level++)
        {
            var api = chain[level];
            if (!context.Universe.IsApi(api.Type))
            {
                continue;
            }

            foreach (var method in api.Type!.Methods.Where(method => (method.Attributes & (MethodAttributes.Abstract | MethodAttributes.Static)) == MethodAttributes.Abstract))
            {
                var name = api.Type.NameOf(method);
                var signature = context.Universe.TextOf(api.Type.File).Method(method, api.Arguments);
                var overridden = chain.Take(level).Any(derived => HasMethod(context, derived, name, signature, IsOverride))
                    || explicitlyImplemented.Contains(Target(api.Key, name, context.Universe.TextOf(api.Type.File).Method(method)));
                if (!overridden)
                {
                    yield return $"{chain[0].Key} does not implement abstract {api}::{name} {signature}";
                }
                else if (AccessRules.MemberAccess(context, api.Type, method.Attributes) is { } problem)
                {
                    yield return $"{chain[0].Key} overrides abstract {api}::{name} {signature}, which {problem}";
                }
            }
        }
    }

    private static IEnumerable<string> UnimplementedInterfaceMethods(
        ConformanceContext context, IReadOnlyList<TypeInstance> chain, IReadOnlyList<TypeInstance> ourInterfaces, HashSet<string> explicitlyImplemented)
    {
        foreach (var api in ourInterfaces)
        {
            foreach (var method in api.Type!.Methods.Where(method => (method.Attributes & (MethodAttributes.Abstract | MethodAttributes.Static)) == MethodAttributes.Abstract))
            {
                var name = api.Type.NameOf(method);
                var signature = context.Universe.TextOf(api.Type.File).Method(method, api.Arguments);
                var implemented = explicitlyImplemented.Contains(Target(api.Key, name, context.Universe.TextOf(api.Type.File).Method(method)))
                    || chain.Any(type => HasMethod(context, type, name, signature, IsPublicVirtual));
                if (!implemented)
                {
                    yield return $"{chain[0].Key} does not implement {api}::{name} {signature}";
                }
            }
        }
    }

    private static IEnumerable<string> OverridesOfNothing(ConformanceContext context, IReadOnlyList<TypeInstance> chain)
    {
        var type = chain[0].Type!;
        foreach (var method in type.Methods.Where(method => (method.Attributes & (MethodAttributes.Virtual | MethodAttributes.NewSlot)) == MethodAttributes.Virtual))
        {
            var name = type.NameOf(method);
            var signature = context.Universe.TextOf(type.File).Method(method);
            if (!chain.Skip(1).Any(instance => HasMethod(context, instance, name, signature, IsVirtual)))
            {
                var unread = chain[^1].Type is null ? $" (base {chain[^1].Key} could not be read)" : "";
                yield return $"{chain[0].Key}::{name} {signature} overrides nothing in {string.Join(" : ", chain.Skip(1))}{unread}";
            }
        }
    }

    private static bool HasMethod(ConformanceContext context, TypeInstance instance, string name, string signature, Func<MethodAttributes, bool> kind) =>
        instance.Type is { } type && type.Methods.Any(method =>
            kind(method.Attributes) && type.NameOf(method) == name && context.Universe.TextOf(type.File).Method(method, instance.Arguments) == signature);

    private static bool IsOverride(MethodAttributes attributes) =>
        (attributes & (MethodAttributes.Virtual | MethodAttributes.NewSlot | MethodAttributes.Abstract)) == MethodAttributes.Virtual;

    private static bool IsPublicVirtual(MethodAttributes attributes) =>
        (attributes & MethodAttributes.Virtual) != 0 && (attributes & MethodAttributes.MemberAccessMask) == MethodAttributes.Public;

    private static bool IsVirtual(MethodAttributes attributes) => (attributes & MethodAttributes.Virtual) != 0;

    /// <summary>The methods a type's MethodImpl rows implement explicitly, as <see cref="Target"/> strings.</summary>
    private static IEnumerable<string> ExplicitImplementations(ConformanceContext context, TypeInstance instance)
    {
        if (instance.Type is not { } type)
        {
            yield break;
        }

        var reader = type.File.Reader;
        var text = context.Universe.TextOf(type.File);
        foreach (var handle in type.Definition.GetMethodImplementations())
        {
            var declaration = reader.GetMethodImplementation(handle).MethodDeclaration;
            if (declaration.Kind == HandleKind.MemberReference)
            {
                var reference = reader.GetMemberReference((MemberReferenceHandle)declaration);
                yield return Target(context.Universe.Resolve(type.File, reference.Parent).Key, reader.GetString(reference.Name), text.Member(reference));
            }
            else if (declaration.Kind == HandleKind.MethodDefinition)
            {
                var method = reader.GetMethodDefinition((MethodDefinitionHandle)declaration);
                yield return Target(TypeNames.Key(type.File, method.GetDeclaringType()), reader.GetString(method.Name), text.Method(method));
            }
        }
    }

    private static string Target(string typeKey, string name, string signature) => $"{typeKey}::{name} {signature}";
}
