using System.Globalization;

namespace GrpcBench.Load.Reporting;

/// <summary>How every report writes its numbers: invariant culture, thousands separators, "-" for a figure not measured.</summary>
public static class Numbers
{
    public const string Missing = "-";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>Milliseconds with the precision that matters at their size: "4,387", "60.1", "3.25".</summary>
    public static string Ms(double milliseconds) => !double.IsFinite(milliseconds) ? Missing
        : Math.Abs(milliseconds) >= 100 ? milliseconds.ToString("#,##0", Invariant)
        : Math.Abs(milliseconds) >= 10 ? milliseconds.ToString("0.0", Invariant)
        : milliseconds.ToString("0.0#", Invariant);

    public static string Ms(double? milliseconds) => milliseconds is { } value ? Ms(value) : Missing;

    /// <summary>A ratio as a multiple: "x7.3", "x0.4", "x0.04".</summary>
    public static string Ratio(double? ratio) => ratio is not { } value || !double.IsFinite(value) ? Missing
        : "x" + (value >= 100 ? value.ToString("#,##0", Invariant) : value >= 0.1 ? value.ToString("0.0", Invariant) : value.ToString("0.00", Invariant));

    public static string Seconds(double? seconds) => seconds is { } value && double.IsFinite(value) ? value.ToString("#,##0.0", Invariant) : Missing;

    /// <summary>A quantity to one decimal at most: MiB, GiB.</summary>
    public static string Amount(double? value) => value is { } v && double.IsFinite(v) ? v.ToString("#,##0.#", Invariant) : Missing;

    /// <summary>"p99", "p95", "p99.9".</summary>
    public static string Percentile(double percent) => "p" + percent.ToString("0.#", Invariant);

    public static string Count(long count) => count.ToString("#,##0", Invariant);

    public static string Rate(double perSecond) => double.IsFinite(perSecond) ? perSecond.ToString("#,##0.0", Invariant) : Missing;

    /// <summary>A byte count in MiB ("20 MiB", "1.5 MiB"), or in KiB below one MiB.</summary>
    public static string Size(long bytes) => bytes >= 1024 * 1024
        ? (bytes / 1024.0 / 1024.0).ToString("#,##0.#", Invariant) + " MiB"
        : (bytes / 1024.0).ToString("#,##0.#", Invariant) + " KiB";

    public static string BytesAsMiB(long bytes) => (bytes / 1024.0 / 1024.0).ToString("#,##0.0", Invariant);

    /// <summary>An axis tick: "0.01", "1", "1,000".</summary>
    public static string Tick(double value) => value >= 1 || value == 0
        ? value.ToString("#,##0.##", Invariant)
        : value.ToString("0.########", Invariant);
}
