namespace GrpcBench.Hosting;

/// <summary>Named sets of Kestrel HTTP/2 window sizes; explicit settings override them.</summary>
public static class KestrelProfiles
{
    public const string Default = "default";

    /// <summary>The receive windows of Kestrel on .NET 6 and older (dotnet/aspnetcore #41825).</summary>
    public const string Net6Windows = "net6-windows";

    /// <summary>16 MiB per stream and 32 MiB per connection: a 20 MiB upload never waits for a window update.</summary>
    public const string LargeWindows = "large-windows";

    public static readonly IReadOnlyList<string> Names = [Default, Net6Windows, LargeWindows];

    public static (int? ConnectionWindow, int? StreamWindow) Windows(string profile) => profile switch
    {
        Net6Windows => (128 * 1024, 96 * 1024),
        LargeWindows => (32 * 1024 * 1024, 16 * 1024 * 1024),
        _ => (null, null),
    };
}
