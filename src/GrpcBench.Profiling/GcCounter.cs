using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers;

namespace GrpcBench.Profiling;

/// <summary>
/// Counts a running .NET process's garbage collections from outside, as they happen: an EventPipe session with the
/// runtime's GC events only, read live, for a process that does not report its own (the hosts). The counts are
/// GC.CollectionCount's, generations 0, 1 and 2 (a collection of generation 2 counts for 0 and 1 too), since the
/// counter started.
/// </summary>
public sealed class GcCounter : IAsyncDisposable
{
    private readonly EventPipeSession _session;
    private readonly int[] _counts = new int[3];
    private readonly Task _reading;

    private GcCounter(EventPipeSession session)
    {
        _session = session;
        _reading = Task.Factory.StartNew(Read, TaskCreationOptions.LongRunning);
    }

    public int Pid { get; private init; }

    /// <summary>Generations 0, 1 and 2 collected since the counter started.</summary>
    public IReadOnlyList<int> Counts { get { lock (_counts) return [.. _counts]; } }

    public static async Task<GcCounter> StartAsync(int pid, CancellationToken cancellationToken = default)
    {
        var providers = new[] { new EventPipeProvider(HostCpuProfile.Runtime, EventLevel.Informational, (long)ClrTraceEventParser.Keywords.GC) };
        try
        {
            var session = await new DiagnosticsClient(pid).StartEventPipeSessionAsync(providers, requestRundown: false, circularBufferMB: 16, cancellationToken);
            return new GcCounter(session) { Pid = pid };
        }
        catch (Exception e) when (e is ServerNotAvailableException or UnsupportedCommandException or ServerErrorException or IOException
                                       or TimeoutException or ArgumentException or InvalidOperationException)
        {
            throw new HostProfileException($"cannot count the GCs of process {pid}: it is not a running .NET process with a diagnostics endpoint ({e.Message})", e);
        }
    }

    private void Read()
    {
        try
        {
            using var source = new EventPipeEventSource(_session.EventStream);
            source.Clr.GCStart += gc =>
            {
                lock (_counts)
                    for (var generation = 0; generation <= Math.Min(gc.Depth, 2); generation++) _counts[generation]++;
            };
            source.Process();
        }
        catch (Exception e) when (e is IOException or EndOfStreamException or ObjectDisposedException or FormatException or InvalidOperationException)
        {
            // The process ended or the session was stopped mid-block: the counts so far stand.
        }
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            await _session.StopAsync(CancellationToken.None);
        }
        catch (Exception e) when (e is ServerNotAvailableException or ServerErrorException or IOException or TimeoutException)
        {
            // The process is gone; its stream has ended with it.
        }
        await _reading.WaitAsync(TimeSpan.FromSeconds(5)).ContinueWith(_ => { }, TaskScheduler.Default);
        _session.Dispose();
    }
}
