using System.Globalization;
using GrpcBench.Load.Analysis;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// The repository's committed advise runs (docs/reference-runs/load), against which a new run's recommendation is held:
/// a value recommended here whose verdict another committed run of the same runtime contradicts (it hurt there, or
/// was "no effect" with an interval that rules out this gain) is named in the advice, so that a team does not take a
/// verdict two runs disagree on as settled.
/// </summary>
public static class CommittedAdvice
{
    /// <summary>Where the committed runs are, relative to the repository's root.</summary>
    public static readonly string RelativeFolder = Path.Combine("docs", "reference-runs", "load");

    /// <summary>The committed runs' folder above <paramref name="start"/> (the working directory where null); null outside a clone of the repository.</summary>
    public static string? Folder(string? start = null)
    {
        for (var directory = new DirectoryInfo(start ?? Directory.GetCurrentDirectory()); directory is not null; directory = directory.Parent)
            if (Directory.Exists(Path.Combine(directory.FullName, RelativeFolder))) return Path.Combine(directory.FullName, RelativeFolder);
        return null;
    }

    /// <summary>Every advise run under <paramref name="folder"/>, by its folder's name; runs that cannot be read are skipped.</summary>
    public static IReadOnlyList<(string Name, LoadRunSummary Run)> Read(string folder) =>
    [
        .. Directory.EnumerateDirectories(folder).Order(StringComparer.Ordinal)
            .Where(d => File.Exists(Path.Combine(d, SummaryFile.FileName)) || File.Exists(Path.Combine(d, SummaryFile.CompressedFileName)))
            .Select(d => (Name: Path.GetFileName(d), Run: TryRead(d)))
            .Where(r => r.Run?.Advice is { Count: > 0 })
            .Select(r => (r.Name, r.Run!)),
    ];

    /// <summary>One note per value recommended in <paramref name="advice"/> that committed runs of its runtime contradict, naming each of them.</summary>
    public static IReadOnlyList<string> Contradictions(AdviceSummary advice, IReadOnlyList<(string Name, LoadRunSummary Run)> committed)
    {
        var recommended = advice.Recommended.SelectMany(r => r.Apart()).Select(r => (r.Knob, r.Value)).ToHashSet();
        return
        [
            .. (from run in committed
                from row in AdviceAgreement.Rows([advice], run.Run.Advice ?? [])
                where row.Agree == AdviceAgreement.Agreement.Contradict && recommended.Contains((row.Knob, row.Value))
                select (row, run))
            .GroupBy(c => (c.row.Knob, c.row.Value))
            .Select(value =>
            {
                var first = value.First().row;
                var runs = string.Join("; ", value.Select(c => $"{c.run.Name} " + string.Create(CultureInfo.InvariantCulture,
                    $"({c.run.Run.Run.StartedAt:yyyy-MM-dd}, commit {c.run.Run.Run.Commit[..Math.Min(7, c.run.Run.Run.Commit.Length)]}): {c.row.Second}{Effect(c.row.SecondEffect)}")));
                var count = value.Count() == 1 ? "the committed run" : $"{value.Count()} committed runs";
                return $"`{first.Knob}` = {first.Value} is recommended here ({first.First}{Effect(first.FirstEffect)}), but {count} of {first.Runtime} found otherwise: {runs}. "
                       + "Runs of this runtime contradict each other on it, so it is not settled; confirm it on your own machine before you keep it.";
            }),
        ];
    }

    private static string Effect(Spread? effect) => effect is null ? "" : $", x{effect.Describe()}";

    private static LoadRunSummary? TryRead(string folder)
    {
        try
        {
            return SummaryFile.Read(folder);
        }
        catch (Exception e) when (e is IOException or System.Text.Json.JsonException or InvalidDataException or FormatException)
        {
            return null;
        }
    }
}
