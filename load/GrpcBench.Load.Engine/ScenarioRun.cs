using System.Collections.Concurrent;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Engine;

/// <summary>
/// One scenario's phases, played on the run's clock. Open-model calls start on their schedule and the injector never
/// waits for them; closed-model loops each wait for their own call. Both are counted in <see cref="_pending"/>,
/// which also holds one for the injector itself, so that it reaches zero only once injection has stopped and every
/// call has ended. No warm-up call overlaps a measured one: when the first measured phase starts, closed-model warm-up
/// calls are waited for (one copy means one call at a time, and a transfer cut short would leave its bytes queued on
/// the link), open-model ones, whose schedule cannot wait, are cut short.
/// </summary>
internal sealed class ScenarioRun
{
    private readonly LoadScenario _scenario;
    private readonly ScenarioPlan _plan;
    private readonly RunClock _clock;
    private readonly ScenarioRecorder _recorder;
    private readonly Func<ScenarioProgress, bool>? _stopCheck;
    private readonly Action? _measuring;
    private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly ConcurrentQueue<Task> _warmUpCalls = new();
    private int _pending = 1;
    private long _invocations;
    private long _stoppedAtTicks = -1;

    /// <param name="stopCheck">Asked as calls are injected whether the run should end now (see <see cref="LoadRunner.RunAsync"/>).</param>
    /// <param name="measuring">Called once as the first measured phase begins, after the warm-up's calls have ended.</param>
    public ScenarioRun(LoadScenario scenario, RunClock clock, Func<ScenarioProgress, bool>? stopCheck = null, Action? measuring = null)
    {
        (_scenario, _plan, _clock, _stopCheck, _measuring) = (scenario, new ScenarioPlan(scenario), clock, stopCheck, measuring);
        _recorder = new ScenarioRecorder(_plan.MeasuredStart, scenario.SlowAfter);
    }

