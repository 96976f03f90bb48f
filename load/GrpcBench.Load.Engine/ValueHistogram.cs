using GrpcBench.Load.Results;
using HdrHistogram;

namespace GrpcBench.Load.Engine;

/// <summary>
/// Values recorded from any number of threads into an HdrHistogram of 3 significant digits, in bounded memory, and
/// read at any time while they are recorded. Recording never takes a lock nor waits for a reader; a read swaps the
/// recorder's interval histogram, adds it to the total so far and walks that total's buckets, whatever the number of
/// values. Min, max and mean are exact (to the unit); percentiles and the standard deviation are within 0.1 %.
/// </summary>
internal sealed class ValueHistogram
{
    private const int SignificantDigits = 3;

    private readonly double _unitsPerValue;
    private readonly long _highestUnits;
    private readonly Recorder _recorder;
    private readonly LongHistogram _total;
    private readonly object _readGate = new();
    private HistogramBase? _interval;
    private long _minUnits = long.MaxValue;
    private long _maxUnits = long.MinValue;
    private long _sumUnits;

    /// <param name="unitsPerValue">The resolution: a value is recorded as a whole number of units, this many to 1.</param>
    /// <param name="highest">Values above it are recorded as it, values below 0 as 0.</param>
    private ValueHistogram(double unitsPerValue, double highest)
    {
        _unitsPerValue = unitsPerValue;
        _highestUnits = (long)Math.Ceiling(highest * unitsPerValue);
        _recorder = new Recorder(1, _highestUnits, SignificantDigits, (id, lowest, highestUnits, digits) => new LongConcurrentHistogram(id, lowest, highestUnits, digits));
        _total = new LongHistogram(1, _highestUnits, SignificantDigits);
    }

    /// <summary>Latencies in milliseconds, to the tick of a <see cref="TimeSpan"/> (100 ns), up to an hour.</summary>
    public static ValueHistogram OfLatencyMs() => new(TimeSpan.TicksPerMillisecond, TimeSpan.FromHours(1).TotalMilliseconds);

    /// <summary>A step's other measures, in their own units: to the thousandth, up to a million million.</summary>
    public static ValueHistogram OfMeasure() => new(1000, 1e12);

    public void Record(double value)
    {
        var units = Math.Clamp((long)Math.Round(value * _unitsPerValue), 0, _highestUnits);
        // In this order, and read in the reverse: every value counted is within min and max, and every value summed is counted.
        for (var min = Volatile.Read(ref _minUnits); units < min; min = Volatile.Read(ref _minUnits))
            if (Interlocked.CompareExchange(ref _minUnits, units, min) == min) break;
        for (var max = Volatile.Read(ref _maxUnits); units > max; max = Volatile.Read(ref _maxUnits))
            if (Interlocked.CompareExchange(ref _maxUnits, units, max) == max) break;
        _recorder.RecordValue(units);
        Interlocked.Add(ref _sumUnits, units);
    }

    /// <summary>
    /// The figures of every value recorded so far. Percentiles are nearest rank, as <see cref="LatencyStats.Of"/>'s: the
    /// top of the bucket that holds the ranked value (never below it), capped at the exact max. A read as values are
    /// recorded may count a value in one figure and not yet in another.
    /// </summary>
    public LatencyStats Read()
    {
        lock (_readGate)
        {
            var sumUnits = Interlocked.Read(ref _sumUnits);
            _interval = _recorder.GetIntervalHistogram(_interval);
            _total.Add(_interval);
            var count = _total.TotalCount;
            if (count == 0) return LatencyStats.Empty;
            var maxUnits = Interlocked.Read(ref _maxUnits);
            double Percentile(double percent) => Math.Min(UnitsAtRank(LatencyStats.NearestRank(percent, count)), maxUnits) / _unitsPerValue;
            return new((int)count, Interlocked.Read(ref _minUnits) / _unitsPerValue, (double)sumUnits / count / _unitsPerValue, maxUnits / _unitsPerValue,
                _total.GetStdDeviation() / _unitsPerValue, Percentile(50), Percentile(75), Percentile(95), Percentile(99), Percentile(99.9), Percentile(90));
        }
    }

    private long UnitsAtRank(long rank)
    {
        foreach (var bucket in _total.RecordedValues())
            if (bucket.TotalCountToThisValue >= rank) return _total.HighestEquivalentValue(bucket.ValueIteratedTo);
        throw new InvalidOperationException($"rank {rank} beyond the {_total.TotalCount} values recorded");
    }
}
