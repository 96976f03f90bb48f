using System.CommandLine;

namespace GrpcBench.Load;

/// <summary>
/// A preset, declared once: its name and what it is, its plan (full or <c>--quick</c>), the options it takes beyond every
/// preset's and those it refuses, how its options go on top of its plan, and its run. Each is declared in its folder
/// under Presets/ with the files only it uses, and listed in <see cref="Presets.Declared"/>: a new preset is its folder
/// (its declaration, its run), its line there, its report section or reading where it has one, and its test.
/// </summary>
public abstract class Preset(string name, string description)
{
    public string Name { get; } = name;

    /// <summary>One sentence: what it runs and what it answers.</summary>
    public string Description { get; } = description;

    /// <summary>Its configurations and load before any option.</summary>
    public abstract RunPlan Plan(bool quick);

    /// <summary>
    /// The options beyond every preset's that it takes, its own (declared in its file) or another preset's; an option some
    /// preset lists here is refused with every preset that does not.
    /// </summary>
    public virtual IEnumerable<Option> Takes(RunOptions options) => [];

    /// <summary>Options every other preset takes that this one refuses, each with why.</summary>
    public virtual IEnumerable<(Option Option, string Why)> Refuses(RunOptions options) => [];

    /// <summary>Whether it can run against a server the bench did not start (--target).</summary>
    public virtual bool TakesTarget => true;

    /// <summary>
    /// <paramref name="plan"/>, which holds every preset's options already, with this preset's own on top.
    /// </summary>
    /// <exception cref="FormatException">What its options rule out together, named in the message.</exception>
    public virtual RunPlan Read(RunPlan plan, PlanReader reader) => plan;

    public virtual IPresetRun Run(RunPlan plan) => new ComparisonPresetRun(plan);
}
