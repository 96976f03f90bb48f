using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>
/// BenchmarkDotNet reads --runtimes and --job itself, and builds and starts every job with one dotnet (--cli). The
/// runtimes asked for must all sit under that dotnet's root: the private root eng/provision-runtimes.sh lays out
/// (docs/runtimes.md), provisioned here on first use. Never roll-forward: each job runs on the runtime it names.
/// </summary>
public static class JobDotnet
{
    /// <summary>The arguments with --cli added where a runtime other than this process's own is asked for.</summary>
    public static string[] Add(string[] args)
    {
        if (args.Contains("--cli")) return args;
        var runtimes = args.SkipWhile(a => a is not ("--runtimes" or "-r")).Skip(1).TakeWhile(a => !a.StartsWith('-')).ToList();
        if (runtimes.All(runtime => runtime == DotnetRoots.CurrentMoniker)) return args;
        if (runtimes.FirstOrDefault(runtime => DotnetRoots.Runtimes.Contains(runtime) && !DotnetRoots.Builds.Contains(runtime)) is { } unbuilt)
            throw new ArgumentException($"--runtimes {unbuilt}: BenchmarkDotNet builds each job for its own runtime and the SDK here builds up to "
                                        + $"{DotnetRoots.Builds[^1]}; allowed {string.Join(", ", DotnetRoots.Builds.Where(b => b != "net6.0"))} (the load tool and the tests run {unbuilt})");
        // Throws naming the runtime that is unknown or cannot be provisioned.
        foreach (var runtime in runtimes) DotnetRoots.For(runtime);
        return [.. args, "--cli", Path.Combine(DotnetRoots.PrivateRoot, "dotnet")];
    }
}
