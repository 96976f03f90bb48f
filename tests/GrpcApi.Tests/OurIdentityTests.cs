using GrpcBench.GrpcApi.Tests.Conformance;
using GrpcBench.GrpcApi.Tests.Metadata;

namespace GrpcBench.GrpcApi.Tests;

public class OurIdentityTests
{
    [Theory]
    [InlineData("Grpc.Core.Api")]
    [InlineData("Grpc.Net.Common")]
    public void Our_assembly_carries_grpcs_name_version_and_public_key(string assemblyName)
    {
        using var grpcCore = MetadataFile.Open(ConsumerCatalog.GrpcCore.FilePath);
        using var ours = MetadataFile.Open(OurApi.PathOf(assemblyName));

        ProblemList.AssertNone(IdentityRules.Problems(ours, assemblyName, grpcCore.PublicKey), $"{assemblyName} at {ours.FilePath}");
    }
}
