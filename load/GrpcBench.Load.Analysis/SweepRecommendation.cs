using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// The sweep's second stage: of each setting it varied, the value that helped uploads most without raising the getInt
/// p99 by more than 20 %, all such values together in one configuration. Helping means completing at least 5 % more of
/// the uploads within their deadline, or, where the default completed them all, a p99 at least 5 % lower.
/// </summary>
public static class SweepRecommendation
{
    public static LoadConfiguration? Combine(IReadOnlyList<ConfigurationResult> results)
    {
        if (Baseline(results) is not { } baseline || P99(baseline, ScenarioNames.SendLargeData) is not { } baseUpload || P99(baseline, ScenarioNames.GetInt) is not { } baseSmall)
            return null;

        var baseCompleted = Completed(baseline);
        bool Helps(ConfigurationResult r) => baseCompleted < 1
            ? Completed(r) >= baseCompleted + 0.05
            : Completed(r) >= 1 && P99(r, ScenarioNames.SendLargeData) < baseUpload * 0.95;
        return Together(baseline, results.Where(r => r.Status == ConfigurationStatus.Ok && r != baseline && r.Configuration.Server == ServerStack.Kestrel
                && Helps(r) && P99(r, ScenarioNames.GetInt) <= baseSmall * 1.2)
            .ToList(), r => (Completed(r), P99(r, ScenarioNames.SendLargeData)));
    }

    /// <summary>
    /// A team's methods (<paramref name="methods"/>): a value helps where every call of every method succeeded, the
    /// methods' p99s are 5 % lower in their geometric mean, and no method's p99 rose by more than 20 %.
    /// </summary>
    public static LoadConfiguration? Combine(IReadOnlyList<ConfigurationResult> results, IReadOnlyList<string> methods)
    {
        if (Baseline(results) is not { } baseline || methods.Any(m => P99(baseline, m) is null)) return null;
        double? MeanRatio(ConfigurationResult r) => methods.All(m => P99(r, m) is not null && r.Scenario(m)!.Failed == 0)
            ? Math.Exp(methods.Average(m => Math.Log(P99(r, m)!.Value / P99(baseline, m)!.Value)))
            : null;
        bool Helps(ConfigurationResult r) => MeanRatio(r) < 0.95 && methods.All(m => P99(r, m) <= P99(baseline, m) * 1.2);
        return Together(baseline, results.Where(r => r.Status == ConfigurationStatus.Ok && r != baseline && r.Configuration.Server == ServerStack.Kestrel && Helps(r)).ToList(),
            r => (1, MeanRatio(r)));
    }

    private static ConfigurationResult? Baseline(IReadOnlyList<ConfigurationResult> results) =>
        results.FirstOrDefault(r => r.Status == ConfigurationStatus.Ok && r.Configuration.Server == ServerStack.Kestrel
            && r.Configuration.KestrelProfile == "default" && r.Configuration.ClientProfile == "default"
            && r.Configuration.KestrelSettings.Count == 0 && r.Configuration.ClientSettings.Count == 0);

    /// <summary>The best helping value of each setting (most completed, then the lowest figure), all in one configuration; null where none helped.</summary>
    private static LoadConfiguration? Together(ConfigurationResult baseline, List<ConfigurationResult> candidates, Func<ConfigurationResult, (double Completed, double? Figure)> rank)
    {
        var kestrel = new Dictionary<string, string>();
        var client = new Dictionary<string, string>();
        var clientProfile = "default";
        foreach (var best in candidates.GroupBy(Dimension).Select(g => g.OrderByDescending(r => rank(r).Completed).ThenBy(r => rank(r).Figure).First()))
        {
            foreach (var (name, value) in best.Configuration.KestrelSettings) kestrel[name] = value;
            foreach (var (name, value) in best.Configuration.ClientSettings) client[name] = value;
            if (best.Configuration.ClientProfile != "default") clientProfile = best.Configuration.ClientProfile;
        }
        if (kestrel.Count + client.Count == 0 && clientProfile == "default") return null;
        return baseline.Configuration with
        {
            KestrelProfile = kestrel.Count > 0 ? "custom" : "default",
            KestrelSettings = kestrel,
            ClientSettings = client,
            ClientProfile = clientProfile,
        };
    }

    private static string Dimension(ConfigurationResult result) =>
        result.Configuration.KestrelSettings.Keys.Concat(result.Configuration.ClientSettings.Keys).FirstOrDefault() ?? "clientProfile";

    /// <summary>The share of uploads that completed within their deadline.</summary>
    private static double Completed(ConfigurationResult result) =>
        result.Scenario(ScenarioNames.SendLargeData) is { Requests: > 0 } uploads ? (double)uploads.Ok / uploads.Requests : 0;

    private static double? P99(ConfigurationResult result, string scenario) =>
        result.Scenario(scenario) is { Ok: > 0 } stats ? stats.Latency.P99 : null;
}
