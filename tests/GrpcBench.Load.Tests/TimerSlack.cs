namespace GrpcBench.Load.Tests;

/// <summary>
/// How early a .NET timer (Task.Delay, a timed cancellation) may end when measured with Stopwatch: timers run on
/// the coarse monotonic clock (CLOCK_MONOTONIC_COARSE, a 4 ms tick here), so they can fire up to about two ticks
/// before the precise clock says they are due (CI saw 94.6 ms for a 100 ms delay, 493.3 ms for a 500 ms deadline).
/// </summary>
public static class TimerSlack
{
    public const double Ms = 10;
}
