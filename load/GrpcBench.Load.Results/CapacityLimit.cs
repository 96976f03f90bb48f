namespace GrpcBench.Load.Results;

/// <summary>
/// What ended a capacity search: the term of the SLO that the lowest rate missed above the capacity broke. Two
/// capacities compare as one only where the same term ended both: a search that ended on getInt's p99 (the tail of the
/// small calls beside the uploads) and one that ended on keeping pace with the uploads measure different limits.
/// Read from the probe's <see cref="CapacityProbe.Missed"/> text (as <see cref="CapacitySlo.Missed"/> writes it), so
/// that results written before the limit was named get it too.
/// </summary>
public static class CapacityLimit
{
    /// <summary>A call failed (deadline, reset, resource exhausted).</summary>
    public const string Failures = "failures";

    /// <summary>Calls arrived faster than the host finished them: fewer completed than offered, or latency rising through the probe.</summary>
    public const string KeepPace = "keep-pace";

    /// <summary>The searched scenario was not measured in the probe.</summary>
    public const string NotMeasured = "not measured";

    /// <summary>What a probe stopped early appends to its miss (the capacity preset's CapacityRun).</summary>
    public const string StoppedEarly = "; the probe stopped once its miss was certain";

    /// <summary>The SLO term <paramref name="missed"/> names: "getInt p99", "sendLargeData p99", <see cref="KeepPace"/>, <see cref="Failures"/>.</summary>
    public static string Of(string missed)
    {
        var text = missed.EndsWith(StoppedEarly, StringComparison.Ordinal) ? missed[..^StoppedEarly.Length] : missed;
        var colon = text.IndexOf(": ", StringComparison.Ordinal);
        if (colon < 0) return text;
        var (scenario, what) = (text[..colon], text[(colon + 2)..]);
        // A probe is stopped early once a call is past its bound: calls still in flight past it, or none completed yet, are its p99 missed.
        if (what.StartsWith("p99 ", StringComparison.Ordinal) || what.StartsWith("slowest of ", StringComparison.Ordinal)
            || what.StartsWith("calls still in flight past its ", StringComparison.Ordinal) || what == "no call completed") return $"{scenario} p99";
        if (what.StartsWith("latency rose ", StringComparison.Ordinal) || what.EndsWith(" offered calls completed", StringComparison.Ordinal)) return KeepPace;
        if (what.Contains(" failed (", StringComparison.Ordinal)) return Failures;
        return what == "not measured" ? NotMeasured : text;
    }

    /// <summary>"getInt p99" of "getInt p99 (2 of 3)"-style lists: the limits of several searches, the commonest first.</summary>
    public static string Describe(IEnumerable<string?> limits)
    {
        var counted = limits.Select(l => l ?? "not searched").GroupBy(l => l).OrderByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal).ToList();
        var total = counted.Sum(g => g.Count());
        return counted.Count switch
        {
            0 => "-",
            1 when total == 1 => counted[0].Key,
            1 => $"{counted[0].Key} (all {total})",
            _ => string.Join(", ", counted.Select(g => $"{g.Key} ({g.Count()} of {total})")),
        };
    }
}
