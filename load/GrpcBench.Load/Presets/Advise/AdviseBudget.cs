using GrpcBench.Load.Analysis;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// The advise preset's time arithmetic: how long its runs, searches and profiles take as planned, what the screen must
/// leave for the path and what follows it, and the smallest budget that decides anything.
/// </summary>
public static class AdviseBudget
{
    /// <summary>How the note begins that says a runtime's advice took longer than its budget (its runs slower than planned).</summary>
    public const string OverBudget = "This runtime's advice took";

    /// <summary>Default runs before the screen: the early spread, which sets the threshold the screen can decide at.</summary>
    public static int EarlyRuns(bool quick) => quick ? 2 : 4;

    /// <summary>
    /// Quick: one run of the default before them, not counted. Its 2 s warm-ups leave whatever wakes up at a run's start in
    /// the first one: four quick advice runs' first default ran 20-45 % below the second (65-99 against 116-128/s), the
    /// early spread 15-41 %, and the screen decided at ±99 %. The full runs' 8 s warm-up holds it.
    /// </summary>
    public static int PrimingRuns(bool quick) => quick ? 1 : 0;

    /// <summary>
    /// About how long one capacity search takes: its host's start and about eight probes to bracket the capacity within
    /// 5 % (the path's searches took 18-42 s, most 36-42, at 4.5 s a probe), five within the quick search's 10 %.
    /// </summary>
    public static TimeSpan SearchTime(CapacityMix mix) => mix.Limits.ProbeTime * (mix.Limits.Resolution < 0.1 ? 8 : 5) + TimeSpan.FromSeconds(3);

    /// <summary>The profiles that end a runtime's advice (default, recommended, Grpc.Core and the design alternative that helps most): each a host's start, its warm-up and the profile.</summary>
    public static TimeSpan ProfilesTime(bool quick) => ProfileSpan.For(quick).Time * 4;

    /// <summary>A run's time as planned before any has run: its warm-up and measured span, and a second for the host's and worker's start (measured: well under one).</summary>
    public static TimeSpan PlannedRunTime(ThroughputShape shape) => TimeSpan.FromSeconds(shape.WarmUpSeconds + shape.Seconds + 1);

    /// <summary>
    /// The path's trials planned: the first, which the screen's design leaves time for, and as many more as the budget then
    /// holds beside the story (<see cref="Extras"/>): two at full length, the largest gain tried first (64 KiB chunks on both
    /// runtimes since the design alternatives joined the screen; at a 40-minute budget the path took two, advise-decides-2).
    /// </summary>
    public static int PlannedTrials(bool quick) => quick ? 1 : 2;

    /// <summary>One trial of the path after its first: its runs, one more of the step, and the capacity search of the step where it is taken.</summary>
    public static TimeSpan TrialTime(int repeats, TimeSpan perRun, TimeSpan perSearch) => perRun * (repeats + 1) + perSearch;

    /// <summary>What the walk's first trial takes beyond a later one's: the step's runs of its interleaved pairs but one.</summary>
    public static TimeSpan FirstTrialExtra(int repeats, TimeSpan perRun) => perRun * (repeats - 1);

    /// <summary>
    /// The rounds of capacity searches that compare the path's end with Grpc.Core and Kestrel's raw HTTP/2 floor: the
    /// first searches Grpc.Core and both floors, a second the end, Grpc.Core and the raw HTTP/2 floor again, each on a host
    /// of its own. One search of a configuration is one state of its host: the .NET 10 end of advise-35-net10-b missed 11
    /// of 12 probes down to 3.5/s on one host and held 16.7/s within the uploads' SLO on the next (2026-12-04), and at a
    /// 35-minute budget no committed run had the time left for a second round. So the budget plans both (in
    /// <see cref="AfterPath"/>); quick searches once.
    /// </summary>
    public static int MostCapacityRounds(bool quick) => quick ? 1 : 2;

    /// <summary>
    /// The floors the headline searches: Kestrel's raw HTTP/2 and a bare socket; quick only the raw HTTP/2 floor, the one
    /// the path's end is placed against (the socket's search, the longest of the quick run's, told the least).
    /// </summary>
    public static int Floors(bool quick) => quick ? 1 : 2;

    /// <summary>The headline's searches in a round on the story's mix: Grpc.Core and the floors in the first, the end, Grpc.Core and the raw HTTP/2 floor in the second; on a team's service (<see cref="StoryOnly"/>) Grpc.Core, and the end too in the second.</summary>
    public static int RoundSearches(CapacityMix mix, int round, bool quick) => StoryOnly.Runs(mix)
        ? round == 1 ? 1 + Floors(quick) : 3
        : round == 1 ? 1 : 2;

    /// <summary>The story on three configurations (not on a team's service: <see cref="StoryOnly"/>).</summary>
    public static TimeSpan Story(CapacityMix mix, bool quick) => StoryOnly.Runs(mix) ? PathStory.Time(quick) * 3 : TimeSpan.Zero;

    /// <summary>Whether a second capacity round fits <paramref name="left"/> with the story and the profiles after it: planned, it may not where runs took longer than planned.</summary>
    public static bool SecondRoundFits(CapacityMix mix, TimeSpan perSearch, TimeSpan left, bool quick) =>
        MostCapacityRounds(quick) > 1 && perSearch * RoundSearches(mix, 2, quick) + Story(mix, quick) + ProfilesTime(quick) <= left;

