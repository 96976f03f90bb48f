using GrpcBench.GrpcApi.Tests.Metadata;

namespace GrpcBench.GrpcApi.Tests;

/// <summary>Our two API assemblies as this test project references them (the build every net6.0+ host gets).</summary>
public static class OurApi
{
    public static string CoreApiPath => typeof(Grpc.Core.Status).Assembly.Location;

    public static string NetCommonPath => typeof(Grpc.Net.Compression.ICompressionProvider).Assembly.Location;

    public static string PathOf(string assemblyName) => assemblyName switch
    {
        "Grpc.Core.Api" => CoreApiPath,
        "Grpc.Net.Common" => NetCommonPath,
        _ => throw new ArgumentOutOfRangeException(nameof(assemblyName), assemblyName, "not one of our API assemblies"),
    };

    public static ApiSurface Open() => new([MetadataFile.Open(CoreApiPath), MetadataFile.Open(NetCommonPath)]);
}
