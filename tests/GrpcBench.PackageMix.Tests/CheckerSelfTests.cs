using GrpcBench.PackageMix.Tests.Conformance;
using GrpcBench.PackageMix.Tests.Metadata;

namespace GrpcBench.PackageMix.Tests;

/// <summary>The checks can fail: fed a wrong assembly, they name what is wrong.</summary>
public class CheckerSelfTests
{
    [Fact]
    public void Reference_checks_name_what_an_impostor_of_Grpc_Core_Api_lacks()
    {
        // Grpc.Net.Client posing as Grpc.Core.Api: same version and key, none of the types Grpc.Core uses.
        var grpcCore = RestoredPackages.All.First(binding => binding.Consumer.Package == "Grpc.Core");
        var impostor = RestoredPackages.All.First(binding => binding.Consumer.Package == "Grpc.Net.Client").Consumer.FilePath;
        using var api = new ApiSurface([MetadataFile.Open(impostor, nameOverride: "Grpc.Core.Api")]);
        using var consumer = MetadataFile.Open(grpcCore.Consumer.FilePath);
        using var context = new ConformanceContext(api, consumer);

        var types = ReferenceRules.TypeReferences(context);
        var members = ReferenceRules.MemberReferences(context);

        Assert.Contains("type [Grpc.Core.Api]Grpc.Core.Metadata: not defined in the API", types);
        Assert.Contains(members, problem => problem.StartsWith("method [Grpc.Core.Api]Grpc.Core.CallOptions::get_Headers instance [Grpc.Core.Api]Grpc.Core.Metadata (): "));
        Assert.True(members.Count >= types.Count, $"{members.Count} member problems for {types.Count} missing types");
    }

    [Fact]
    public void Type_keys_ignore_which_facade_a_framework_type_came_through_but_not_which_grpc_assembly()
    {
        Assert.Equal("System.Buffers.ReadOnlySequence`1", TypeNames.Key("System.Memory", "System.Buffers.ReadOnlySequence`1"));
        Assert.Equal(TypeNames.Key("netstandard", "System.Buffers.ReadOnlySequence`1"), TypeNames.Key("System.Runtime", "System.Buffers.ReadOnlySequence`1"));
        Assert.NotEqual(TypeNames.Key("Grpc.Core.Api", "Grpc.Core.Status"), TypeNames.Key("Grpc.Net.Common", "Grpc.Core.Status"));
    }
}
