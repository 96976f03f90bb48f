using System.Text.Json;

namespace GrpcBench.PackageMix.Tests;

/// <summary>One assembly of a restored package, as NuGet chose it for a target framework.</summary>
public sealed record PackageAssembly(string Package, string Version, string FilePath)
{
    /// <summary>The package's lib folder NuGet took, e.g. "netstandard2.1".</summary>
    public string LibFolder => Path.GetFileName(Path.GetDirectoryName(FilePath)!);

    public override string ToString() => $"{Package} {Version} ({LibFolder})";
}

/// <summary>
/// A consumer package's assembly and the Grpc.Core.Api / Grpc.Net.Common assemblies that NuGet restored beside it for
/// one target framework of one of the bench's projects: exactly what a process of that framework loads together.
/// </summary>
public sealed record Binding(string TargetFramework, PackageAssembly Consumer, IReadOnlyList<PackageAssembly> Api)
{
    public string Label => $"{TargetFramework}: {Consumer} against {string.Join(", ", Api)}";
}

/// <summary>
/// Every binding of the bench's gRPC projects, read from their obj/project.assets.json (what restore resolved,
/// not what the project files ask for), so that a version bump is checked without touching this test.
/// </summary>
public static class RestoredPackages
{
    public static readonly string[] ApiPackages = ["Grpc.Core.Api", "Grpc.Net.Common"];
    public static readonly string[] ConsumerPackages = ["Grpc.Core", "Grpc.Net.Client", "Grpc.AspNetCore.Server"];
    public static readonly string[] Projects = ["GrpcBench.LegacyHost", "GrpcBench.KestrelHost", "GrpcBench.Clients"];

    public static IReadOnlyList<Binding> All { get; } = Read();

    public static Binding ByLabel(string label) => All.Single(binding => binding.Label == label);

    private static List<Binding> Read()
    {
        var bindings = new Dictionary<string, Binding>();
        foreach (var project in Projects)
        {
            var assets = Path.Combine(RepositoryRoot(), "src", project, "obj", "project.assets.json");
            if (!File.Exists(assets)) throw new FileNotFoundException($"{assets} is missing: restore the solution first", assets);
            using var document = JsonDocument.Parse(File.ReadAllText(assets));
            var packageRoot = document.RootElement.GetProperty("packageFolders").EnumerateObject().First().Name;
            var libraries = document.RootElement.GetProperty("libraries");
            foreach (var target in document.RootElement.GetProperty("targets").EnumerateObject())
            {
                var assemblies = target.Value.EnumerateObject()
                    .SelectMany(package => Assemblies(package, packageRoot, libraries))
                    .ToList();
                var api = assemblies.Where(a => ApiPackages.Contains(a.Package)).OrderBy(a => a.Package, StringComparer.Ordinal).ToList();
                foreach (var consumer in assemblies.Where(a => ConsumerPackages.Contains(a.Package)))
                {
                    var references = ReferencedAssemblies(consumer.FilePath);
                    var binding = new Binding(target.Name, consumer, [.. api.Where(a => references.Contains(Path.GetFileNameWithoutExtension(a.FilePath)))]);
                    bindings.TryAdd(binding.Label, binding);
                }
            }
        }
        return [.. bindings.Values.OrderBy(b => b.Label, StringComparer.Ordinal)];
    }

    private static IEnumerable<PackageAssembly> Assemblies(JsonProperty package, string packageRoot, JsonElement libraries)
    {
        var (name, version) = (package.Name.Split('/')[0], package.Name.Split('/')[1]);
        if (!package.Value.TryGetProperty("runtime", out var runtime)) yield break;
        var folder = libraries.GetProperty(package.Name).GetProperty("path").GetString()!;
        foreach (var file in runtime.EnumerateObject().Where(f => f.Name.EndsWith(".dll", StringComparison.Ordinal)))
        {
            yield return new PackageAssembly(name, version, Path.Combine(packageRoot, folder, file.Name));
        }
    }

    private static HashSet<string> ReferencedAssemblies(string path)
    {
        using var file = Metadata.MetadataFile.Open(path);
        return [.. file.Reader.AssemblyReferences.Select(handle => file.Reader.GetString(file.Reader.GetAssemblyReference(handle).Name))];
    }

    private static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "GrpcBench.sln"))) return dir.FullName;
        }
        throw new InvalidOperationException($"GrpcBench.sln not found above {AppContext.BaseDirectory}");
    }
}
