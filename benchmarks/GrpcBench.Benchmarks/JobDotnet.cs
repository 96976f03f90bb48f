using System.Diagnostics;
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
        var runtimes = Runtimes(args);
        if (runtimes.All(runtime => runtime == DotnetRoots.CurrentMoniker)) return args;
        // Throws naming the runtime that is unknown or cannot be provisioned.
        foreach (var runtime in runtimes) DotnetRoots.For(runtime);
        return [.. args, "--cli", Path.Combine(DotnetRoots.PrivateRoot, "dotnet")];
    }

    /// <summary>
    /// A runtime no SDK here builds for (.NET 11): BenchmarkDotNet cannot build its jobs, so this build is started again
    /// on that runtime through an explicit runtimeconfig (<see cref="DotnetRoots.StartInfo"/>, never roll-forward) and
    /// runs the benchmarks in its own process (--inProcess); null when every runtime asked for has a build. Such a
    /// runtime runs alone: a run that also asks for built runtimes is refused in one line.
    /// </summary>
    public static ProcessStartInfo? OnUnbuiltRuntime(string[] args)
    {
        var runtimes = Runtimes(args);
        var unbuilt = runtimes.Where(r => DotnetRoots.Runtimes.Contains(r) && !RuntimeBuilds.Builds.Contains(r)).ToList();
        if (unbuilt.Count == 0) return null;
        if (runtimes.Count > 1)
            throw new ArgumentException($"--runtimes {string.Join(" ", runtimes)}: {unbuilt[0]} runs alone (no SDK here builds for it: the {RuntimeBuilds.BuildFor(unbuilt[0])} "
                                        + $"build runs in process on it); allowed {unbuilt[0]} by itself, or any of {string.Join(", ", RuntimeBuilds.Builds.Where(b => b != "net6.0"))}");
        var start = DotnetRoots.StartInfo(unbuilt[0], typeof(JobDotnet).Assembly.Location, [.. WithoutRuntimes(args), "--inProcess"]);
        start.RedirectStandardOutput = start.RedirectStandardError = false;
        return start;
    }

    private static List<string> Runtimes(string[] args) =>
        [.. args.SkipWhile(a => a is not ("--runtimes" or "-r")).Skip(1).TakeWhile(a => !a.StartsWith('-'))];

    private static IEnumerable<string> WithoutRuntimes(string[] args)
    {
        var skipping = false;
        foreach (var arg in args)
        {
            if (arg is "--runtimes" or "-r") skipping = true;
            else if (skipping && !arg.StartsWith('-')) continue;
            else
            {
                skipping = false;
                if (arg != "--inProcess") yield return arg;
            }
        }
    }
}
