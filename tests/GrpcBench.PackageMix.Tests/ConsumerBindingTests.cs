using GrpcBench.PackageMix.Tests.Conformance;
using GrpcBench.PackageMix.Tests.Metadata;

namespace GrpcBench.PackageMix.Tests;

/// <summary>
/// Grpc.Core 2.46.5 was built against Grpc.Core.Api 2.46.x; the bench runs it on Grpc.Core.Api 2.85.0, the only
/// version the feed serves (docs/packages.md). Each consumer assembly, read as metadata, against the API assemblies
/// restored beside it: what it references must exist with its signature and be accessible (internals included,
/// through InternalsVisibleTo), and what it derives must load. One case per target framework and consumer.
/// </summary>
public class ConsumerBindingTests
{
    public static TheoryData<string> Bindings => new(RestoredPackages.All.Select(binding => binding.Label));

    [Fact]
    public void Every_consumer_is_restored_for_every_runtime_with_the_api_assemblies_it_needs()
    {
        foreach (var framework in new[] { "net6.0", "net8.0", "net9.0", "net10.0" })
        {
            var consumers = RestoredPackages.All.Where(b => b.TargetFramework == framework).Select(b => b.Consumer.Package).Distinct().Order();
            Assert.Equal(RestoredPackages.ConsumerPackages.Order(), consumers);
        }
        Assert.All(RestoredPackages.All, binding =>
        {
            // Grpc.Core references only Grpc.Core.Api; grpc-dotnet both.
            Assert.Equal(binding.Consumer.Package == "Grpc.Core" ? ["Grpc.Core.Api"] : RestoredPackages.ApiPackages, binding.Api.Select(a => a.Package));
            Assert.All(binding.Api.Append(binding.Consumer), a => Assert.True(File.Exists(a.FilePath), $"missing: {a.FilePath}"));
        });
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Consumer_asks_for_the_api_assembly_version_and_public_key_token(string binding) =>
        Check(binding, ReferenceRules.AssemblyReferences, "assembly references that would not bind");

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Every_type_the_consumer_references_exists_and_is_accessible(string binding) =>
        Check(binding, ReferenceRules.TypeReferences, "type references that would not bind");

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Every_member_the_consumer_references_exists_with_its_signature_and_is_accessible(string binding) =>
        Check(binding, ReferenceRules.MemberReferences, "member references that would not bind");

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Consumer_types_deriving_from_the_api_implement_every_abstract_member_and_override_only_its_own(string binding) =>
        Check(binding, InheritanceRules.Problems, "derived types that would not load or would not be called");

    private static void Check(string label, Func<ConformanceContext, IReadOnlyList<string>> rule, string what)
    {
        var binding = RestoredPackages.ByLabel(label);
        using var api = new ApiSurface([.. binding.Api.Select(a => MetadataFile.Open(a.FilePath))]);
        using var consumer = MetadataFile.Open(binding.Consumer.FilePath);
        using var context = new ConformanceContext(api, consumer);

        ProblemList.AssertNone(rule(context), $"{label}: {what}");
    }
}
