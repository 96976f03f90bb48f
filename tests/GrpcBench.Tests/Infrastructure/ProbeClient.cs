using GrpcBench.Hosting;

namespace GrpcBench.Tests.Infrastructure;

public static class ProbeClient
{
    public static async Task<HttpResponseMessage> UploadAsync(HttpClient client, long bytes)
    {
        var payload = new byte[bytes];
        Random.Shared.NextBytes(payload);
        return await client.PostAsync(ProbePaths.Upload, new ByteArrayContent(payload));
    }
}
