using GrpcBench.GrpcApi.Tests.Conformance;
using GrpcBench.GrpcApi.Tests.Metadata;

namespace GrpcBench.GrpcApi.Tests;

/// <summary>The checks can fail: fed a wrong assembly, they name what is wrong.</summary>
public class CheckerSelfTests
{
    [Fact]
    public void Reference_checks_report_what_an_impostor_of_Grpc_Core_Api_lacks()
    {
        // Grpc.Net.Client posing as Grpc.Core.Api: same version and key, none of the types Grpc.Core uses.
        var impostor = ConsumerCatalog.All.First(consumer => consumer.Package == "Grpc.Net.Client").FilePath;
        using var ours = new ApiSurface([MetadataFile.Open(impostor, nameOverride: "Grpc.Core.Api")]);
        using var consumer = MetadataFile.Open(ConsumerCatalog.GrpcCore.FilePath);
        using var context = new ConformanceContext(ours, consumer);

        var types = ReferenceRules.TypeReferences(context);
        var members = ReferenceRules.MemberReferences(context);

        Assert.Contains("type [Grpc.Core.Api]Grpc.Core.Metadata: not defined in ours", types);
        Assert.Contains(members, problem => problem.StartsWith("method [Grpc.Core.Api]Grpc.Core.CallOptions::get_Headers instance [Grpc.Core.Api]Grpc.Core.Metadata (): "));
        Assert.True(members.Count >= types.Count, $"{members.Count} member problems for {types.Count} missing types");
    }

    [Fact]
    public void Identity_check_reports_a_wrong_name_version_and_key()
    {
        using var grpcCore = MetadataFile.Open(ConsumerCatalog.GrpcCore.FilePath);
        using var coreLib = MetadataFile.Open(typeof(object).Assembly.Location);

        var problems = IdentityRules.Problems(coreLib, "Grpc.Core.Api", grpcCore.PublicKey);

        Assert.Equal(3, problems.Count);
    }

    [Fact]
    public void Type_keys_ignore_which_facade_a_framework_type_came_through_but_not_which_grpc_assembly()
    {
        Assert.Equal("System.Buffers.ReadOnlySequence`1", TypeNames.Key("System.Memory", "System.Buffers.ReadOnlySequence`1"));
        Assert.Equal(TypeNames.Key("netstandard", "System.Buffers.ReadOnlySequence`1"), TypeNames.Key("System.Runtime", "System.Buffers.ReadOnlySequence`1"));
        Assert.NotEqual(TypeNames.Key("Grpc.Core.Api", "Grpc.Core.Status"), TypeNames.Key("Grpc.Net.Common", "Grpc.Core.Status"));
    }
}
