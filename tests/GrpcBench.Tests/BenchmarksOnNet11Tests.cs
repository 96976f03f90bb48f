using System.Text.Json;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// BenchmarkDotNet builds each job for its runtime, and no SDK here builds for .NET 11: the benchmarks' net10.0 build
/// starts itself again on the 11.0.0 runtime and runs the benchmarks in process there.
/// </summary>
public class BenchmarksOnNet11Tests
{
    private static readonly string Benchmarks = Path.Combine(DotnetRoots.RepositoryRoot, "benchmarks", "GrpcBench.Benchmarks", "bin", "Release", "net10.0", "GrpcBench.Benchmarks.dll");

    private static Task<(int Exit, string Output, string Error)> RunAsync(params string[] arguments) =>
        ChildProcess.RunAsync("dotnet", Path.GetTempPath(), TimeSpan.FromMinutes(5), [Benchmarks, .. arguments]);

    [Fact]
    public async Task A_benchmark_asked_for_on_net11_runs_in_process_on_the_11_runtime_and_says_so()
    {
        var artifacts = Path.Combine(Path.GetTempPath(), "grpcbench-bdn-net11-" + Guid.NewGuid().ToString("N"));
        try
        {
            var (exit, output, error) = await RunAsync("--filter", "*ProtobufCost*", "--job", "dry", "--runtimes", "net11.0", "--artifacts", artifacts);

            Assert.True(exit == 0, output + error);
            var report = Directory.GetFiles(Path.Combine(artifacts, "results"), "*ProtobufCost-report-full.json").Single();
            using var json = JsonDocument.Parse(File.ReadAllText(report));
            Assert.StartsWith(".NET 11.0.", json.RootElement.GetProperty("HostEnvironmentInfo").GetProperty("RuntimeVersion").GetString());
            Assert.NotEmpty(json.RootElement.GetProperty("Benchmarks").EnumerateArray());
        }
        finally
        {
            if (Directory.Exists(artifacts)) Directory.Delete(artifacts, recursive: true);
        }
    }

    [Fact]
    public async Task Net11_beside_a_built_runtime_is_refused_in_one_line()
    {
        var (exit, output, error) = await RunAsync("--filter", "*ProtobufCost*", "--runtimes", "net8.0", "net11.0");

        Assert.Equal(2, exit);
        Assert.Equal("--runtimes net8.0 net11.0: net11.0 runs alone (no SDK here builds for it: the net10.0 build runs in process on it); allowed net11.0 by itself, or any of net8.0, net9.0, net10.0",
            error.Trim());
        Assert.Empty(output.Trim());
    }
}
