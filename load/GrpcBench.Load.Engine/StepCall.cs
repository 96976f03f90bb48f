namespace GrpcBench.Load.Engine;

/// <summary>One call of a step, bounded by its deadline: it never throws and never outlives the deadline.</summary>
internal static class StepCall
{
    public const string DeadlineExceeded = "DeadlineExceeded";
    public const string Cancelled = "Cancelled";

    public static async Task<StepResult> RunAsync(Func<StepContext, Task<StepResult>> step, long invocationNumber, TimeSpan scheduledStart,
        TimeSpan timeout, RunClock clock, CancellationToken runCancelled)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(runCancelled);
        var untilDeadline = scheduledStart + timeout - clock.Elapsed;
        deadline.CancelAfter(untilDeadline > TimeSpan.Zero ? untilDeadline : TimeSpan.Zero);
        // On the thread pool, so that a step doing synchronous work before its first await cannot delay the next start.
        var call = Task.Run(() => step(new StepContext(invocationNumber, scheduledStart, deadline.Token)));
        await Task.WhenAny(call, Task.Delay(Timeout.InfiniteTimeSpan, deadline.Token));
        if (!call.IsCompleted)
        {
            // The step ignores its token: abandon it, observing whatever it throws later.
            _ = call.ContinueWith(abandoned => abandoned.Exception, TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously);
            return StepResult.Fail(CutShort(runCancelled));
        }

        try
        {
            return await call;
        }
        catch (OperationCanceledException) when (deadline.IsCancellationRequested)
        {
            return StepResult.Fail(CutShort(runCancelled));
        }
        catch (Exception exception)
        {
            return StepResult.Fail(exception.GetType().Name);
        }
    }

    private static string CutShort(CancellationToken runCancelled) => runCancelled.IsCancellationRequested ? Cancelled : DeadlineExceeded;
}
