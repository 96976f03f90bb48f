using System.Buffers;

namespace GrpcBench.KestrelHost;

/// <summary>
/// Plain HTTP/2 endpoints: they measure what Kestrel's flow control and scheduling do to large and small
/// requests with no gRPC code on either side.
/// </summary>
public static class ProbeEndpoints
{
    public static void Map(WebApplication app)
    {
        app.MapGet(ProbePaths.Int, () => Results.Text("42"));

        app.MapPost(ProbePaths.Upload, async (HttpRequest request) =>
        {
            var buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
            try
            {
                long total = 0;
                int read;
                while ((read = await request.Body.ReadAsync(buffer)) > 0) total += read;
                return Results.Text(total.ToString());
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        });
    }
}
