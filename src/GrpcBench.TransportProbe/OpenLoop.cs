using System.Diagnostics;

namespace GrpcBench.TransportProbe;

public sealed record OpenLoopResult(List<double> LatenciesMs, int Ok, int Failed, Dictionary<string, int> Failures, double MaxStartLagMs);

/// <summary>
/// Open-model load: calls start on a fixed schedule whether or not earlier ones have finished, so a slow
/// server shows up as latency and failures instead of as a lower offered rate. Latency counts from each
/// call's actual start; how late calls started against the schedule is reported beside it, to show that
/// the load was offered as asked. Bounded by count (rate x duration) and by a per-call timeout.
/// </summary>
public static class OpenLoop
{
    public static async Task<OpenLoopResult> RunAsync(double perSecond, TimeSpan duration, TimeSpan callTimeout,
        Func<CancellationToken, Task> call, CancellationToken cancellationToken)
    {
        var count = (int)Math.Round(perSecond * duration.TotalSeconds);
        var interval = TimeSpan.FromSeconds(1 / perSecond);
        var clock = Stopwatch.StartNew();
        var calls = new List<Task<(double Ms, string? Failure)>>(count);
        var maxLag = TimeSpan.Zero;

        for (var i = 0; i < count && !cancellationToken.IsCancellationRequested; i++)
        {
            var scheduled = interval * i;
            var wait = scheduled - clock.Elapsed;
            if (wait > TimeSpan.Zero) await Task.Delay(wait, cancellationToken);
            var lag = clock.Elapsed - scheduled;
            if (lag > maxLag) maxLag = lag;
            calls.Add(TimedAsync(call, callTimeout, cancellationToken));
        }

        var results = await Task.WhenAll(calls);
        var failures = results.Where(r => r.Failure is not null).GroupBy(r => r.Failure!).ToDictionary(g => g.Key, g => g.Count());
        return new(results.Where(r => r.Failure is null).Select(r => r.Ms).ToList(), results.Count(r => r.Failure is null), failures.Values.Sum(), failures,
            maxLag.TotalMilliseconds);
    }

    private static async Task<(double, string?)> TimedAsync(Func<CancellationToken, Task> call, TimeSpan callTimeout, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(callTimeout);
        try
        {
            await call(timeout.Token);
            return (clock.Elapsed.TotalMilliseconds, null);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return (double.NaN, "timeout");
        }
        catch (HttpRequestException e)
        {
            return (double.NaN, e.StatusCode is { } status ? $"http {(int)status}" : e.HttpRequestError.ToString());
        }
    }
}
