using System.Collections.Concurrent;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>
/// Every measured start and outcome of one scenario. Latencies, start lags and measures go into
/// <see cref="ValueHistogram"/>s, which are read while calls go on; each call's point is kept too, for the final
/// result's timeline. A snapshot never holds up a call's completion: the lock that completion takes guards appends and a
/// few counts only, and a snapshot holds it for no more than copying those.
/// </summary>
/// <param name="measuredStart">When the measured phases begin on the run's clock: the zero of the call timeline.</param>
/// <param name="slowAfter">
/// Successful calls later than this are counted as slow, and so are calls still in flight beyond it (they can only end
/// later); null counts none.
/// </param>
internal sealed class ScenarioRecorder(TimeSpan measuredStart, TimeSpan? slowAfter = null)
{
    private readonly object _gate = new();
    private readonly List<CallPoint> _calls = new();
    private readonly List<TimeSpan> _scheduledStarts = new();
    private readonly Dictionary<string, long> _failsByCode = new();
    private readonly ValueHistogram _okMs = ValueHistogram.OfLatencyMs();
    private readonly ValueHistogram _failMs = ValueHistogram.OfLatencyMs();
    private readonly ValueHistogram _startLagMs = ValueHistogram.OfLatencyMs();
    private readonly ConcurrentDictionary<string, ValueHistogram> _measures = new();
    private long _ok;
    private long _failed;
    private long _slow;
    private long _bytesSent;
    private long _bytesReceived;
    private long _starts;
    private TimeSpan _firstScheduledStart;
    private TimeSpan _lastStart;

    public void Started(TimeSpan scheduled, TimeSpan actual)
    {
        lock (_gate)
        {
            if (_starts++ == 0) _firstScheduledStart = scheduled;
            _lastStart = actual;
            if (slowAfter is not null) _scheduledStarts.Add(scheduled);
        }
        _startLagMs.Record((actual - scheduled).TotalMilliseconds);
    }

    public void Completed(StepResult result, TimeSpan scheduledStart, TimeSpan latency)
    {
        if (result.FailCode is null)
        {
            _okMs.Record(latency.TotalMilliseconds);
            foreach (var measure in result.Measures) _measures.GetOrAdd(measure.Key, _ => ValueHistogram.OfMeasure()).Record(measure.Value);
        }
        else _failMs.Record(latency.TotalMilliseconds);

        lock (_gate)
        {
            _calls.Add(new CallPoint((scheduledStart - measuredStart).TotalSeconds, latency.TotalMilliseconds, result.FailCode is null));
            _bytesSent += result.BytesSent;
            _bytesReceived += result.BytesReceived;
            if (result.FailCode is not { } code)
            {
                _ok++;
                if (latency > slowAfter) _slow++;
                return;
            }

            _failed++;
            _failsByCode[code] = _failsByCode.TryGetValue(code, out var count) ? count + 1 : 1;
        }
    }

    /// <param name="now">The run's clock: calls started more than the bound before it and not ended yet count as slow.</param>
    public (long Ok, long Failed, long Slow) Counts(TimeSpan now)
    {
        lock (_gate) return (_ok, _failed, _slow + Overdue(now));
    }

    /// <summary>
    /// A lower bound of the calls in flight beyond the bound: those started that long ago, less every call ended (some of
    /// which started later). An overloaded host that ends no call at all is then a miss within the bound, not at the deadline.
    /// </summary>
    private long Overdue(TimeSpan now)
    {
        if (slowAfter is not { } bound || _scheduledStarts.Count == 0) return 0;
        // Injected in the order of their schedule, so sorted (closed-model copies add none).
        var startedBefore = _scheduledStarts.BinarySearch(now - bound);
        if (startedBefore < 0) startedBefore = ~startedBefore;
        return Math.Max(0, startedBefore - _ok - _failed);
    }

    /// <summary>The final figures, with every call's point (thinned to <see cref="CallTimeline.MaxPoints"/>).</summary>
    public ScenarioStats Stats(string name, TimeSpan duration, double askedInjectionRate, long invocations)
    {
        CallPoint[] calls;
        lock (_gate) calls = [.. _calls];
        return Snapshot(name, duration, askedInjectionRate, invocations) with { Calls = CallTimeline.Sampled(calls) };
    }

    /// <summary>The figures so far, without the calls' points: read from the histograms, whatever the number of calls.</summary>
    public ScenarioStats Snapshot(string name, TimeSpan duration, double askedInjectionRate, long invocations)
    {
        long ok, failed, starts, bytesSent, bytesReceived;
        TimeSpan startSpan;
        SortedDictionary<string, long> failsByCode;
        lock (_gate)
        {
            (ok, failed, starts, bytesSent, bytesReceived) = (_ok, _failed, _starts, _bytesSent, _bytesReceived);
            startSpan = _lastStart - _firstScheduledStart;
            failsByCode = new SortedDictionary<string, long>(_failsByCode, StringComparer.Ordinal);
        }

        var startLag = _startLagMs.Read();
        var measures = _measures.IsEmpty ? null
            : new SortedDictionary<string, LatencyStats>(_measures.ToDictionary(m => m.Key, m => m.Value.Read()), StringComparer.Ordinal);
        return new(name, ok, failed, failsByCode, duration.TotalSeconds, askedInjectionRate,
            startSpan > TimeSpan.Zero ? (starts - 1) / startSpan.TotalSeconds : 0, startLag.Max, startLag.P99,
            bytesSent, bytesReceived, _okMs.Read(), _failMs.Read(), measures, invocations);
    }
}
