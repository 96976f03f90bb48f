using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains;
using BenchmarkDotNet.Toolchains.CsProj;
using BenchmarkDotNet.Toolchains.DotNetCli;
using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>One job per runtime asked for, each started by the dotnet of the root that holds that runtime.</summary>
public sealed record BenchJobs(IReadOnlyList<Job> Jobs)
{
    private static readonly Dictionary<string, Job> BaseJobs = new(StringComparer.OrdinalIgnoreCase)
    {
        ["default"] = Job.Default,
        ["dry"] = Job.Dry,
        ["short"] = Job.ShortRun,
        ["medium"] = Job.MediumRun,
        ["long"] = Job.LongRun,
    };

    /// <summary>Takes --runtimes and --job out of the arguments; the rest are BenchmarkDotNet's.</summary>
    public static (BenchJobs Jobs, string[] BenchmarkDotNetArgs) Parse(string[] args)
    {
        var runtimes = new List<string>();
        var baseJob = Job.Default;
        var rest = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            if (args[i] is "--runtimes" or "-r")
            {
                while (i + 1 < args.Length && !args[i + 1].StartsWith('-')) runtimes.Add(args[++i]);
            }
            else if (args[i] is "--job" or "-j" && i + 1 < args.Length)
            {
                var name = args[++i];
                baseJob = BaseJobs.TryGetValue(name, out var job)
                    ? job
                    : throw new ArgumentException($"invalid option --job {name}: allowed one of {string.Join(", ", BaseJobs.Keys)}");
            }
            else
            {
                rest.Add(args[i]);
            }
        }
        if (runtimes.Count == 0) runtimes.Add(DotnetRoots.CurrentMoniker);
        return (new BenchJobs(runtimes.Distinct().Select(r => For(baseJob, r)).ToList()), [.. rest]);
    }

    private static Job For(Job baseJob, string runtime)
    {
        // DotnetRoots refuses a runtime it does not know or that is not provisioned, with a clear message.
        var dotnet = Path.Combine(DotnetRoots.For(runtime), "dotnet");
        // 0.14 cannot validate an SDK for a runtime it has no moniker for (net10.0): such a runtime runs
        // as this process's own, which is what BenchmarkDotNet does when no runtime is named.
        if (runtime == DotnetRoots.CurrentMoniker && !KnownRuntimes.ContainsKey(runtime)) return baseJob.WithId(runtime);
        var coreRuntime = KnownRuntimes.TryGetValue(runtime, out var known)
            ? known
            : throw new ArgumentException($"invalid runtime {runtime}: BenchmarkDotNet 0.14 runs net6.0, net8.0, net9.0 and this process's own runtime");
        var toolchain = CsProjCoreToolchain.From(new NetCoreAppSettings(runtime, null, coreRuntime.Name, dotnet));
        return baseJob.WithRuntime(coreRuntime).WithToolchain(new AnySdkToolchain(toolchain)).WithId(runtime);
    }

    /// <summary>
    /// The csproj toolchain without its SDK check, which in 0.14 wants an SDK of the job's own major version
    /// (8.0.x for net8.0), while SDK 10 builds net8.0 fine. What the job runs on is still checked: the
    /// summary records the runtime each job's process reports.
    /// </summary>
    private sealed class AnySdkToolchain(IToolchain csproj) : Toolchain(csproj.Name, csproj.Generator, csproj.Builder, csproj.Executor);

    private static readonly Dictionary<string, CoreRuntime> KnownRuntimes = new()
    {
        ["net6.0"] = CoreRuntime.Core60,
        ["net8.0"] = CoreRuntime.Core80,
        ["net9.0"] = CoreRuntime.Core90,
    };
}
