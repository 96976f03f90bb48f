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
/// the client's runtime is real and its CPU time is its own. It reads specs (<see cref="WorkerSpec"/>), one JSON line
/// each, from its standard input and runs them one after the other on one client, made for the first: the probes of a
/// capacity search then meet a warm client and its open connection, as a long-lived service's calls do. For each run
/// it prints one JSON line per event (<see cref="WorkerLine"/>): "started" as the load begins, "progress" twice a
/// second, "partial" figures every few seconds, so that a worker that dies still leaves what it measured, then
/// "result", or "error" with the exception's type and message. It ends when its input does, or when it is interrupted.
/// </summary>
public static class Worker
{
    private static readonly object Output = new();

    public static async Task<int> RunAsync(TextReader specs, CancellationToken cancellationToken)
    {
        try
        {
            // A load generator must not wait for the thread pool to grow: at the default minimum (one thread per core)
            // each extra thread takes up to a second to appear, and that delay would show up as latency.
            ThreadPool.SetMinThreads(Math.Max(32, Environment.ProcessorCount * 8), Math.Max(32, Environment.ProcessorCount * 8));
            if (await NextAsync(specs, cancellationToken) is not { } first) return 0;
            await ServeAsync(first, () => NextAsync(specs, cancellationToken), cancellationToken);
            return 0;
        }
        catch (Exception e)
        {
            Print(WorkerLine.Failed($"{e.GetType().FullName}: {e.Message}"));
            Console.Error.WriteLine(e);
            return 1;
        }
    }

    /// <summary>The next spec, or null at the end of the input or once interrupted (a read of standard input cannot be cancelled: it is left behind).</summary>
    private static async Task<WorkerSpec?> NextAsync(TextReader specs, CancellationToken cancellationToken)
    {
        // Console.In reads synchronously whatever the call: on a thread of its own, so that an interrupt is not kept waiting.
        var read = Task.Factory.StartNew(specs.ReadLine, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        await Task.WhenAny(read, Task.Delay(Timeout.Infinite, cancellationToken)).ConfigureAwait(false);
        if (!read.IsCompleted || await read is not { } line) return null;
        return JsonSerializer.Deserialize<WorkerSpec>(line, WorkerJson.Options) ?? throw new InvalidDataException("a line of the input holds no worker spec");
    }

    private static async Task ServeAsync(WorkerSpec first, Func<Task<WorkerSpec?>> next, CancellationToken cancellationToken)
    {
        var url = new Uri(first.TargetUrl);
        var served = JsonSerializer.Serialize(first.Configuration, WorkerJson.Options) + first.TargetUrl;
        int? tcpPort = url.Scheme is "http" or "https" ? url.Port : null;
        async Task EachAsync(Func<LoadShape, IReadOnlyList<LoadScenario>> scenarios, Dictionary<string, string> components)
        {
            for (var spec = first; spec is not null && !cancellationToken.IsCancellationRequested; spec = await next())
            {
                if (JsonSerializer.Serialize(spec.Configuration, WorkerJson.Options) + spec.TargetUrl != served)
                    throw new InvalidDataException("a worker serves the configuration and target of its first spec only; start another for another");
                await MeasureAsync(scenarios(spec.Load), components, spec.Load, tcpPort, cancellationToken);
            }
        }

        switch (first.Configuration.Kind)
        {
            case ConfigurationKind.Grpc:
                await using (var client = BenchClient.Create(new ClientTarget(url, first.CertificatePem), ClientSettingsFor.Configuration(first.Configuration)))
                {
                    var components = StackComponents.Of(typeof(Grpc.Core.Status).Assembly, typeof(Grpc.Core.Channel).Assembly, typeof(Grpc.Net.Client.GrpcChannel).Assembly);
                    // A team's service: its methods are the scenarios, and the story's payload is not made.
                    var service = first.Load.Service is { } serviceLoad ? ServiceSteps.Of(serviceLoad, client) : null;
                    await EachAsync(load => load.Service is null ? ScenarioSteps.Grpc(client, load, first.Configuration)
                        : (service ?? throw new InvalidDataException("a worker calls a team's service only if its first spec names it; start another for another")).Scenarios(load), components);
                }
                break;
            case ConfigurationKind.RawHttp2:
                using (var http = Http2Client.For(url, first.CertificatePem))
                {
                    await EachAsync(load => ScenarioSteps.RawHttp2(http, load), []);
                }
                break;
            default:
                await EachAsync(load => ScenarioSteps.RawTcp(url, load), []);
                break;
        }
    }

    /// <summary>
    /// Runs the scenarios; CPU time counts from the end of the warm-up (set-up, payload and client made before), as the tool counts the host's.
    /// Over TCP, the kernel's byte counts of the connections to the target before and after make the bytes on the wire.
    /// </summary>
    private static async Task MeasureAsync(IReadOnlyList<LoadScenario> scenarios, Dictionary<string, string> components, LoadShape load,
        int? tcpPort, CancellationToken cancellationToken)
    {
        var connectionsBefore = tcpPort is { } port ? TcpConnectionBytes.Read(Environment.ProcessId, port) : null;
        var runtime = RuntimeInformation.FrameworkDescription;
        var cpuAtStart = CpuSeconds();
        var faultsAtStart = ProcessStats.Faults(Environment.ProcessId);
        var knobs = RuntimeKnobsInForce.Read();
        WorkerResult Figures(LoadResult result) => new(runtime, components, CpuSeconds() - Volatile.Read(ref cpuAtStart), result, ProcessStats.PeakRssMiB(Environment.ProcessId), knobs,
            Faults: ProcessStats.Faults(Environment.ProcessId) - Volatile.Read(ref faultsAtStart));
        // The warm-up's calls are not counted: neither is the CPU they took, nor the faults.
        void Measuring()
        {
            Volatile.Write(ref cpuAtStart, CpuSeconds());
            Volatile.Write(ref faultsAtStart, ProcessStats.Faults(Environment.ProcessId));
            Print(WorkerLine.Measuring);
        }

        Print(WorkerLine.Started(runtime));
        var progress = new Progress<LoadProgress>(p => Print(WorkerLine.Of(p)));
        // Figures so far come without each call's point (only the final figures' charts draw them).
        var partial = new Progress<LoadResult>(result => Print(WorkerLine.Partial(Figures(result))));
        // A probe whose miss is certain measures nothing more: its backlog would only drain to the deadline.
        var outcome = await LoadRunner.RunAsync(scenarios, progress, cancellationToken, partial,
            stopWhen: s => (load.StopAtFirstFailure && s.Failed > 0) || load.P99Missed(s), onMeasuring: Measuring);
        var figures = Figures(outcome);
        if (connectionsBefore is not null && TcpConnectionBytes.Read(Environment.ProcessId, tcpPort!.Value) is { } connectionsAfter)
            figures = figures with { ConnectionBytes = TcpConnectionBytes.Between(connectionsBefore, connectionsAfter) };
        Print(WorkerLine.Final(figures));
    }

    private static double CpuSeconds() => Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds;

    private static void Print(WorkerLine line)
    {
        var json = JsonSerializer.Serialize(line, WorkerJson.Options);
        lock (Output) Console.Out.WriteLine(json);
    }
}
