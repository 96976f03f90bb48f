using GrpcBench.GrpcApi.Tests.Conformance;
using GrpcBench.GrpcApi.Tests.Metadata;

namespace GrpcBench.GrpcApi.Tests;

/// <summary>
/// Each genuine consumer assembly, read as metadata, against our API assemblies, read as metadata: what it
/// references must bind, and what it derives from us must load. One test case per consumer assembly.
/// </summary>
public class ConsumerBindingTests
{
    public static TheoryData<string> Consumers => new(ConsumerCatalog.All.Select(consumer => consumer.Label));

    [Fact]
    public void The_build_passes_every_consumer_assembly_and_each_is_on_disk()
    {
        Assert.NotEmpty(ConsumerCatalog.All);
        Assert.All(ConsumerCatalog.All, consumer => Assert.True(File.Exists(consumer.FilePath), $"missing: {consumer.FilePath}"));
    }

    [Theory]
    [MemberData(nameof(Consumers))]
    public void Consumer_asks_for_our_assembly_version_and_public_key_token(string consumer) =>
        Check(consumer, ReferenceRules.AssemblyReferences, "assembly references that would not bind");

    [Theory]
    [MemberData(nameof(Consumers))]
    public void Every_type_the_consumer_references_is_ours_and_accessible(string consumer) =>
        Check(consumer, ReferenceRules.TypeReferences, "type references that would not bind");

    [Theory]
    [MemberData(nameof(Consumers))]
    public void Every_member_the_consumer_references_is_ours_with_its_signature_and_accessible(string consumer) =>
        Check(consumer, ReferenceRules.MemberReferences, "member references that would not bind");

    [Theory]
    [MemberData(nameof(Consumers))]
    public void Consumer_types_deriving_from_ours_implement_every_abstract_member_and_override_only_ours(string consumer) =>
        Check(consumer, InheritanceRules.Problems, "derived types that would not load or would not be called");

    private static void Check(string label, Func<ConformanceContext, IReadOnlyList<string>> rule, string what)
    {
        using var ours = OurApi.Open();
        using var consumer = MetadataFile.Open(ConsumerCatalog.ByLabel(label).FilePath);
        using var context = new ConformanceContext(ours, consumer);

        ProblemList.AssertNone(rule(context), $"{label}: {what}");
    }
}
