using System.Globalization;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>Soak rates from a capacity run: each configuration at half the capacity it held with the story's mix there.</summary>
public static class SoakRates
{
    public const double FractionOfCapacity = 0.5;

    /// <summary><paramref name="soak"/> with a rate per configuration; a FormatException names the run and the configuration it lacks.</summary>
    public static SoakOptions HalfOfCapacity(SoakOptions soak, string capacityRun, IReadOnlyList<LoadConfiguration> configurations)
    {
        LoadRunSummary summary;
        try
        {
            summary = SummaryFile.Read(capacityRun);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Text.Json.JsonException or InvalidDataException)
        {
            throw new FormatException($"--capacity-from {capacityRun}: allowed a capacity run's folder or summary.json ({e.Message})");
        }
        // A team's methods soak at half of what their own mix held; the story's at half of the mixed mix's.
        var (mixName, what) = soak.Service is null ? (CapacityPresetRun.Mixed, "the mixed mix (uploads with getInt beside)") : (CapacityPresetRun.Service, "the service mix (your methods)");
        var mixed = summary.Capacity?.Mixes.FirstOrDefault(m => m.Mix == mixName)
            ?? throw new FormatException($"--capacity-from {capacityRun}: allowed a capacity run with {what}; it has none");
        var rates = new Dictionary<string, double>();
        foreach (var configuration in configurations)
        {
            // The capacity run labels a configuration with its mix's scenarios and payload.
            var searched = (configuration with { Scenarios = mixed.Scenarios, PayloadBytes = soak.Service is null ? soak.PayloadBytes : null }).Label;
            var capacity = mixed.Rows.FirstOrDefault(r => r.Configuration.Label == searched)?.Capacity?.Median
                ?? throw new FormatException($"--capacity-from {capacityRun}: allowed a run that found a {mixName} capacity for {searched}; it has none (its payload must be the soak's)");
            rates[configuration.Label] = Math.Round(FractionOfCapacity * capacity, 2);
        }
        return soak with
        {
            Rates = rates,
            RateSource = string.Create(CultureInfo.InvariantCulture,
                $"{FractionOfCapacity * 100:0} % of each configuration's {mixName} capacity in {capacityRun}: {string.Join(", ", rates.Select(r => $"{r.Key} {r.Value:0.##}/s"))}"),
        };
    }
}
