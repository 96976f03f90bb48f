using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// A factor of a screen: one knob at one value against the default, or a design alternative (a change of code, its
/// <see cref="Knob"/> the group of alternatives that exclude each other, such as the chunk sizes).
/// </summary>
public sealed record ScreenFactor(Knob Knob, string Value)
{
    public DesignAlternative? Alternative { get; init; }

    public static ScreenFactor Of(DesignAlternative alternative) => new(alternative.Group, alternative.Choice.Value) { Alternative = alternative };

    public LoadConfiguration Apply(LoadConfiguration configuration) => Alternative?.Apply(configuration) ?? Knob.Apply(configuration, Value);

    /// <summary>The mix as this factor sends it: an alternative's own uploads; the same mix for a knob.</summary>
    public CapacityMix Apply(CapacityMix mix) => Alternative?.Apply(mix) ?? mix;

    public override string ToString() => Alternative?.Name ?? $"{Knob.Name}={Value}";
}

/// <summary>
/// The knob values screened together in one two-level design (<see cref="TwoLevelDesign"/>): every run a fresh host with
/// some values on and the rest at the default, its saturated throughput measured (<see cref="ThroughputRun"/>); the
/// runs shuffled, with a run of the defaults first and after every <see cref="DefaultEvery"/>, so that a drift of the
/// machine touches every value alike and shows in the fit (run order is a covariate).
/// </summary>
public static class KnobScreen
{
    public const int DefaultEvery = 8;

    /// <summary>The design's runs in the order they run: shuffled with <paramref name="seed"/>, a default run first and after every <see cref="DefaultEvery"/> more.</summary>
    public static IReadOnlyList<IReadOnlyList<int>> Schedule(TwoLevelDesign design, int seed)
    {
        var shuffled = design.Runs.ToList();
        var random = new Random(seed);
        for (var i = shuffled.Count - 1; i > 0; i--)
        {
            var j = random.Next(i + 1);
            (shuffled[i], shuffled[j]) = (shuffled[j], shuffled[i]);
        }
        var defaults = Enumerable.Repeat(-1, design.Factors).ToArray();
        var schedule = new List<IReadOnlyList<int>>();
        for (var i = 0; i < shuffled.Count; i++)
        {
            if (i % DefaultEvery == 0) schedule.Add(defaults);
            schedule.Add(shuffled[i]);
        }
        return schedule;
    }

    /// <summary>How many runs a screen of <paramref name="factors"/> makes, with its default runs.</summary>
    public static int Runs(int factors, bool foldover) => Runs(TwoLevelDesign.For(factors, foldover));

    /// <summary>How many runs a screen of <paramref name="design"/> makes, with its default runs.</summary>
    public static int Runs(TwoLevelDesign design) => design.Runs.Count + (design.Runs.Count + DefaultEvery - 1) / DefaultEvery;

    /// <summary>
    /// The candidates of a follow-up design: the factors of <paramref name="screened"/> whose verdict (same order) is still
    /// "could not tell", one value of a knob at a time (two values of one knob cannot both be on in a run), those nearest
    /// a decision (the narrowest interval, as a ratio of its bounds) first; a follow-up takes as many as its budget holds.
    /// </summary>
    public static IReadOnlyList<ScreenFactor> FollowUp(IReadOnlyList<ScreenFactor> screened, IReadOnlyList<(string Verdict, double? Width)> findings) =>
        [.. screened.Select((f, k) => (Factor: f, findings[k].Verdict, Width: findings[k].Width ?? double.MaxValue))
            .Where(f => f.Verdict == AdviceFindings.CouldNotTell)
            .GroupBy(f => f.Factor.Knob.Name).Select(g => g.First())
            .OrderBy(f => f.Width).Select(f => f.Factor)];

    /// <summary>
    /// What one design screens: every value of <paramref name="values"/>, then the design alternatives, the values that
    /// exclude each other (one knob's, or the chunk sizes) side by side; and how many values each such group has, in order.
    /// </summary>
    public static (IReadOnlyList<ScreenFactor> Factors, IReadOnlyList<int> ValuesPerKnob) Grouped(IEnumerable<ScreenFactor> values, IEnumerable<DesignAlternative> alternatives)
    {
        var groups = values.Concat(alternatives.Select(ScreenFactor.Of)).GroupBy(f => f.Knob.Name).ToList();
        return ([.. groups.SelectMany(g => g)], [.. groups.Select(g => g.Count())]);
    }

    /// <summary><paramref name="configuration"/> with every factor at its level: the value where +1, the default where -1.</summary>
    public static LoadConfiguration Apply(LoadConfiguration configuration, IReadOnlyList<ScreenFactor> factors, IReadOnlyList<int> levels) =>
        factors.Zip(levels).Where(f => f.Second > 0).Aggregate(configuration, (c, f) => f.First.Apply(c));

    /// <summary>The mix a run of <paramref name="levels"/> sends: a design alternative's uploads where it is on.</summary>
    public static CapacityMix Apply(CapacityMix mix, IReadOnlyList<ScreenFactor> factors, IReadOnlyList<int> levels) =>
        factors.Zip(levels).Where(f => f.Second > 0).Aggregate(mix, (m, f) => f.First.Apply(m));

    /// <summary>The levels of a configuration that is the default with <paramref name="on"/> set: what a confirming run is in the screen's terms.</summary>
    public static IReadOnlyList<int> Levels(IReadOnlyList<ScreenFactor> factors, IEnumerable<ScreenFactor> on)
    {
        var set = on.ToHashSet();
        return [.. factors.Select(f => set.Contains(f) ? 1 : -1)];
    }
}
