namespace GrpcBench.Load.Reporting.Charts;

/// <summary>Which configurations belong on a scenario's chart: those meant to run it, whether or not they did.</summary>
public static class ScenarioFilter
{
    /// <summary>
    /// A workload run gives configurations scenarios of their own; one that was never meant to run
    /// <paramref name="scenario"/> is left off its charts (a failed one meant to run it stays, labelled).
    /// </summary>
    public static bool MeantToRun(this ConfigurationResult result, string scenario) =>
        result.Configuration.Scenarios is not { } scenarios || scenarios.Contains(scenario) || result.Scenario(scenario) is not null;

    public static IReadOnlyList<ConfigurationResult> Running(this LoadRunSummary summary, string scenario) =>
        summary.Configurations.Where(r => r.MeantToRun(scenario)).ToList();
}
