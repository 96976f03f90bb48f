namespace GrpcBench.Load.Reporting.Charts;

/// <summary>One row of a chart: a label and one value per series.</summary>
/// <param name="Values">One per series; null where there is no figure, drawn as its <paramref name="Gaps"/> text or "n/a".</param>
/// <param name="Note">Drawn instead of the bars: why there are none, e.g. "failed: the host exited".</param>
/// <param name="Gaps">Per series, why its value is null, e.g. "n < 100"; null for "n/a".</param>
public sealed record ChartRow(string Label, IReadOnlyList<double?> Values, string? Note = null, IReadOnlyList<string?>? Gaps = null)
{
    public string GapText(int series) => Gaps is not null && series < Gaps.Count && Gaps[series] is { } gap ? gap : "n/a";
}

/// <summary>A grouped horizontal bar chart: one group of bars per row, one bar per series.</summary>
/// <param name="FormatValue">The label written at the end of each bar, e.g. "4,387 ms" or "x7.3".</param>
/// <param name="AxisCaption">Under the value axis, e.g. "p99 latency of successful calls, ms".</param>
/// <param name="ReferenceLine">A value marked across the plot (1.0 on a ratio chart), named in the legend by <paramref name="ReferenceLabel"/>.</param>
/// <param name="Colors">One per series, as "#rrggbb".</param>
public sealed record BarChart(
    string Title,
    IReadOnlyList<string> Series,
    IReadOnlyList<string> Colors,
    IReadOnlyList<ChartRow> Rows,
    Func<double, string> FormatValue,
    string AxisCaption,
    double? ReferenceLine = null,
    string? ReferenceLabel = null)
{
    /// <summary>A linear value axis whatever the values' span (<see cref="ValueScale"/>).</summary>
    public bool Linear { get; init; }
}
