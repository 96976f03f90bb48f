using GrpcBench.Load.Hazards;

namespace GrpcBench.Load.Tests;

public class HazardCatalogueTests
{
    [Fact]
    public void LargeDataRequest_is_exactly_the_size_asked()
    {
        var bytes = HazardCatalogue.LargeDataRequest(HazardCatalogue.ReceiveLimit + 1);
        var parsed = GrpcBench.Contracts.LargeDataRequest.Parser.ParseFrom(bytes);

        Assert.Equal(HazardCatalogue.ReceiveLimit + 1, bytes.Length);
        Assert.Equal(HazardCatalogue.ReceiveLimit + 1 - 5, parsed.Data.Length);
    }
}
