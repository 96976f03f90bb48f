using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// The runtimes the per-runtime tests run hosts and clients on: GRPCBENCH_RUNTIMES (what a CI matrix cell sets, e.g.
/// "net6.0"), else .NET 8, 9, 10 and 11, which this machine provisions from the package feed (.NET 11 runs the net10.0 builds: docs/runtimes.md).
/// </summary>
public static class TestRuntimes
{
    public static IReadOnlyList<string> All { get; } = Read();

    /// <summary>Runtimes from .NET 7 on: the HTTP/2 window defaults changed there.</summary>
    public static IEnumerable<string> SinceDotnet7 => All.Where(r => Major(r) >= 7);

    public static TheoryData<string> Data(IEnumerable<string> runtimes)
    {
        var data = new TheoryData<string>();
        foreach (var runtime in runtimes) data.Add(runtime);
        return data;
    }

    /// <summary>What a process on the runtime reports as RuntimeInformation.FrameworkDescription starts with, e.g. ".NET 9.0.".</summary>
    public static string Reported(string runtime) => $".NET {Major(runtime)}.0.";

    public static int Major(string runtime) => int.Parse(runtime[3..runtime.IndexOf('.')]);

    private static IReadOnlyList<string> Read()
    {
        var named = Environment.GetEnvironmentVariable("GRPCBENCH_RUNTIMES")?.Split([' ', ','], StringSplitOptions.RemoveEmptyEntries);
        if (named is not { Length: > 0 }) return ["net8.0", "net9.0", "net10.0", "net11.0"];
        var unknown = named.Where(r => !DotnetRoots.Runtimes.Contains(r)).ToList();
        return unknown.Count == 0
            ? named
            : throw new ArgumentException($"invalid GRPCBENCH_RUNTIMES {string.Join(" ", unknown)}: allowed {string.Join(", ", DotnetRoots.Runtimes)}");
    }
}
