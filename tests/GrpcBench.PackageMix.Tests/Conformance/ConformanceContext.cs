using GrpcBench.PackageMix.Tests.Metadata;

namespace GrpcBench.PackageMix.Tests.Conformance;

/// <summary>One consumer assembly against the API assemblies: what every rule reads.</summary>
public sealed class ConformanceContext : IDisposable
{
    private readonly HashSet<string> derivedFrom;

    public ConformanceContext(ApiSurface api, MetadataFile consumer)
    {
        Api = api;
        Consumer = consumer;
        Universe = new TypeUniverse(api, consumer);
        References = new ConsumerReferences(consumer, api);
        ConsumerTypes = [.. consumer.Reader.TypeDefinitions.Select(handle => Universe.Resolve(consumer, handle))];
        derivedFrom = [.. ConsumerTypes
            .SelectMany(type => Universe.ClassChain(type).Skip(1))
            .Where(instance => Universe.IsApi(instance.Type))
            .Select(instance => instance.Key)];
    }

    public ApiSurface Api { get; }

    public MetadataFile Consumer { get; }

    public TypeUniverse Universe { get; }

    public ConsumerReferences References { get; }

    public IReadOnlyList<TypeInstance> ConsumerTypes { get; }

    /// <summary>Whether some consumer type derives from the API's type <paramref name="key"/>: protected members are then in reach.</summary>
    public bool DerivesFrom(string key) => derivedFrom.Contains(key);

    public bool SeesInternalsOf(MetadataFile api) => ApiSurface.GrantsInternalsTo(api, Consumer);

    public void Dispose() => Universe.Dispose();
}