    public async Task<ScenarioStats> RunAsync(CancellationToken cancellationToken)
    {
        using var warmUp = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        // A thread of its own, not the thread pool's: steps that block pool threads, or a pool still growing at
        // start-up, would otherwise delay starts by hundreds of milliseconds.
        await Task.Factory.StartNew(() => PlayPhases(warmUp, cancellationToken), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        var stoppedAt = _clock.Elapsed;
        Volatile.Write(ref _stoppedAtTicks, stoppedAt.Ticks);
        Release();
        await _drained.Task;
        var measured = TimeSpan.FromTicks(Math.Clamp((stoppedAt - _plan.MeasuredStart).Ticks, 0, _plan.MeasuredDuration.Ticks));
        return _recorder.Stats(_scenario.Name, measured, _plan.AskedInjectionRate, Interlocked.Read(ref _invocations));
    }

    /// <summary>The figures so far, over the measured time elapsed so far, without the calls' points; calls go on meanwhile.</summary>
    public ScenarioStats Snapshot()
    {
        var measured = TimeSpan.FromTicks(Math.Clamp((_clock.Elapsed - _plan.MeasuredStart).Ticks, 0, _plan.MeasuredDuration.Ticks));
        return _recorder.Snapshot(_scenario.Name, measured, _plan.AskedInjectionRate, Interlocked.Read(ref _invocations));
    }

    public ScenarioProgress Progress()
    {
        var now = _clock.Elapsed;
        var (ok, failed, slow) = _recorder.Counts(now);
        var stoppedAtTicks = Volatile.Read(ref _stoppedAtTicks);
        var afterLastPhase = _scenario.Simulations.Count;
        if (_drained.Task.IsCompleted) return new(_scenario.Name, afterLastPhase, "done", 0, TimeSpan.Zero, TimeSpan.Zero, ok, failed, 0, slow);
        if (stoppedAtTicks >= 0)
        {
            return new(_scenario.Name, afterLastPhase, "draining", 0, now - TimeSpan.FromTicks(stoppedAtTicks), _scenario.CallTimeout, ok, failed,
                Volatile.Read(ref _pending), slow);
        }

        var phase = _plan.PhaseAt(now);
        var sincePhaseStart = now - phase.Start;
        return new(_scenario.Name, phase.Index, phase.Name, phase.Schedule?.PerSecondAt(sincePhaseStart) ?? 0, sincePhaseStart, phase.Simulation.During,
            ok, failed, Math.Max(0, Volatile.Read(ref _pending) - 1), slow, phase.Requests);
    }

    private void PlayPhases(CancellationTokenSource warmUp, CancellationToken cancellationToken)
    {
        foreach (var phase in _plan.Phases)
        {
            if (!_clock.WaitUntil(phase.Start, cancellationToken)) return;
            if (!phase.IsWarmUp && phase.Index == 0)
            {
                EndWarmUp(warmUp);
                _measuring?.Invoke();
            }
            var calls = phase.IsWarmUp ? warmUp.Token : cancellationToken;
            if (phase.Schedule is null)
            {
                var loops = StartLoops(phase, calls);
                // A phase bounded in count ends with its last call: the last phase, the scenario (the drain has nothing left).
                if (phase.Requests is not null && ReferenceEquals(phase, _plan.Phases[^1]))
                {
                    WaitForLoops(loops, phase, cancellationToken);
                    return;
                }
            }
            else if (!Inject(phase, phase.Schedule, calls)) return;
        }

        _clock.WaitUntil(_plan.End, cancellationToken);
    }

    /// <summary>Until every loop has ended, the phase's end plus a call's deadline at the latest (a loop starts no call after the phase's end).</summary>
    private void WaitForLoops(Task[] loops, PlannedPhase phase, CancellationToken cancellationToken)
    {
        var latest = phase.End + _scenario.CallTimeout + TimeSpan.FromSeconds(1) - _clock.Elapsed;
        try
        {
            Task.WaitAll(loops, (int)Math.Max(0, latest.TotalMilliseconds), cancellationToken);
        }
        catch (OperationCanceledException)
        {
        }
    }

    /// <summary>Waits for the warm-up calls still in flight, after cutting them in the open model (a cut call ends at once, see StepCall).</summary>
    private void EndWarmUp(CancellationTokenSource warmUp)
    {
        if (_warmUpCalls.IsEmpty) return;
        if (_plan.Phases[0].Schedule is not null) warmUp.Cancel();
        // A call never outlives its deadline, so this wait is bounded by it.
        Task.WaitAll([.. _warmUpCalls], _scenario.CallTimeout + TimeSpan.FromSeconds(1));
        _warmUpCalls.Clear();
    }

    private bool Inject(PlannedPhase phase, InjectionSchedule schedule, CancellationToken cancellationToken)
    {
        var nextCheck = TimeSpan.Zero;
        for (var call = 0; call < schedule.Count; call++)
        {
            var scheduledStart = phase.Start + schedule.StartOf(call);
            if (!_clock.WaitUntil(scheduledStart, cancellationToken)) return false;
            if (!phase.IsWarmUp) _recorder.Started(scheduledStart, _clock.Elapsed);
            _ = CountedAsync(WarmUpTracked(phase, CallAsync(scheduledStart, !phase.IsWarmUp, cancellationToken)));
            if (_stopCheck is not null && !phase.IsWarmUp && _clock.Elapsed >= nextCheck)
            {
                if (_stopCheck(Progress())) return false;
                nextCheck = _clock.Elapsed + LoadRunner.StopCheckInterval;
            }
        }

        return true;
    }

    private Task[] StartLoops(PlannedPhase phase, CancellationToken cancellationToken)
    {
        var tickets = new RequestTickets(phase.Requests);
        var loops = new Task[phase.Copies];
        for (var copy = 0; copy < phase.Copies; copy++) loops[copy] = CountedAsync(WarmUpTracked(phase, LoopAsync(phase, tickets, cancellationToken)));
        return loops;
    }

    private Task WarmUpTracked(PlannedPhase phase, Task work)
    {
        if (phase.IsWarmUp) _warmUpCalls.Enqueue(work);
        return work;
    }

    /// <summary>
    /// One closed-model copy: a call after the other until the phase ends or its calls are all taken, and at least one
    /// (if one is left), so that a measured phase shorter than a call still measures one (a warm-up transfer waited for
    /// may have taken the phase's whole time).
    /// </summary>
    private async Task LoopAsync(PlannedPhase phase, RequestTickets tickets, CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested) return;
        do
        {
            if (!tickets.TryTake()) return;
            await CallAsync(_clock.Elapsed, !phase.IsWarmUp, cancellationToken);
        }
        while (_clock.Elapsed < phase.End && !cancellationToken.IsCancellationRequested);
    }

    /// <summary>The calls a closed-model phase has left, shared by its copies; unbounded when it has no count.</summary>
    private sealed class RequestTickets(int? requests)
    {
        private long _taken;

        public bool TryTake() => requests is not { } bound || Interlocked.Increment(ref _taken) <= bound;
    }

    private async Task CallAsync(TimeSpan scheduledStart, bool measured, CancellationToken cancellationToken)
    {
        var result = await StepCall.RunAsync(_scenario.Step, Interlocked.Increment(ref _invocations), scheduledStart, _scenario.CallTimeout, _clock,
            cancellationToken);
        if (measured) _recorder.Completed(result, scheduledStart, _clock.Elapsed - scheduledStart);
    }

    // Work started while the injector still holds its count, so _pending cannot reach zero before it is counted.
    private async Task CountedAsync(Task work)
    {
        Interlocked.Increment(ref _pending);
        try
        {
            await work;
        }
        finally
        {
            Release();
        }
    }

    private void Release()
    {
        if (Interlocked.Decrement(ref _pending) == 0) _drained.TrySetResult();
    }
}
