namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// The value axis of a bar chart: linear from zero, or logarithmic by decades when the values span more than
/// <see cref="LogScaleSpan"/> times (latencies run from milliseconds to seconds, and on a linear axis the small
/// ones would be invisible).
/// </summary>
public sealed record ChartAxis(double Min, double Max, bool IsLog, IReadOnlyList<double> Ticks)
{
    public const double LogScaleSpan = 50;

    public static ChartAxis For(IEnumerable<double> values)
    {
        var positive = values.Where(v => double.IsFinite(v) && v > 0).ToList();
        if (positive.Count == 0) return Linear(1);
        var (min, max) = (positive.Min(), positive.Max());
        return max / min > LogScaleSpan ? Log(min, max) : Linear(max);
    }

    /// <summary>Where <paramref name="value"/> falls, from 0 (the axis start) to 1 (its end), clamped.</summary>
    public double Position(double value)
    {
        if (!double.IsFinite(value)) return 0;
        var position = IsLog
            ? value <= 0 ? 0 : (Math.Log10(value) - Math.Log10(Min)) / (Math.Log10(Max) - Math.Log10(Min))
            : (value - Min) / (Max - Min);
        return Math.Clamp(position, 0, 1);
    }

    private static ChartAxis Linear(double max)
    {
        var step = NiceStep(max / 5);
        var end = Math.Ceiling(max / step) * step;
        var ticks = Enumerable.Range(0, (int)Math.Round(end / step) + 1).Select(i => i * step).ToList();
        return new ChartAxis(0, end, false, ticks);
    }

    private static ChartAxis Log(double min, double max)
    {
        var first = (int)Math.Floor(Math.Log10(min));
        var last = Math.Max(first + 1, (int)Math.Ceiling(Math.Log10(max)));
        var ticks = Enumerable.Range(first, last - first + 1).Select(e => Math.Pow(10, e)).ToList();
        return new ChartAxis(ticks[0], ticks[^1], true, ticks);
    }

    /// <summary>1, 2 or 5 times a power of ten, at least <paramref name="rough"/>.</summary>
    private static double NiceStep(double rough)
    {
        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        return new[] { 1, 2, 5, 10 }.Select(m => m * magnitude).First(step => step >= rough * (1 - 1e-9));
    }
}
