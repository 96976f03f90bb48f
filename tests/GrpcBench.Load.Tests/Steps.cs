using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

/// <summary>Steps and helpers shared by the run tests.</summary>
internal static class Steps
{
    public static TimeSpan Seconds(double seconds) => TimeSpan.FromSeconds(seconds);

    public static Task<StepResult> Fast(StepContext context) => Task.FromResult(StepResult.Ok(10, 20));

    /// <summary>Never completes and ignores its token, like a call stuck in a library that does not honour cancellation.</summary>
    public static Task<StepResult> Never(StepContext context) => new TaskCompletionSource<StepResult>().Task;

    public static async Task<ScenarioStats> RunOneAsync(LoadScenario scenario) => (await LoadRunner.RunAsync([scenario])).Scenarios.Single();
}

/// <summary>The most calls a step had running at once.</summary>
internal sealed class ConcurrencyMeter
{
    private int _current;
    private int _max;

    public int Max => Volatile.Read(ref _max);

    /// <summary>The calls in flight now, the caller's among them where it is measured.</summary>
    public int Current => Volatile.Read(ref _current);

    public async Task<StepResult> MeasureAsync(Func<Task> work)
    {
        var now = Interlocked.Increment(ref _current);
        for (var max = Max; now > max; max = Max) Interlocked.CompareExchange(ref _max, now, max);
        try
        {
            await work();
            return StepResult.Ok();
        }
        finally
        {
            Interlocked.Decrement(ref _current);
        }
    }
}
