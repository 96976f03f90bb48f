using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>
/// The start times of an open-model phase whose rate moves linearly from <see cref="FromPerSecond"/> to
/// <see cref="ToPerSecond"/> over <see cref="During"/> (a constant rate when both are equal). Call k starts where
/// the integrated rate reaches k, so the count is exact and known before the first call. With Poisson arrivals the
/// count stays exact and the starts are where the integrated rate reaches sorted uniform draws in [0, count): given
/// its count, that is how a Poisson process's arrivals fall, bunching and gaps included.
/// </summary>
public sealed record InjectionSchedule(double FromPerSecond, double ToPerSecond, TimeSpan During)
{
    // The draws, made on first use; a copy made with 'with' and another seed or count makes its own.
    private (int Seed, double[] Points)? _poisson;

    public Arrivals Arrivals { get; init; } = Arrivals.Uniform;

    /// <summary>The seed of the Poisson draws: the same seed, the same arrivals, so that configurations compared get the same ones.</summary>
    public int Seed { get; init; } = 1;

    /// <summary>The integral of the rate over the phase, rounded: 50/s for 10 s is 500; 0 to 40/s over 5 s is 100.</summary>
    public int Count => (int)Math.Round((FromPerSecond + ToPerSecond) / 2 * During.TotalSeconds, MidpointRounding.AwayFromZero);

    public double PerSecondAt(TimeSpan sincePhaseStart) =>
        FromPerSecond + (ToPerSecond - FromPerSecond) * Math.Clamp(sincePhaseStart.Ticks / (double)During.Ticks, 0, 1);

    /// <summary>When call <paramref name="call"/> (0 to <see cref="Count"/> - 1) starts, from the start of the phase.</summary>
    public TimeSpan StartOf(int call) => At(Arrivals == Arrivals.Poisson ? PoissonPoints()[call] : call);

    private double[] PoissonPoints()
    {
        if (_poisson is { } drawn && drawn.Seed == Seed && drawn.Points.Length == Count) return drawn.Points;
        var random = new Random(Seed);
        var points = new double[Count];
        for (var i = 0; i < points.Length; i++) points[i] = random.NextDouble() * Count;
        Array.Sort(points);
        _poisson = (Seed, points);
        return points;
    }

    /// <summary>Where the integrated rate reaches <paramref name="call"/>.</summary>
    private TimeSpan At(double call)
    {
        if (call <= 0) return TimeSpan.Zero;
        // Solves From·t + a·t² = call with a = (To − From) / (2·During), in the form 2c / (b + √(b² + 4ac)),
        // which stays exact when a is 0 (constant rate) and when the rate ramps down.
        var a = (ToPerSecond - FromPerSecond) / (2 * During.TotalSeconds);
        var seconds = 2 * call / (FromPerSecond + Math.Sqrt(FromPerSecond * FromPerSecond + 4 * a * call));
        return TimeSpan.FromTicks((long)Math.Round(seconds * TimeSpan.TicksPerSecond));
    }
}
