using System.Text.Json;
using System.Text.Json.Serialization;

namespace GrpcBench.Load.Results;

/// <summary>
/// A preset's own part of summary.json, at its top level under the preset's key ("capacity", "advice", "soak"): the
/// preset writes it with <see cref="WithSection"/>, and a typed property next to its record reads it
/// (<see cref="CapacitySection"/>), so that a new preset adds its part without touching <see cref="LoadRunSummary"/>.
/// </summary>
public static class SummarySections
{
    /// <summary>How summary.json is written and read.</summary>
    public static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        // A configuration that made no call of a kind can carry NaN, for which JSON has no number.
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        Converters = { new JsonStringEnumConverter(Terms.Naming) },
    };

    /// <summary>The section under <paramref name="key"/>, null where the run has none (read from a file, it is parsed once).</summary>
    public static T? Section<T>(this LoadRunSummary summary, string key) where T : class
    {
        if (summary.Sections is not { } sections) return null;
        lock (sections)
        {
            switch (sections.GetValueOrDefault(key))
            {
                case T typed: return typed;
                case JsonElement { ValueKind: not JsonValueKind.Null } element:
                    var read = element.Deserialize<T>(Json)!;
                    sections[key] = read;
                    return read;
                default: return null;
            }
        }
    }

    /// <summary>The summary with <paramref name="section"/> under <paramref name="key"/> (none where null).</summary>
    public static LoadRunSummary WithSection<T>(this LoadRunSummary summary, string key, T? section) where T : class
    {
        var sections = new Dictionary<string, object>(summary.Sections ?? []);
        if (section is null) sections.Remove(key);
        else sections[key] = section;
        return summary with { Sections = sections.Count == 0 ? null : sections };
    }
}
