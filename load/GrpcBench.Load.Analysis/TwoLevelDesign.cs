namespace GrpcBench.Load.Analysis;

/// <summary>
/// A two-level screening design (Plackett-Burman): runs in which each factor is at its low level (-1, the default) or
/// its high level (+1, the value screened), every pair of factors balanced against each other, so that N runs estimate
/// up to N - 1 main effects each from all N runs. With the foldover (every run again with every level flipped) the main
/// effects are clear of every two-factor interaction.
/// </summary>
/// <param name="Runs">Each run's level of each factor, in the design's order.</param>
public sealed record TwoLevelDesign(IReadOnlyList<IReadOnlyList<int>> Runs, int Factors, bool Foldover)
{
    /// <summary>The smallest design for <paramref name="factors"/> factors: Sylvester's for 4, 8, 16, 32 and 64 runs, Paley's (a prime q of the form 4m - 1 gives q + 1 runs) between.</summary>
    public static TwoLevelDesign For(int factors, bool foldover)
    {
        if (factors < 1) throw new ArgumentOutOfRangeException(nameof(factors), factors, "a design needs at least one factor");
        var size = Sizes.FirstOrDefault(n => n > factors);
        if (size == 0) throw new ArgumentOutOfRangeException(nameof(factors), factors, $"at most {Sizes[^1] - 1} factors");
        var matrix = IsPowerOfTwo(size) ? Sylvester(size) : Paley(size - 1);
        var runs = matrix.Select(row => (IReadOnlyList<int>)row.Take(factors).ToArray()).ToList();
        if (foldover) runs.AddRange(runs.Select(row => (IReadOnlyList<int>)row.Select(level => -level).ToArray()).ToList());
        return new TwoLevelDesign(runs, factors, foldover);
    }

    /// <summary>
    /// One design for knobs of one or more values each (<paramref name="valuesPerKnob"/>), a factor per value, so that
    /// every value is screened in every run's fit: Sylvester's design of the fewest runs in which each knob gets columns of
    /// its own (one for one value; two for two or three values: the pair's four patterns are the default, each value,
    /// and the default again for a knob of two) whose products are no other knob's column. Every value's level is then
    /// orthogonal to every other knob's, and two values of one knob are never on together; a one-value knob is on in
    /// half the runs, a value of a two-value knob in a quarter. With the foldover (every column flipped) every
    /// one-value knob's effect is clear of two-factor interactions.
    /// </summary>
    public static TwoLevelDesign ForKnobs(IReadOnlyList<int> valuesPerKnob, bool foldover)
    {
        if (valuesPerKnob.Count == 0 || valuesPerKnob.Any(v => v is < 1 or > 3))
            throw new ArgumentOutOfRangeException(nameof(valuesPerKnob), "every knob needs one to three values");
        for (var size = 4; size <= 128; size *= 2)
        {
            if (ColumnsFor(valuesPerKnob, size) is not { } columns) continue;
            var matrix = Sylvester(size);
            int Level(int run, int column) => matrix[run][column - 1];
            var runs = new List<IReadOnlyList<int>>();
            for (var pass = 0; pass < (foldover ? 2 : 1); pass++)
            for (var run = 0; run < size; run++)
            {
                var levels = new List<int>();
                for (var k = 0; k < valuesPerKnob.Count; k++)
                {
                    // The knob's pattern: bit b set where its b-th column is high (flipped in the foldover).
                    var pattern = columns[k].Select((c, b) => (Level(run, c) * (pass == 0 ? 1 : -1) > 0 ? 1 : 0) << b).Sum();
                    levels.AddRange(Enumerable.Range(1, valuesPerKnob[k]).Select(v => v == pattern ? 1 : -1));
                }
                runs.Add(levels);
            }
            return new TwoLevelDesign(runs, valuesPerKnob.Sum(), foldover);
        }
        throw new ArgumentOutOfRangeException(nameof(valuesPerKnob), $"{valuesPerKnob.Count} knobs do not fit a design of 128 runs");
    }

    /// <summary>Each knob's columns of Sylvester's design of <paramref name="size"/> runs (column c is the parity of run &amp; c), no knob's columns or their product another's; null where they do not fit.</summary>
    private static int[][]? ColumnsFor(IReadOnlyList<int> valuesPerKnob, int size)
    {
        var taken = new HashSet<int>();
        var columns = new int[valuesPerKnob.Count][];
        // Knobs of two columns first: they need three free columns that close under the product (a, b and a ^ b).
        foreach (var k in Enumerable.Range(0, valuesPerKnob.Count).OrderByDescending(k => valuesPerKnob[k]))
        {
            int[]? chosen = null;
            for (var a = 1; a < size && chosen is null; a++)
            {
                if (taken.Contains(a)) continue;
                if (valuesPerKnob[k] == 1) chosen = [a];
                else
                    for (var b = a + 1; b < size && chosen is null; b++)
                        if (!taken.Contains(b) && !taken.Contains(a ^ b)) chosen = [a, b];
            }
            if (chosen is null) return null;
            columns[k] = chosen;
            taken.UnionWith(chosen.Length == 1 ? chosen : [chosen[0], chosen[1], chosen[0] ^ chosen[1]]);
        }
        return columns;
    }

    /// <summary>The run counts there are designs of, before a foldover.</summary>
    public static readonly IReadOnlyList<int> Sizes = [4, 8, 12, 16, 20, 24, 32, 44, 48, 60, 64];

    private static bool IsPowerOfTwo(int n) => (n & (n - 1)) == 0;

    /// <summary>Rows of the Hadamard matrix of order n, its all-ones column dropped and signs flipped so that the first run is every factor low.</summary>
    private static int[][] Sylvester(int n)
    {
        var h = new int[n][];
        for (var i = 0; i < n; i++)
        {
            h[i] = new int[n - 1];
            for (var j = 1; j < n; j++) h[i][j - 1] = (System.Numerics.BitOperations.PopCount((uint)(i & j)) % 2 == 0) ? -1 : 1;
        }
        return h;
    }

    /// <summary>Plackett and Burman's cyclic design from the quadratic residues of a prime q = 3 (mod 4): q shifted rows, then one of every factor low.</summary>
    private static int[][] Paley(int q)
    {
        var residues = Enumerable.Range(1, q - 1).Select(j => j * j % q).ToHashSet();
        var generator = Enumerable.Range(0, q).Select(j => j == 0 || residues.Contains(j) ? 1 : -1).ToArray();
        var rows = Enumerable.Range(0, q).Select(i => Enumerable.Range(0, q).Select(k => generator[((k - i) % q + q) % q]).ToArray()).ToList();
        rows.Add(Enumerable.Repeat(-1, q).ToArray());
        // The run of every factor low first: the default, where a screen starts.
        return [.. rows.Skip(q), .. rows.Take(q)];
    }
}
