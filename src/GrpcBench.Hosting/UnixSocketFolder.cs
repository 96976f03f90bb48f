namespace GrpcBench.Hosting;

/// <summary>
/// A private folder under the temporary directory for a host's Unix domain socket, removed with what is in it when
/// disposed. Its name starts with <see cref="Prefix"/>, so that whoever started the host can remove one the host
/// left behind when it was killed.
/// </summary>
public sealed class UnixSocketFolder : IDisposable
{
    public const string Prefix = "grpcbench-uds-";
    public const string UrlScheme = "unix";

    private UnixSocketFolder(string path) => Path = path;

    public string Path { get; }

    /// <summary>The socket's path inside the folder.</summary>
    public string Socket(string name) => System.IO.Path.Combine(Path, name);

    public static UnixSocketFolder Create()
    {
        // Short on purpose: a socket path is limited to 107 bytes.
        var path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), Prefix + Guid.NewGuid().ToString("N")[..12]);
        Directory.CreateDirectory(path);
        return new UnixSocketFolder(path);
    }

    /// <summary>The address a host reports for a socket path: unix:/tmp/grpcbench-uds-.../grpc.sock.</summary>
    public static string Url(string socketPath) => $"{UrlScheme}:{socketPath}";

    /// <summary>Removes the folder of a socket reported as unix:PATH if it is one of ours and still there.</summary>
    public static void RemoveLeftOver(string url)
    {
        if (!url.StartsWith(UrlScheme + ":", StringComparison.Ordinal)) return;
        var folder = System.IO.Path.GetDirectoryName(url[(UrlScheme.Length + 1)..]);
        if (folder is null || !System.IO.Path.GetFileName(folder).StartsWith(Prefix, StringComparison.Ordinal)) return;
        try { Directory.Delete(folder, recursive: true); }
        catch (DirectoryNotFoundException) { }
        catch (IOException) { }
    }

    public void Dispose()
    {
        try { Directory.Delete(Path, recursive: true); }
        catch (DirectoryNotFoundException) { }
        catch (IOException) { }
    }
}
