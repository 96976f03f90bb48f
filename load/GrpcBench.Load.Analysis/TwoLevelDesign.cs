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
    /// every value is fitted from every run: Sylvester's design of the fewest runs in which each knob gets columns of its
    /// own, m of them for up to 2^m - 1 values (one for one value, two for two or three, three for four to seven), whose
    /// products are no other knob's column. The knob's pattern of high columns in a run names its value (pattern 0, and
    /// any beyond its values, the default). Every value's level is then independent of every other knob's, two values of
    /// one knob are never on together, and a value is on in 1/2^m of the runs. With the foldover (every column flipped)
    /// every one-value knob's effect is clear of two-factor interactions.
    /// </summary>
    public static TwoLevelDesign ForKnobs(IReadOnlyList<int> valuesPerKnob, bool foldover)
    {
        if (valuesPerKnob.Count == 0 || valuesPerKnob.Any(v => v is < 1 or > 7))
            throw new ArgumentOutOfRangeException(nameof(valuesPerKnob), "every knob needs one to seven values");
        for (var size = 4; size <= 128; size *= 2)
        {
            if (ColumnsFor(valuesPerKnob, size) is not { } columns) continue;
            var matrix = Sylvester(size);
            var runs = new List<IReadOnlyList<int>>();
            for (var pass = 0; pass < (foldover ? 2 : 1); pass++)
            for (var run = 0; run < size; run++)
            {
                var levels = new List<int>();
                for (var k = 0; k < valuesPerKnob.Count; k++)
                {
                    var pattern = columns[k].Select((c, bit) => (matrix[run][c - 1] * (pass == 0 ? 1 : -1) > 0 ? 1 : 0) << bit).Sum();
                    levels.AddRange(Enumerable.Range(1, valuesPerKnob[k]).Select(v => v == pattern ? 1 : -1));
                }
                runs.Add(levels);
            }
            return new TwoLevelDesign(runs, valuesPerKnob.Sum(), foldover);
        }
        throw new ArgumentOutOfRangeException(nameof(valuesPerKnob), $"{valuesPerKnob.Count} knobs do not fit a design of 128 runs");
    }

    /// <summary>The columns a knob of <paramref name="values"/> values takes.</summary>
    public static int ColumnsOf(int values) => (int)Math.Ceiling(Math.Log2(values + 1));

    /// <summary>
    /// Each knob's columns of Sylvester's design of <paramref name="size"/> runs (column c is the parity of run &amp; c, so
    /// that the product of columns a and b is column a ^ b), no knob's columns or their products another's; null where
    /// they do not fit. The knobs of most columns choose first.
    /// </summary>
    private static int[][]? ColumnsFor(IReadOnlyList<int> valuesPerKnob, int size)
    {
        var taken = new HashSet<int>();
        var columns = new int[valuesPerKnob.Count][];
        foreach (var k in Enumerable.Range(0, valuesPerKnob.Count).OrderByDescending(k => valuesPerKnob[k]))
        {
            var span = new HashSet<int>();
            if (Choose(ColumnsOf(valuesPerKnob[k]), size, taken, [], span) is not { } chosen) return null;
            columns[k] = chosen;
            taken.UnionWith(span);
        }
        return columns;
    }

    /// <summary>Columns to add to <paramref name="basis"/> until it has <paramref name="count"/>, every product of them (<paramref name="span"/>) free.</summary>
    private static int[]? Choose(int count, int size, HashSet<int> taken, List<int> basis, HashSet<int> span)
    {
        if (basis.Count == count) return [.. basis];
        for (var c = basis.Count == 0 ? 1 : basis[^1] + 1; c < size; c++)
        {
            if (taken.Contains(c) || span.Contains(c)) continue;
            var added = span.Select(s => s ^ c).Append(c).ToList();
            if (added.Any(taken.Contains)) continue;
            basis.Add(c);
            span.UnionWith(added);
            if (Choose(count, size, taken, basis, span) is { } found) return found;
            basis.RemoveAt(basis.Count - 1);
            span.ExceptWith(added);
        }
        return null;
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
