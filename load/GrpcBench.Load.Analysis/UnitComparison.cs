namespace GrpcBench.Load.Analysis;

/// <summary>
/// What one value of a comparison stands for: a repeat of the configuration, a time window of its calls
/// (<see cref="LatencyWindows"/>), or a whole run where the configuration ran once.
/// </summary>
public enum ComparisonUnit { Repeat, Window, Run }

/// <summary>
/// Base against diff over units that are near enough independent for a test to mean what it says, in the manner of
/// dotnet/performance's ResultsComparer (it tests per-iteration values, never per-operation ones): a run's single
/// calls queue behind one another, so thousands of them are worth far fewer independent values, and a test over them
/// calls differences that are not there.
/// </summary>
/// <param name="Test">The capacity table's test (<see cref="Statistics.Compare"/>) over the units; null where either
/// side has fewer than <see cref="MinimumPerSide"/>: too few to decide.</param>
/// <param name="RatioInterval">median(diff units) / median(base units) with its interval; null with no test, or where a
/// unit is not positive.</param>
public sealed record UnitComparison(ComparisonUnit Unit, int BaseCount, int DiffCount, Comparison? Test, Interval? RatioInterval)
{
    public const int MinimumPerSide = 3;

    public bool TooFewToDecide => Test is null;

    /// <param name="threshold">Relative, e.g. 0.1: a difference within ±10 % is "same".</param>
    /// <param name="higherIsBetter">Capacity: a higher diff is faster; latency and cost: a lower one.</param>
    public static UnitComparison Of(ComparisonUnit unit, IReadOnlyList<double> baseUnits, IReadOnlyList<double> diffUnits, double threshold, bool higherIsBetter)
    {
        if (Math.Min(baseUnits.Count, diffUnits.Count) < MinimumPerSide)
            return new UnitComparison(unit, baseUnits.Count, diffUnits.Count, null, null);
        var test = Statistics.Compare(baseUnits, diffUnits, threshold, higherIsBetter);
        var positive = baseUnits.Concat(diffUnits).All(v => v > 0);
        return new UnitComparison(unit, baseUnits.Count, diffUnits.Count, test, positive ? Statistics.RatioInterval(baseUnits, diffUnits) : null);
    }
}
