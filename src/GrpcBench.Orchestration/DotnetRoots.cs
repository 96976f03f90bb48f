namespace GrpcBench.Orchestration;

/// <summary>
/// Where the dotnet executable for each runtime lives: the SDK's own install for the runtime it ships,
/// the private root that eng/provision-runtimes.sh assembles for the others.
/// </summary>
public static class DotnetRoots
{
    public static readonly IReadOnlyList<string> Runtimes = ["net6.0", "net8.0", "net10.0"];

    public static string RepositoryRoot { get; } = FindRepositoryRoot();

    public static string PrivateRoot =>
        Environment.GetEnvironmentVariable("GRPCBENCH_DOTNET_ROOT") is { Length: > 0 } root ? root : Path.Combine(RepositoryRoot, ".dotnet");

    public static string For(string runtime) => For(runtime, PrivateRoot);

    public static string For(string runtime, string privateRoot)
    {
        if (!Runtimes.Contains(runtime))
            throw new ArgumentException($"invalid runtime {runtime}: allowed one of {string.Join(", ", Runtimes)}", nameof(runtime));
        if (runtime == CurrentMoniker) return SystemRoot;
        var major = runtime[3..runtime.IndexOf('.')];
        var shared = Path.Combine(privateRoot, "shared", "Microsoft.NETCore.App");
        if (!Directory.Exists(shared) || !Directory.EnumerateDirectories(shared, $"{major}.*").Any())
            throw new InvalidOperationException(
                $"runtime {runtime} is not provisioned under {privateRoot}: run eng/provision-runtimes.sh {runtime}");
        return privateRoot;
    }

    public static string CurrentMoniker => $"net{Environment.Version.Major}.0";

    /// <summary>The install this process runs on, e.g. /usr/share/dotnet.</summary>
    public static string SystemRoot => Path.GetFullPath(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "..", "..", ".."));

    private static string FindRepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "GrpcBench.sln"))) return dir.FullName;
        }
        throw new InvalidOperationException($"GrpcBench.sln not found above {AppContext.BaseDirectory}");
    }
}
