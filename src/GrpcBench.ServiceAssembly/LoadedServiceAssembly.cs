using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Runtime.Versioning;
using Google.Protobuf.Reflection;
using Grpc.Core;

namespace GrpcBench.ServiceAssembly;

/// <summary>
/// A team's assembly (<c>--service-assembly</c>): its Grpc.Tools-generated code and the service implementations that
/// derive from the generated base classes. <see cref="Load"/> refuses, with one line naming the assembly and what is
/// wrong, an assembly that is not there, is built for a newer runtime than this process's, or does not load.
/// </summary>
public sealed class LoadedServiceAssembly
{
    /// <summary>How the user named the assembly, for the messages: the load tool's <c>--service-assembly</c>, a host's <c>--serviceAssembly</c>.</summary>
    public const string ToolSetting = "--service-assembly";

    private LoadedServiceAssembly(string path, Assembly assembly, string setting)
    {
        Path = path;
        Assembly = assembly;
        _setting = setting;
    }

    private readonly string _setting;

    public string Path { get; }

    public Assembly Assembly { get; }

    public static LoadedServiceAssembly Load(string path, string setting = ToolSetting)
    {
        var fullPath = System.IO.Path.GetFullPath(path);
        if (!File.Exists(fullPath)) throw Refused(setting, path, "no such file");
        if (TargetRuntime(fullPath, setting) is { } target && target > Environment.Version.Major)
            throw Refused(setting, path, $"built for .NET {target}, newer than the runtime asked for (.NET {Environment.Version.Major}); build it for net{Environment.Version.Major}.0 or older");
        try
        {
            return new(path, new ServiceLoadContext(fullPath).LoadFromAssemblyPath(fullPath), setting);
        }
        catch (Exception e) when (e is BadImageFormatException or FileLoadException or FileNotFoundException)
        {
            throw Refused(setting, path, $"does not load: {e.GetType().Name}: {e.Message}");
        }
    }

    /// <summary>
    /// The service implementations: public classes, not abstract, deriving from a generated base class (the one Grpc.Tools
    /// marks with <see cref="BindServiceMethodAttribute"/>); each needs a public constructor without parameters.
    /// </summary>
    public IReadOnlyList<ServiceImplementation> Services()
    {
        var found = Types().Where(t => t is { IsClass: true, IsAbstract: false, IsPublic: true } && GeneratedBase(t) is not null).ToArray();
        if (found.Length == 0)
            throw Refused(_setting, Path, "holds no service: no public class derives from a Grpc.Tools-generated service base class (GrpcServices=\"Server\" or \"Both\")");
        return found.Select(type =>
        {
            if (type.GetConstructor(Type.EmptyTypes) is null)
                throw Refused(_setting, Path, $"service {type.FullName} has no public constructor without parameters; the bench cannot give its constructor's arguments");
            var bind = GeneratedBase(type)!.GetCustomAttribute<BindServiceMethodAttribute>()!;
            return new ServiceImplementation(type, bind.BindType, bind.BindMethodName);
        }).ToArray();
    }

    /// <summary>Every method of every service the assembly's generated code describes (client-only code included).</summary>
    public IReadOnlyList<ServiceMethod> Methods() => Files()
        .SelectMany(file => file.Services)
        .SelectMany(service => service.Methods)
        .Select(method => new ServiceMethod(method))
        .GroupBy(method => method.FullName).Select(same => same.First())
        .ToArray();

    /// <summary>The method named "package.Service/Method", or null; <paramref name="names"/> says which there are.</summary>
    public ServiceMethod? Method(string fullName, out IReadOnlyList<string> names)
    {
        var methods = Methods();
        names = methods.Select(m => m.FullName).ToArray();
        return methods.FirstOrDefault(m => m.FullName == fullName);
    }

    private IEnumerable<FileDescriptor> Files() => Types()
        .Where(t => t is { IsAbstract: true, IsSealed: true } && t.Name.EndsWith("Reflection", StringComparison.Ordinal))
        .Select(t => t.GetProperty("Descriptor", BindingFlags.Public | BindingFlags.Static)?.GetValue(null))
        .OfType<FileDescriptor>();

    private Type[] Types()
    {
        try
        {
            return Assembly.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            throw Refused(_setting, Path, $"does not load: {e.LoaderExceptions.FirstOrDefault(x => x is not null)?.Message ?? e.Message}");
        }
    }

    private static Type? GeneratedBase(Type type)
    {
        for (var t = type.BaseType; t is not null; t = t.BaseType)
            if (t.GetCustomAttribute<BindServiceMethodAttribute>(inherit: false) is not null) return t;
        return null;
    }

    /// <summary>The .NET major version the assembly was built for (its TargetFrameworkAttribute), read without loading it; null for .NET Standard or none.</summary>
    public static int? TargetRuntime(string path, string setting = ToolSetting)
    {
        try
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            if (!pe.HasMetadata) throw Refused(setting, path, "is not a .NET assembly");
            var metadata = pe.GetMetadataReader();
            foreach (var handle in metadata.GetAssemblyDefinition().GetCustomAttributes())
            {
                var attribute = metadata.GetCustomAttribute(handle);
                if (attribute.Constructor.Kind != HandleKind.MemberReference) continue;
                var constructor = metadata.GetMemberReference((MemberReferenceHandle)attribute.Constructor);
                if (constructor.Parent.Kind != HandleKind.TypeReference
                    || metadata.GetString(metadata.GetTypeReference((TypeReferenceHandle)constructor.Parent).Name) != nameof(TargetFrameworkAttribute)) continue;
                var blob = metadata.GetBlobReader(attribute.Value);
                blob.ReadUInt16(); // the prolog
                var framework = blob.ReadSerializedString() ?? "";
                const string core = ".NETCoreApp,Version=v";
                return framework.StartsWith(core, StringComparison.Ordinal) && Version.TryParse(framework[core.Length..], out var version) ? version.Major : null;
            }
            return null;
        }
        catch (BadImageFormatException e)
        {
            throw Refused(setting, path, $"is not a .NET assembly: {e.Message}");
        }
    }

    private static ServiceAssemblyException Refused(string setting, string path, string what) => new($"{setting} {path}: {what}");
}

/// <summary>A service implementation and the generated class whose static <c>BindService</c> binds it.</summary>
/// <param name="BindType">The generated static class (e.g. <c>Inventory</c>) holding <c>BindService(ServiceBinderBase, TBase)</c> and <c>BindService(TBase)</c>.</param>
public sealed record ServiceImplementation(Type Type, Type BindType, string BindMethodName)
{
    /// <summary>A new instance of the implementation (its constructor without parameters).</summary>
    public object Create() => Activator.CreateInstance(Type)!;

    /// <summary>Grpc.Core's binding: the generated <c>BindService(TBase)</c>.</summary>
    public ServerServiceDefinition Definition(object instance) =>
        (ServerServiceDefinition)BindType.GetMethods(BindingFlags.Public | BindingFlags.Static)
            .Single(m => m.Name == BindMethodName && m.GetParameters().Length == 1 && m.ReturnType == typeof(ServerServiceDefinition))
            .Invoke(null, [instance])!;

    /// <summary>The service's full name ("package.Service"), from the generated class's descriptor.</summary>
    public string ServiceName => (BindType.GetProperty("Descriptor", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as ServiceDescriptor)?.FullName ?? Type.FullName!;
}
