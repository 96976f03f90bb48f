namespace GrpcBench.Load.Reporting;

/// <summary>A configuration's fails and status in words; the figures themselves are <see cref="ResultFigures"/>.</summary>
public static class MeasuredFigures
{
    /// <summary>"DeadlineExceeded 2, Unavailable 1", or empty.</summary>
    public static string Describe(IEnumerable<KeyValuePair<string, long>> failsByCode) =>
        string.Join(", ", failsByCode.Where(f => f.Value > 0).Select(f => $"{f.Key} {Numbers.Count(f.Value)}"));

    /// <summary>"3 (DeadlineExceeded 2, Unavailable 1)", or "0".</summary>
    public static string FailsSummary(this ConfigurationResult result)
    {
        var total = result.Fails();
        return total == 0 ? "0" : $"{Numbers.Count(total)} ({Describe(result.FailsByCode())})";
    }

    /// <summary>"failed: the host exited ...", or the status alone when no reason was recorded.</summary>
    public static string StatusWithReason(this ConfigurationResult result) =>
        string.IsNullOrWhiteSpace(result.Reason) ? result.Status.Text() : $"{result.Status.Text()}: {OneLine(result.Reason)}";

    public static string OneLine(string text) =>
        string.Join(' ', text.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
}
