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
