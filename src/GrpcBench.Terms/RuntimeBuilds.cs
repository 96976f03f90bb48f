namespace GrpcBench;

/// <summary>
/// Which build of the bench's projects runs on which runtime: a fact of the build, so that a result can name it
/// without asking where the runtimes are installed (GrpcBench.Orchestration's DotnetRoots does that).
/// </summary>
public static class RuntimeBuilds
{
    /// <summary>The frameworks the projects build for (BenchTargetFrameworks): the SDK here builds up to net10.0.</summary>
    public static readonly IReadOnlyList<string> Builds = ["net6.0", "net8.0", "net9.0", "net10.0"];

    /// <summary>
    /// The build that runs on <paramref name="runtime"/>: its own, or for a runtime newer than every build (.NET 11 with
    /// the .NET 10 SDK) the newest build, started on that runtime through an explicit runtimeconfig (DotnetRoots.StartInfo).
    /// </summary>
    public static string BuildFor(string runtime) => Builds.Contains(runtime) ? runtime : Builds[^1];

    /// <summary>"net11.0" or, where another build runs on it, "net10.0 build on net11.0": what a result names.</summary>
    public static string Describe(string runtime) => BuildFor(runtime) == runtime ? runtime : $"{BuildFor(runtime)} build on {runtime}";
}
