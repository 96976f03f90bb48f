using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>An assembly file opened for its metadata only: nothing in it is loaded or run.</summary>
public sealed class MetadataFile : IDisposable
{
    private readonly Dictionary<string, TypeDefinitionHandle> typesByFullName = [];

    private MetadataFile(string path, PEReader peReader, string? nameOverride)
    {
        FilePath = path;
        PE = peReader;
        Reader = peReader.GetMetadataReader();
        var definition = Reader.GetAssemblyDefinition();
        Name = nameOverride ?? Reader.GetString(definition.Name);
        Version = definition.Version;
        PublicKey = Reader.GetBlobBytes(definition.PublicKey);
        Flags = definition.Flags;
        foreach (var handle in Reader.TypeDefinitions)
        {
            typesByFullName.TryAdd(TypeNames.FullName(Reader, handle), handle);
        }
    }

    public string FilePath { get; }

    public PEReader PE { get; }

    public MetadataReader Reader { get; }

    /// <summary>The assembly name; a self-test may pass another name to impersonate an assembly.</summary>
    public string Name { get; }

    public Version Version { get; }

    public byte[] PublicKey { get; }

    public AssemblyFlags Flags { get; }

    public static MetadataFile Open(string path, string? nameOverride = null)
    {
        if (!File.Exists(path))
        {
            throw new FileNotFoundException($"assembly file missing: {path} (restore downloads the consumer packages)", path);
        }

        // The whole image is read at once, so the file is closed again before this returns.
        using var stream = File.OpenRead(path);
        return new MetadataFile(path, new PEReader(stream, PEStreamOptions.PrefetchEntireImage), nameOverride);
    }

    /// <summary>The type defined here under "Namespace.Outer+Inner", if any.</summary>
    public TypeDefinitionHandle? FindType(string fullName) =>
        typesByFullName.TryGetValue(fullName, out var handle) ? handle : null;

    public void Dispose() => PE.Dispose();
}
