using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Reporting;

/// <summary>The figures of a configuration that reports may rely on.</summary>
public static class MeasuredFigures
{
    /// <summary>
    /// The latency of a scenario's successful calls, or null when it made none: its stats are then all zero, which is
    /// no measurement and must never be compared.
    /// </summary>
    public static LatencyStats? SuccessLatency(this ConfigurationResult result, string scenario) =>
        result.Scenario(scenario) is { Ok: > 0 } stats ? stats.Latency : null;

    public static long Fails(this ConfigurationResult result) => result.Scenarios.Sum(s => s.Failed);

    /// <summary>Fails of every scenario by status code, largest first.</summary>
    public static IReadOnlyList<KeyValuePair<string, long>> FailsByCode(this ConfigurationResult result) =>
        result.Scenarios.SelectMany(s => s.FailsByCode)
            .GroupBy(f => f.Key, f => f.Value)
            .Select(g => KeyValuePair.Create(g.Key, g.Sum()))
            .OrderByDescending(f => f.Value).ThenBy(f => f.Key, StringComparer.Ordinal)
            .ToList();

    /// <summary>"DeadlineExceeded 2, Unavailable 1", or empty.</summary>
    public static string Describe(IEnumerable<KeyValuePair<string, long>> failsByCode) =>
        string.Join(", ", failsByCode.Where(f => f.Value > 0).Select(f => $"{f.Key} {Numbers.Count(f.Value)}"));

    /// <summary>"3 (DeadlineExceeded 2, Unavailable 1)", or "0".</summary>
    public static string FailsSummary(this ConfigurationResult result)
    {
        var total = result.Fails();
        return total == 0 ? "0" : $"{Numbers.Count(total)} ({Describe(result.FailsByCode())})";
    }

    public static bool IsOk(this ConfigurationResult result) => result.Status == ConfigurationStatus.Ok;

    /// <summary>"failed: the host exited ...", or the status alone when no reason was recorded.</summary>
    public static string StatusWithReason(this ConfigurationResult result) =>
        string.IsNullOrWhiteSpace(result.Reason) ? result.Status.Text() : $"{result.Status.Text()}: {OneLine(result.Reason)}";

    public static string OneLine(string text) =>
        string.Join(' ', text.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
}
