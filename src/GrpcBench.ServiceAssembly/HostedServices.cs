using System.Reflection;

namespace GrpcBench.ServiceAssembly;

/// <summary>One instance of a team's service implementation, as a host binds it beside the bench's own services.</summary>
public sealed record HostedService(ServiceImplementation Implementation, object Instance);

/// <summary>
/// The services a host serves from the <c>ServiceAssembly</c> setting: one instance per implementation, made before the
/// host listens. With no assembly set there are none.
/// </summary>
public sealed class HostedServices
{
    private HostedServices(string? path, IReadOnlyList<HostedService> services)
    {
        Path = path;
        Services = services;
    }

    public static HostedServices None { get; } = new(null, []);

    public string? Path { get; }

    public IReadOnlyList<HostedService> Services { get; }

    /// <summary>The assembly's services, each instantiated once; throws <see cref="ServiceAssemblyException"/> for an assembly the bench cannot serve.</summary>
    public const string HostSetting = "--serviceAssembly";

    public static HostedServices Load(string? path)
    {
        if (path is null) return None;
        var assembly = LoadedServiceAssembly.Load(path, HostSetting);
        return new(path, assembly.Services().Select(implementation => new HostedService(implementation, Create(path, implementation))).ToArray());
    }

    /// <summary>The services, or null after writing the one line that says what is wrong (the host then exits 2).</summary>
    public static HostedServices? LoadOrReport(string? path)
    {
        try
        {
            return Load(path);
        }
        catch (ServiceAssemblyException e)
        {
            Console.Error.WriteLine(OneLine(e.Message));
            return null;
        }
    }

    /// <summary>What the ready line records: the assembly and the services bound from it (null when none is set).</summary>
    public object? InForce => Path is null ? null : new
    {
        Path,
        Services = Services.Select(s => s.Implementation.ServiceName).ToArray(),
    };

    private static object Create(string path, ServiceImplementation implementation)
    {
        try
        {
            return implementation.Create();
        }
        catch (TargetInvocationException e)
        {
            var cause = e.InnerException ?? e;
            throw new ServiceAssemblyException($"{HostSetting} {path}: service {implementation.Type.FullName}'s constructor threw {cause.GetType().Name}: {OneLine(cause.Message)}");
        }
    }

    private static string OneLine(string text) => string.Join(' ', text.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries));
}
