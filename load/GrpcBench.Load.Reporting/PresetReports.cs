using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>A preset's report in place of report.md (the advise preset's advice.md, the capacity preset's tables).</summary>
public interface IPresetReading
{
    bool Reads(LoadRunSummary summary);

    Reading Of(LoadRunSummary summary);
}

/// <summary>A preset's section of report.md, after the run's setup, and its charts (the soak preset's).</summary>
public interface IReportSection
{
    bool Applies(LoadRunSummary summary);

    void Append(StringBuilder md, LoadRunSummary summary);

    IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Charts(LoadRunSummary summary);
}

/// <summary>What a person reads of a run: where it goes (relative to the results folder), its file, text and charts, and the documents beside it.</summary>
public sealed record Reading(string Folder, string FileName, string Markdown, IReadOnlyList<(string FileName, string Title, Func<byte[]> Draw)> Charts)
{
    public IReadOnlyList<(string FileName, string Markdown)> Others { get; init; } = [];
}

/// <summary>
/// The presets' own readings and report.md sections, named here: a new preset's report is its own file implementing
/// <see cref="IPresetReading"/> or <see cref="IReportSection"/>, and its line here.
/// </summary>
public static class PresetReports
{
    /// <summary>The advise preset's advice/advice.md, the capacity preset's report.md.</summary>
    public static IReadOnlyList<IPresetReading> Readings { get; } = [new AdviceReading(), new CapacityReading()];

    /// <summary>The soak preset's section.</summary>
    public static IReadOnlyList<IReportSection> Sections { get; } = [new SoakReport()];

    /// <summary>The sections <paramref name="summary"/> has.</summary>
    public static IEnumerable<IReportSection> Of(LoadRunSummary summary) => Sections.Where(s => s.Applies(summary));
}
