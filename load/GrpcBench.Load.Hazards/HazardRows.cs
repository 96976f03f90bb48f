namespace GrpcBench.Load.Hazards;

/// <summary>One case with every stack's result side by side, and whether the stacks' answers differ.</summary>
public sealed record HazardRow(string Case, string Sends, string Meaning, bool Differ, IReadOnlyDictionary<string, HazardResult> Results);

public static class HazardRows
{
    /// <summary>The catalogue's order, the cases where the stacks answer differently first.</summary>
    public static List<HazardRow> From(IReadOnlyList<HazardCase> catalogue, IReadOnlyList<HazardResult> results, IReadOnlyList<string> stacks) =>
        catalogue
            .Select(c => (Case: c, Results: results.Where(r => r.Case == c.Id).ToDictionary(r => r.Stack)))
            .Where(c => c.Results.Count > 0)
            .Select(c => new HazardRow(c.Case.Id, c.Case.Sends, c.Case.Meaning,
                c.Results.Count < stacks.Count || c.Results.Values.Select(r => (r.Answer, r.ServedNext)).Distinct().Count() > 1, c.Results))
            .OrderBy(r => r.Differ ? 0 : 1)
            .ToList();
}
