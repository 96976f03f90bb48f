using System.Diagnostics.Tracing;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;
using Microsoft.Diagnostics.Tracing.Parsers;

namespace GrpcBench.Profiling;

/// <summary>A component's samples and their share of the samples of their kind, in percent.</summary>
public sealed record ComponentShare(string Component, int Samples, double Percent);

/// <summary>A method and the samples whose innermost frame it is.</summary>
public sealed record MethodSamples(string Method, string Module, string Component, int Samples, double Percent);

/// <summary>The profile of a process refused: not running, or not a .NET process with a diagnostics endpoint.</summary>
public sealed class HostProfileException(string message, Exception? inner = null) : Exception(message, inner);

/// <summary>
/// Where a .NET process's CPU goes, from EventPipe's sample profiler (every managed thread about once a
/// millisecond). <see cref="Cpu"/> holds the samples of threads running managed code, the CPU the host
/// spends in .NET; <see cref="NativeOrWaiting"/> those of threads in native code, which the sample profiler
/// cannot tell apart from waiting (a socket's epoll wait, an idle thread pool thread, a P/Invoke into C-core all
/// look the same). Threads the runtime never saw (C-core's own threads) are not sampled at all.
/// <see cref="Cpu"/> gives each sample to one component (<see cref="Components"/>) and adds to 100 %;
/// <see cref="CpuInclusive"/> counts a sample for every component anywhere on its stack (a lock Kestrel waits on
/// counts for the thread pool in the first, for Kestrel too in the second), so it does not add to 100 %.
/// <see cref="SampleIntervalMs"/> is the sampler's actual period (it slows down on a busy CPU), so that samples
/// convert to thread time: a component's samples x the period is the time threads spent in it.
/// </summary>
public sealed record HostCpuProfile(
    int Pid,
    double DurationSeconds,
    int CpuSamples,
    IReadOnlyList<ComponentShare> Cpu,
    IReadOnlyList<ComponentShare> CpuInclusive,
    IReadOnlyList<MethodSamples> TopMethods,
    int NativeOrWaitingSamples,
    IReadOnlyList<ComponentShare> NativeOrWaiting,
    double? SampleIntervalMs = null)
{
    public const string SampleProfiler = "Microsoft-DotNETCore-SampleProfiler";
    public const string Runtime = "Microsoft-Windows-DotNETRuntime";

    // What dotnet-trace's cpu-sampling profile asks of the runtime provider: Loader, Jit, NGen/R2R, Stack and
    // the rest of ClrTraceEventParser.Keywords.Default, enough for TraceLog to name every managed frame.
    private const long RuntimeKeywords = (long)ClrTraceEventParser.Keywords.Default;

    // The values the runtime writes as the sample event's payload (ep-sample-profiler).
    private const int ExternalSample = 1;
    private const int ManagedSample = 2;

    public static readonly JsonSerializerOptions Json = new() { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

    public string ToJson() => JsonSerializer.Serialize(this, Json);

    /// <summary>
    /// Profiles process <paramref name="pid"/> for <paramref name="duration"/>: an EventPipe session with the sample
    /// profiler and rundown, written to a temporary nettrace file, then read with TraceLog and summarised.
    /// </summary>
    public static async Task<HostCpuProfile> CollectAsync(int pid, TimeSpan duration, CancellationToken cancellationToken = default, int topMethods = 20)
    {
        var trace = Path.Combine(Path.GetTempPath(), $"grpcbench-profile-{pid}-{Guid.NewGuid():N}.nettrace");
        try
        {
            await RecordAsync(pid, duration, trace, cancellationToken);
            return Summarise(trace, pid, duration, topMethods);
        }
        finally
        {
            File.Delete(trace);
            File.Delete(Path.ChangeExtension(trace, ".etlx"));
        }
    }

    /// <summary>Writes an EventPipe trace of <paramref name="pid"/> to <paramref name="nettrace"/>.</summary>
    public static async Task RecordAsync(int pid, TimeSpan duration, string nettrace, CancellationToken cancellationToken = default)
    {
        var providers = new[]
        {
            new EventPipeProvider(SampleProfiler, EventLevel.Informational),
            new EventPipeProvider(Runtime, EventLevel.Informational, RuntimeKeywords),
        };
        EventPipeSession session;
        try
        {
            session = await new DiagnosticsClient(pid).StartEventPipeSessionAsync(providers, requestRundown: true, circularBufferMB: 256, cancellationToken);
        }
        catch (Exception e) when (e is ServerNotAvailableException or UnsupportedCommandException or ServerErrorException or IOException
                                       or TimeoutException or ArgumentException or InvalidOperationException)
        {
            throw new HostProfileException($"cannot profile process {pid}: it is not a running .NET process with a diagnostics endpoint ({e.Message})", e);
        }

        using (session)
        {
            await using var file = File.Create(nettrace);
            var copy = session.EventStream.CopyToAsync(file, CancellationToken.None);
            try
            {
                await Task.Delay(duration, cancellationToken);
            }
            finally
            {
                // Stopping makes the runtime write the rundown (the names of the methods) and close the stream.
                try { await session.StopAsync(CancellationToken.None); }
                catch (ServerNotAvailableException) { }
                await copy;
            }
        }
    }

    /// <summary>Reads a nettrace file and attributes its samples to components (<see cref="Components"/>).</summary>
    public static HostCpuProfile Summarise(string nettrace, int pid, TimeSpan duration, int topMethods = 20)
    {
        var etlx = TraceLog.CreateFromEventPipeDataFile(nettrace, Path.ChangeExtension(nettrace, ".etlx"));
        using var log = new TraceLog(etlx);

        var cpu = new Dictionary<string, int>();
        var inclusive = new Dictionary<string, int>();
        var native = new Dictionary<string, int>();
        var methods = new Dictionary<(string Method, string Module, string Component), int>();
        int cpuSamples = 0, nativeSamples = 0;
        var frames = new List<(string Module, string Method)>();
        var perThread = new Dictionary<int, int>();
        double first = double.NaN, last = double.NaN;

        foreach (var sample in log.Events)
        {
            if (sample.ProviderName != SampleProfiler || sample.EventDataLength < 4) continue;
            var type = BitConverter.ToInt32(sample.EventData(), 0);
            if (type is not (ManagedSample or ExternalSample)) continue;
            perThread[sample.ThreadID] = perThread.GetValueOrDefault(sample.ThreadID) + 1;
            if (double.IsNaN(first)) first = sample.TimeStampRelativeMSec;
            last = sample.TimeStampRelativeMSec;

            frames.Clear();
            for (var frame = sample.CallStack(); frame is not null; frame = frame.Caller)
                frames.Add((frame.CodeAddress.ModuleName ?? "", frame.CodeAddress.FullMethodName ?? ""));
            var component = Components.OfStack(frames);

            if (type == ManagedSample)
            {
                cpuSamples++;
                cpu[component] = cpu.GetValueOrDefault(component) + 1;
                foreach (var onStack in frames.Select(f => Components.Of(f.Module, f.Method)).OfType<string>().Distinct())
                    inclusive[onStack] = inclusive.GetValueOrDefault(onStack) + 1;
                var (module, method) = frames.Count > 0 ? frames[0] : ("", "");
                var key = (method.Length > 0 ? method : Unresolved(frames), module, component);
                methods[key] = methods.GetValueOrDefault(key) + 1;
            }
            else
            {
                nativeSamples++;
                native[component] = native.GetValueOrDefault(component) + 1;
            }
        }

        return new HostCpuProfile(pid, duration.TotalSeconds, cpuSamples, Shares(cpu, cpuSamples), Shares(inclusive, cpuSamples),
            methods.OrderByDescending(m => m.Value).Take(topMethods)
                .Select(m => new MethodSamples(m.Key.Method, m.Key.Module, m.Key.Component, m.Value, Percent(m.Value, cpuSamples))).ToList(),
            nativeSamples, Shares(native, nativeSamples), SamplingPeriod(perThread, last - first));
    }

    // Every pass of the sampler takes one sample of each thread: the thread sampled most often was there for every pass.
    private static double? SamplingPeriod(Dictionary<int, int> perThread, double spanMs)
    {
        var passes = perThread.Count == 0 ? 0 : perThread.Values.Max();
        return passes > 1 && spanMs > 0 ? spanMs / (passes - 1) : null;
    }

    // A frame with no name is native code the trace cannot name (a P/Invoke stub, the runtime itself); its
    // nearest named caller says what it was doing.
    private static string Unresolved(List<(string Module, string Method)> frames) =>
        frames.FirstOrDefault(f => f.Method.Length > 0) is { Method.Length: > 0 } caller ? $"? (unnamed, called from {caller.Method})" : "?";

    private static List<ComponentShare> Shares(Dictionary<string, int> counts, int total) =>
        counts.OrderByDescending(c => c.Value).Select(c => new ComponentShare(c.Key, c.Value, Percent(c.Value, total))).ToList();

    private static double Percent(int part, int total) => total == 0 ? 0 : 100.0 * part / total;

    /// <summary>The component table as Markdown.</summary>
    public string ToMarkdown()
    {
        var lines = new List<string>
        {
            $"{CpuSamples} samples of threads running managed code (CPU), {NativeOrWaitingSamples} in native code or waiting, over {DurationSeconds:0.#} s"
            + (SampleIntervalMs is { } period ? $", a pass every {period:0.##} ms" : ""),
            "",
            "| component | CPU samples | share | on the stack of |",
            "|---|---:|---:|---:|",
        };
        foreach (var name in Cpu.Select(c => c.Component).Union(CpuInclusive.Select(c => c.Component)))
        {
            var own = Cpu.FirstOrDefault(c => c.Component == name);
            var anywhere = CpuInclusive.FirstOrDefault(c => c.Component == name);
            lines.Add($"| {name} | {own?.Samples ?? 0} | {own?.Percent ?? 0:0.0} % | {anywhere?.Percent ?? 0:0.0} % |");
        }
        lines.Add("");
        lines.Add("| top method (exclusive) | component | samples | share |");
        lines.Add("|---|---|---:|---:|");
        lines.AddRange(TopMethods.Select(m => $"| `{m.Method}` | {m.Component} | {m.Samples} | {m.Percent:0.0} % |"));
        lines.Add("");
        lines.Add("| component (native or waiting) | samples | share |");
        lines.Add("|---|---:|---:|");
        lines.AddRange(NativeOrWaiting.Select(c => $"| {c.Component} | {c.Samples} | {c.Percent:0.0} % |"));
        return string.Join('\n', lines);
    }
}
