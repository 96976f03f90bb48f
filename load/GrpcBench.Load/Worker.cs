using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Clients;
using GrpcBench.Hosting;
using GrpcBench.Load.Engine;
using GrpcBench.Orchestration;

namespace GrpcBench.Load;

/// <summary>
/// The process that makes the calls: the tool starts one per configuration, on the client runtime asked for,
/// so that the client's runtime is real and its CPU time is its own. Prints progress lines, then its result.
/// </summary>
public static class Worker
{
    public static async Task<int> RunAsync(string specFile, CancellationToken cancellationToken)
    {
        var spec = JsonSerializer.Deserialize<WorkerSpec>(await File.ReadAllTextAsync(specFile, cancellationToken), WorkerJson.Options)
            ?? throw new InvalidDataException($"{specFile} holds no worker spec");
        // A load generator must not wait for the thread pool to grow: at the default minimum (one thread per core)
        // each extra thread takes up to a second to appear, and that delay would show up as latency.
        ThreadPool.SetMinThreads(Math.Max(32, Environment.ProcessorCount * 8), Math.Max(32, Environment.ProcessorCount * 8));

        var progress = new Progress<LoadProgress>(p => Print(new WorkerLine("progress", p, null)));
        LoadResult result;
        Dictionary<string, string> components;
        var url = new Uri(spec.TargetUrl);
        switch (spec.Configuration.Kind)
        {
            case "grpc":
                await using (var client = BenchClient.Create(new ClientTarget(url, spec.CertificatePem), spec.Client))
                {
                    result = await LoadRunner.RunAsync(ScenarioSteps.Grpc(client, spec.Load, spec.Configuration), progress, cancellationToken);
                }
                components = StackComponents.Of(typeof(Grpc.Core.Status).Assembly, typeof(Grpc.Core.Channel).Assembly, typeof(Grpc.Net.Client.GrpcChannel).Assembly);
                break;
            case "raw-http2":
                using (var http = Http2Client.For(url, spec.CertificatePem))
                {
                    result = await LoadRunner.RunAsync(ScenarioSteps.RawHttp2(http, spec.Load), progress, cancellationToken);
                }
                components = [];
                break;
            default:
                result = await LoadRunner.RunAsync(ScenarioSteps.RawTcp(url, spec.Load), progress, cancellationToken);
                components = [];
                break;
        }

        var cpu = Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds;
        Print(new WorkerLine("result", null, new WorkerResult(System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription, components, cpu, result,
            ProcessStats.PeakRssMiB(Environment.ProcessId))));
        return 0;
    }

    private static readonly object Output = new();

    private static void Print(WorkerLine line)
    {
        var json = JsonSerializer.Serialize(line, WorkerJson.Options);
        lock (Output) Console.Out.WriteLine(json);
    }
}