    /// <summary>Whether the story fits <paramref name="left"/> with the profiles after it.</summary>
    public static bool StoryFits(CapacityMix mix, TimeSpan left, bool quick) => Story(mix, quick) + ProfilesTime(quick) <= left;

    /// <summary>
    /// What must follow the path on a runtime: the confirming runs (default, the path's end, Grpc.Core, Grpc.Core memory tuned, the raw HTTP/2 floor;
    /// on a team's service no floor), every capacity round (<see cref="MostCapacityRounds"/>) and the profiles. The story
    /// and the path's trials after its first are taken where the time left holds them beside this.
    /// </summary>
    public static TimeSpan AfterPath(CapacityMix mix, int confirmRepeats, TimeSpan perRun, TimeSpan perSearch, bool quick) =>
        perRun * ((StoryOnly.Runs(mix) ? 5 : 4) * confirmRepeats) + perSearch * CapacitySearches(mix, quick) + ProfilesTime(quick);

    /// <summary>The headline's searches over every round.</summary>
    public static int CapacitySearches(CapacityMix mix, bool quick) => Enumerable.Range(1, MostCapacityRounds(quick)).Sum(round => RoundSearches(mix, round, quick));

    /// <summary>
    /// What the screen's design leaves on a runtime: Grpc.Core's memory screen, the path's start search, its first trial and what must follow the path
    /// (<see cref="AfterPath"/>). The design decides the knobs, so it comes before the story and the path's later trials.
    /// </summary>
    public static TimeSpan Reserve(CapacityMix mix, int confirmRepeats, TimeSpan perRun, bool quick) =>
        GrpcCoreMemory(mix, perRun, quick) + SearchTime(mix) + FirstTrialExtra(confirmRepeats, perRun) + TrialTime(confirmRepeats, perRun, SearchTime(mix)) + AfterPath(mix, confirmRepeats, perRun, SearchTime(mix), quick);

    /// <summary>Grpc.Core's memory screen, which follows the screen's design on the story's uploads (not on a team's service: <see cref="StoryOnly"/>).</summary>
    public static TimeSpan GrpcCoreMemory(CapacityMix mix, TimeSpan perRun, bool quick) => StoryOnly.Runs(mix) ? GrpcCoreMemoryScreen.Time(perRun, quick) : TimeSpan.Zero;

    /// <summary>What the foldover and the follow-up designs leave beyond <see cref="Reserve"/>: the path's later planned trials and the story.</summary>
    public static TimeSpan Extras(CapacityMix mix, int confirmRepeats, TimeSpan perRun, bool quick) =>
        TrialTime(confirmRepeats, perRun, SearchTime(mix)) * (PlannedTrials(quick) - 1) + Story(mix, quick);

    /// <summary>Whether the design of every value (knobs of <paramref name="valuesPerKnob"/> values) folds over: where its foldover fits <paramref name="left"/>.</summary>
    public static bool Folds(IReadOnlyList<int> valuesPerKnob, TimeSpan perRun, TimeSpan left) =>
        perRun * KnobScreen.Runs(TwoLevelDesign.ForKnobs(valuesPerKnob, foldover: true)) <= left;

    /// <summary>
    /// The fewest runs a screen of knobs of <paramref name="valuesPerKnob"/> values decides with: its design, or where the
    /// budget stops the design before its end, the model's terms (an intercept, run order, one a value) and 8 degrees of
    /// freedom for the run spread (least squares fits a design cut short, its values a little less orthogonal).
    /// </summary>
    public static int FewestScreenRuns(IReadOnlyList<int> valuesPerKnob) =>
        Math.Min(KnobScreen.Runs(TwoLevelDesign.ForKnobs(valuesPerKnob, false)), valuesPerKnob.Sum() + 2 + 8);

    /// <summary>
    /// The smallest budget a runtime needs to decide anything here: the read-backs, the early runs, the fewest screen runs
    /// (<see cref="FewestScreenRuns"/>), the confirmation, the headline and the profiles. Null when <paramref name="options"/> fits.
    /// </summary>
    public static string? TooSmall(AdviseOptions options, bool quick)
    {
        var mix = CapacityPresetRun.Mixes(options.Capacity, quick)[0];
        var knobs = options.Knobs.Select(Knobs.Named).ToList();
        var perRun = PlannedRunTime(ThroughputShape.Default(quick));
        var (_, valuesPerKnob) = KnobScreen.Grouped(knobs.SelectMany(k => k.Values.Select(v => new ScreenFactor(k, v))), DesignAlternatives.For(mix));
        var oneRuntime = TimeSpan.FromSeconds(2) * knobs.Count(k => k.Kind is KnobKind.HostRuntime or KnobKind.Kestrel) + perRun * (PrimingRuns(quick) + EarlyRuns(quick))
            + perRun * FewestScreenRuns(valuesPerKnob) + Reserve(mix, options.ConfirmRepeats, perRun, quick);
        var needed = Math.Ceiling(oneRuntime.TotalMinutes * 10) / 10;
        return options.BudgetMinutes >= needed ? null
            : $"--budget-minutes {options.BudgetMinutes:0.#}: screening {knobs.Count} knobs ({knobs.Sum(k => k.Values.Count)} values) needs at least {needed:0.#} min a runtime here; "
              + $"allowed {needed:0.#} to 600, or fewer --knobs";
    }
}
