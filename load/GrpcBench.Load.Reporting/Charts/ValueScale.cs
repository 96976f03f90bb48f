using ScottPlot;
using ScottPlot.TickGenerators;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// A value axis: linear, or logarithmic when the values span more than <see cref="LogSpan"/> times (latencies run from
/// milliseconds to seconds, and on a linear axis the small ones would vanish). ScottPlot has no log axis: values
/// are plotted as their log10 and the ticks labelled with the value.
/// </summary>
public sealed class ValueScale
{
    public const double LogSpan = 30;

    private ValueScale(bool isLog, double min) => (IsLog, Min) = (isLog, min);

    public bool IsLog { get; }

    /// <summary>The smallest positive value, or 1 when there is none.</summary>
    public double Min { get; }

    /// <param name="linear">Linear whatever the span: where the values are parts of one another (a cost and what of it is page faults).</param>
    public static ValueScale For(IEnumerable<double> values, bool linear = false)
    {
        var positive = values.Where(v => double.IsFinite(v) && v > 0).ToList();
        if (positive.Count == 0) return new ValueScale(false, 1);
        var (min, max) = (positive.Min(), positive.Max());
        return new ValueScale(!linear && max / min > LogSpan, min);
    }

    /// <summary>Where the value is drawn; on a log axis a value at or below zero is drawn at the axis start.</summary>
    public double ToAxis(double value) => !IsLog ? value : Math.Log10(value > 0 ? value : Min);

    /// <summary>Where bars start: zero, or the decade below the smallest value (below 1 for 1, so that its bar shows).</summary>
    public double BarBase => IsLog ? Math.Ceiling(Math.Log10(Min)) - 1 : 0;

    public string Caption(string caption) => IsLog ? caption + " (log scale)" : caption;

    public void Apply(IAxis axis, string caption)
    {
        axis.Label.Text = Caption(caption);
        if (IsLog)
        {
            axis.TickGenerator = new NumericAutomatic
            {
                MinorTickGenerator = new LogMinorTickGenerator(),
                IntegerTicksOnly = true,
                LabelFormatter = power => Numbers.Tick(Math.Pow(10, power)),
            };
        }
        else
        {
            axis.TickGenerator = new NumericAutomatic { LabelFormatter = Numbers.Tick };
        }
    }
}
