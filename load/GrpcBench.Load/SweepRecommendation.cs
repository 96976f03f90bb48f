using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// The sweep's second stage: of each setting it varied, the value that lowered the 20 MiB upload p99 most
/// (by at least 5 %) without raising the getInt p99 by more than 20 %, all such values together in one configuration.
/// </summary>
public static class SweepRecommendation
{
    public static LoadConfiguration? Combine(IReadOnlyList<ConfigurationResult> results)
    {
        var baseline = results.FirstOrDefault(r => r.Status == "ok" && r.Configuration.Server == "kestrel"
            && r.Configuration.KestrelProfile == "default" && r.Configuration.ClientProfile == "default"
            && r.Configuration.KestrelSettings.Count == 0 && r.Configuration.ClientSettings.Count == 0);
        if (baseline is null || P99(baseline, ScenarioNames.SendLargeData) is not { } baseUpload || P99(baseline, ScenarioNames.GetInt) is not { } baseSmall)
            return null;

        var candidates = results.Where(r => r.Status == "ok" && r != baseline && r.Configuration.Server == "kestrel"
                && P99(r, ScenarioNames.SendLargeData) < baseUpload * 0.95 && P99(r, ScenarioNames.GetInt) <= baseSmall * 1.2)
            .ToList();
        var kestrel = new Dictionary<string, string>();
        var client = new Dictionary<string, string>();
        var clientProfile = "default";
        foreach (var best in candidates.GroupBy(Dimension).Select(g => g.OrderBy(r => P99(r, ScenarioNames.SendLargeData)).First()))
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

    private static double? P99(ConfigurationResult result, string scenario) =>
        result.Scenario(scenario) is { Ok: > 0 } stats ? stats.Latency.P99 : null;
}
