using System.Reflection;

namespace GrpcBench.GrpcApi.Tests;

/// <summary>A genuine prebuilt assembly that binds to our API layer.</summary>
public sealed record ConsumerAssembly(string Package, string Version, string FilePath)
{
    public string TargetFramework => Path.GetFileName(Path.GetDirectoryName(FilePath)!);

    public string Label => $"{Package} {Version} {TargetFramework}";
}

/// <summary>
/// The consumer assemblies as MSBuild lists them (@(GrpcConsumerAssembly), eng/GrpcStacks.targets), passed
/// into this assembly as [AssemblyMetadata("GrpcConsumer", "Package|Version|Path")] by the project file.
/// </summary>
public static class ConsumerCatalog
{
    public static IReadOnlyList<ConsumerAssembly> All { get; } = typeof(ConsumerCatalog).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Where(attribute => attribute.Key == "GrpcConsumer")
        .Select(attribute => attribute.Value!.Split('|'))
        .Select(parts => new ConsumerAssembly(parts[0], parts[1], parts[2]))
        .OrderBy(consumer => consumer.Label, StringComparer.Ordinal)
        .ToList();

    public static ConsumerAssembly ByLabel(string label) => All.Single(consumer => consumer.Label == label);

    public static ConsumerAssembly GrpcCore => All.First(consumer => consumer.Package == "Grpc.Core");
}
