namespace GrpcBench.Load.Engine;

/// <summary>Every measured start and outcome of one scenario, kept whole for exact order statistics.</summary>
/// <param name="measuredStart">When the measured phases begin on the run's clock: the zero of the call timeline.</param>
/// <param name="slowAfter">
/// Successful calls later than this are counted as slow, and so are calls still in flight beyond it (they can only end
/// later); null counts none.
/// </param>
internal sealed class ScenarioRecorder(TimeSpan measuredStart, TimeSpan? slowAfter = null)
{
    private readonly object _gate = new();
    private readonly List<CallPoint> _calls = new();
    private readonly List<double> _okMs = new();
    private readonly List<double> _failMs = new();
    private readonly List<double> _startLagMs = new();
    private readonly List<TimeSpan> _scheduledStarts = new();
    private readonly Dictionary<string, long> _failsByCode = new();
    private readonly Dictionary<string, List<double>> _measures = new();
    private long _slow;
    private long _bytesSent;
    private long _bytesReceived;
    private TimeSpan _firstScheduledStart;
    private TimeSpan _lastStart;

    public void Started(TimeSpan scheduled, TimeSpan actual)
    {
        lock (_gate)
        {
            if (_startLagMs.Count == 0) _firstScheduledStart = scheduled;
            _lastStart = actual;
            _startLagMs.Add((actual - scheduled).TotalMilliseconds);
            if (slowAfter is not null) _scheduledStarts.Add(scheduled);
        }
    }

    public void Completed(StepResult result, TimeSpan scheduledStart, TimeSpan latency)
    {
        lock (_gate)
        {
            _calls.Add(new CallPoint((scheduledStart - measuredStart).TotalSeconds, latency.TotalMilliseconds, result.FailCode is null));
            _bytesSent += result.BytesSent;
            _bytesReceived += result.BytesReceived;
            if (result.FailCode is not { } code)
            {
                _okMs.Add(latency.TotalMilliseconds);
                if (latency > slowAfter) _slow++;
                foreach (var measure in result.Measures)
                {
                    if (!_measures.TryGetValue(measure.Key, out var samples)) _measures[measure.Key] = samples = new List<double>();
                    samples.Add(measure.Value);
                }
                return;
            }

            _failMs.Add(latency.TotalMilliseconds);
            _failsByCode[code] = _failsByCode.TryGetValue(code, out var count) ? count + 1 : 1;
        }
    }

    /// <param name="now">The run's clock: calls started more than the bound before it and not ended yet count as slow.</param>
    public (long Ok, long Failed, long Slow) Counts(TimeSpan now)
    {
        lock (_gate) return (_okMs.Count, _failMs.Count, _slow + Overdue(now));
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
        return Math.Max(0, startedBefore - _okMs.Count - _failMs.Count);
    }

    public ScenarioStats Stats(string name, TimeSpan duration, double askedInjectionRate, long invocations)
    {
        lock (_gate)
        {
            var startSpan = (_lastStart - _firstScheduledStart).TotalSeconds;
            var startLag = LatencyStats.Of(_startLagMs);
            return new(name, _okMs.Count, _failMs.Count, new SortedDictionary<string, long>(_failsByCode, StringComparer.Ordinal),
                duration.TotalSeconds, askedInjectionRate, startSpan > 0 ? (_startLagMs.Count - 1) / startSpan : 0, startLag.Max, startLag.P99,
                _bytesSent, _bytesReceived, LatencyStats.Of(_okMs), LatencyStats.Of(_failMs),
                _measures.Count == 0 ? null : new SortedDictionary<string, LatencyStats>(_measures.ToDictionary(m => m.Key, m => LatencyStats.Of(m.Value)), StringComparer.Ordinal),
                invocations, CallTimeline.Sampled(_calls));
        }
    }
}
