using System.Reflection;
using GrpcBench.GrpcApi.Tests.Metadata;

namespace GrpcBench.GrpcApi.Tests.Conformance;

/// <summary>The identity the consumers were compiled against: grpc's name, version 2.0.0.0 and public key.</summary>
public static class IdentityRules
{
    public static readonly Version ApiVersion = new(2, 0, 0, 0);

    public static IReadOnlyList<string> Problems(MetadataFile ours, string expectedName, byte[] grpcPublicKey)
    {
        var problems = new List<string>();
        if (ours.Name != expectedName)
        {
            problems.Add($"name is {ours.Name}, expected {expectedName}");
        }

        if (ours.Version != ApiVersion)
        {
            problems.Add($"version is {ours.Version}, expected {ApiVersion}");
        }

        if (!ours.PublicKey.AsSpan().SequenceEqual(grpcPublicKey))
        {
            problems.Add($"public key is {Convert.ToHexStringLower(ours.PublicKey)}, expected grpc's {Convert.ToHexStringLower(grpcPublicKey)}");
        }

        if ((ours.Flags & AssemblyFlags.PublicKey) == 0)
        {
            problems.Add("the assembly definition lacks the PublicKey flag");
        }

        return problems;
    }
}
