namespace GrpcBench.Load.Engine;

/// <summary>
/// The start times of an open-model phase whose rate moves linearly from <see cref="FromPerSecond"/> to
/// <see cref="ToPerSecond"/> over <see cref="During"/> (a constant rate when both are equal). Call k starts where
/// the integrated rate reaches k, so the count is exact and known before the first call.
/// </summary>
public sealed record InjectionSchedule(double FromPerSecond, double ToPerSecond, TimeSpan During)
{
    /// <summary>The integral of the rate over the phase, rounded: 50/s for 10 s is 500; 0 to 40/s over 5 s is 100.</summary>
    public int Count => (int)Math.Round((FromPerSecond + ToPerSecond) / 2 * During.TotalSeconds, MidpointRounding.AwayFromZero);

    public double PerSecondAt(TimeSpan sincePhaseStart) =>
        FromPerSecond + (ToPerSecond - FromPerSecond) * Math.Clamp(sincePhaseStart.Ticks / (double)During.Ticks, 0, 1);

    /// <summary>When call <paramref name="call"/> (0 to <see cref="Count"/> - 1) starts, from the start of the phase.</summary>
    public TimeSpan StartOf(int call)
    {
        if (call == 0) return TimeSpan.Zero;
        // Solves From·t + a·t² = call with a = (To − From) / (2·During), in the form 2c / (b + √(b² + 4ac)),
        // which stays exact when a is 0 (constant rate) and when the rate ramps down.
        var a = (ToPerSecond - FromPerSecond) / (2 * During.TotalSeconds);
        var seconds = 2 * call / (FromPerSecond + Math.Sqrt(FromPerSecond * FromPerSecond + 4 * a * call));
        return TimeSpan.FromTicks((long)Math.Round(seconds * TimeSpan.TicksPerSecond));
    }
}
