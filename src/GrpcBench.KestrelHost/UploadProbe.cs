using System.Buffers;

namespace GrpcBench.KestrelHost;

/// <summary>
/// Plain HTTP/2 endpoints beside the gRPC service: they measure what Kestrel's flow control does to an
/// upload with no gRPC code on either side.
/// </summary>
public static class UploadProbe
{
    public const string UploadPath = "/probe/upload";

    public static void Map(WebApplication app)
    {
        app.MapPost(UploadPath, async (HttpRequest request) =>
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
