namespace GrpcBench.Load.Results;

/// <summary>The order in which a run's configurations and their repeats run.</summary>
public static class RepeatSchedule
{
    /// <summary>
    /// Every item once (repeat 1), then every one again (repeat 2) ...: A B C A B C, never A A B B, so that a drift of
    /// the machine over the run touches every configuration alike.
    /// </summary>
    public static IReadOnlyList<(int Repeat, T Item)> Interleave<T>(IReadOnlyList<T> items, int repeats) =>
        [.. Enumerable.Range(1, Math.Max(repeats, 0)).SelectMany(repeat => items.Select(item => (repeat, item)))];
}
