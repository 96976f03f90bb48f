using GrpcBench.GrpcApi.Tests.Metadata;

namespace GrpcBench.GrpcApi.Tests.Conformance;

/// <summary>One consumer assembly against OUR API assemblies: what every rule reads.</summary>
public sealed class ConformanceContext : IDisposable
{
    private readonly HashSet<string> derivedFrom;

    public ConformanceContext(ApiSurface ours, MetadataFile consumer)
    {
        Ours = ours;
        Consumer = consumer;
        Universe = new TypeUniverse(ours, consumer);
        References = new ConsumerReferences(consumer, ours);
        ConsumerTypes = [.. consumer.Reader.TypeDefinitions.Select(handle => Universe.Resolve(consumer, handle))];
        derivedFrom = [.. ConsumerTypes
            .SelectMany(type => Universe.ClassChain(type).Skip(1))
            .Where(instance => Universe.IsOurs(instance.Type))
            .Select(instance => instance.Key)];
    }

    public ApiSurface Ours { get; }

    public MetadataFile Consumer { get; }

    public TypeUniverse Universe { get; }

    public ConsumerReferences References { get; }

    public IReadOnlyList<TypeInstance> ConsumerTypes { get; }

    /// <summary>Whether some consumer type derives from our type <paramref name="key"/>: protected members are then in reach.</summary>
    public bool DerivesFrom(string key) => derivedFrom.Contains(key);

    public bool SeesInternalsOf(MetadataFile ours) => ApiSurface.GrantsInternalsTo(ours, Consumer);

    public void Dispose() => Universe.Dispose();
}
