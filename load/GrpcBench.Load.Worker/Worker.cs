using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text.Json;
using GrpcBench.Clients;
using GrpcBench.Hosting;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Worker;

/// <summary>
/// The process that makes the calls: the tool starts one per configuration, on the client runtime asked for, so that
/// the client's runtime is real and its CPU time is its own. It prints one JSON line per event (<see cref="WorkerLine"/>):
/// "started" as the load begins, "progress" twice a second, "partial" figures every few seconds, so that a worker that
/// dies still leaves what it measured, then "result", or "error" with the exception's type and message.
/// </summary>
public static class Worker
{
    private static readonly object Output = new();

    public static async Task<int> RunAsync(string specFile, CancellationToken cancellationToken)
    {
        try
        {
            var spec = JsonSerializer.Deserialize<WorkerSpec>(await File.ReadAllTextAsync(specFile, cancellationToken), WorkerJson.Options)
                ?? throw new InvalidDataException($"{specFile} holds no worker spec");
            await RunAsync(spec, cancellationToken);
            return 0;
        }
        catch (Exception e)
        {
            Print(WorkerLine.Failed($"{e.GetType().FullName}: {e.Message}"));
            Console.Error.WriteLine(e);
            return 1;
        }
    }

    private static async Task RunAsync(WorkerSpec spec, CancellationToken cancellationToken)
    {
        // A load generator must not wait for the thread pool to grow: at the default minimum (one thread per core)
        // each extra thread takes up to a second to appear, and that delay would show up as latency.
        ThreadPool.SetMinThreads(Math.Max(32, Environment.ProcessorCount * 8), Math.Max(32, Environment.ProcessorCount * 8));

        var url = new Uri(spec.TargetUrl);
        switch (spec.Configuration.Kind)
        {
            case ConfigurationKind.Grpc:
                await using (var client = BenchClient.Create(new ClientTarget(url, spec.CertificatePem), ClientSettingsFor.Configuration(spec.Configuration)))
                {
                    var components = StackComponents.Of(typeof(Grpc.Core.Status).Assembly, typeof(Grpc.Core.Channel).Assembly, typeof(Grpc.Net.Client.GrpcChannel).Assembly);
                    await MeasureAsync(ScenarioSteps.Grpc(client, spec.Load, spec.Configuration), components, spec.Load.StopAtFirstFailure, cancellationToken);
                }
                break;
            case ConfigurationKind.RawHttp2:
                using (var http = Http2Client.For(url, spec.CertificatePem))
                {
                    await MeasureAsync(ScenarioSteps.RawHttp2(http, spec.Load), [], spec.Load.StopAtFirstFailure, cancellationToken);
                }
                break;
            default:
                await MeasureAsync(ScenarioSteps.RawTcp(url, spec.Load), [], spec.Load.StopAtFirstFailure, cancellationToken);
                break;
        }
    }

    /// <summary>Runs the scenarios; CPU time counts from here (set-up, payload and client made), as the tool counts the host's.</summary>
    private static async Task MeasureAsync(IReadOnlyList<LoadScenario> scenarios, Dictionary<string, string> components, bool stopAtFirstFailure,
        CancellationToken cancellationToken)
    {
        // Not disposed: a progress report still queued when the run ends may yet cancel it (to no effect).
        var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var runtime = RuntimeInformation.FrameworkDescription;
        var cpuAtStart = CpuSeconds();
        WorkerResult Figures(LoadResult load) => new(runtime, components, CpuSeconds() - cpuAtStart, load, ProcessStats.PeakRssMiB(Environment.ProcessId));

        Print(WorkerLine.Started(runtime));
        var progress = new Progress<LoadProgress>(p =>
        {
            Print(WorkerLine.Of(p));
            if (stopAtFirstFailure && p.Scenarios.Any(s => s.Failed > 0)) stop.Cancel();
        });
        // Figures so far without each call's point: every 5 s, up to 20,000 points a scenario would be a lot to print
        // for what only the final figures' charts draw.
        var partial = new Progress<LoadResult>(load =>
            Print(WorkerLine.Partial(Figures(load with { Scenarios = [.. load.Scenarios.Select(s => s with { Calls = null })] }))));
        var result = await LoadRunner.RunAsync(scenarios, progress, stop.Token, partial);
        Print(WorkerLine.Final(Figures(result)));
    }

    private static double CpuSeconds() => Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds;

    private static void Print(WorkerLine line)
    {
        var json = JsonSerializer.Serialize(line, WorkerJson.Options);
        lock (Output) Console.Out.WriteLine(json);
    }
}
