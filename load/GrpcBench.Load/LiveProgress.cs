using System.Globalization;
using GrpcBench.Load.Results;
using Spectre.Console;
using static GrpcBench.Load.Durations;

namespace GrpcBench.Load;

/// <summary>
/// What the run is doing, on the terminal: configuration i of n, each scenario's phase, rate, ok/fail so far and the time
/// its phase has left. Redirected to a file, a plain line every 5 s instead of a redrawn one.
/// </summary>
public sealed class LiveProgress(IAnsiConsole console)
{
    private readonly bool _interactive = !Console.IsOutputRedirected;
    private readonly Dictionary<string, PhaseStart> _phaseStarts = [];
    private DateTime _lastLine = DateTime.MinValue;

    /// <summary>Where a scenario's phase was first seen: the closed model's rate is what was done since then.</summary>
    private sealed record PhaseStart(int PhaseIndex, long Done, TimeSpan PhaseElapsed);

    /// <param name="more">Text after the scenarios' progress (a soak's estimate and memory); null for none.</param>
    public async Task<T> RunAsync<T>(string title, Func<Action<LoadProgress>, Task<T>> run, Func<LoadProgress, string>? more = null)
    {
        string Line(LoadProgress progress) => more is null ? Describe(progress) : $"{Describe(progress)}; {more(progress)}";
        if (!_interactive)
        {
            console.WriteLine(title);
            return await run(progress =>
            {
                // Every snapshot goes through Describe, so that a phase's start is seen as close to it as snapshots allow.
                var line = Line(progress);
                if (DateTime.UtcNow - _lastLine < TimeSpan.FromSeconds(5)) return;
                _lastLine = DateTime.UtcNow;
                console.WriteLine("  " + line);
            });
        }
        return await console.Status().StartAsync(Markup.Escape(title), context => run(progress =>
            context.Status(Markup.Escape($"{title}  {Line(progress)}"))));
    }

    /// <summary>
    /// Each scenario as "phase, rate, ok, fail, in flight, time left": the open model's rate is the one asked for, the closed
    /// model's the one done since the phase began; the time left is the phase's, or less when its calls run out sooner.
    /// </summary>
    public string Describe(LoadProgress progress) => string.Join("; ", progress.Scenarios.Select(s =>
    {
        var running = s.PhaseIndex >= 0 && s.Phase is not ("done" or "draining");
        var done = s.Ok + s.Failed;
        if (!_phaseStarts.TryGetValue(s.Scenario, out var start) || start.PhaseIndex != s.PhaseIndex)
            _phaseStarts[s.Scenario] = start = new(s.PhaseIndex, done, s.PhaseElapsed);
        var seconds = (s.PhaseElapsed - start.PhaseElapsed).TotalSeconds;
        double? donePerSecond = running && seconds >= 1 ? (done - start.Done) / seconds : null;

        var rate = s.TargetRatePerSecond > 0 ? Invariant($"{s.TargetRatePerSecond:0.#}/s")
            : donePerSecond is { } measured ? Invariant($"{measured:0}/s done")
            : "-/s";
        var line = $"{s.Scenario}: {s.Phase}, {rate}, ok {s.Ok}, fail {s.Failed}, in flight {s.InFlight}";
        if (!running) return line;
        var left = s.PhaseDuration - s.PhaseElapsed;
        // Ok and Failed count measured calls, all of them the first phase's while it lasts.
        var doneInPhase = s.PhaseIndex == 0 ? done : done - start.Done;
        if (s.Requests is { } requests && donePerSecond is { } perSecond && perSecond > 0)
            left = TimeSpan.FromSeconds(Math.Min(left.TotalSeconds, Math.Max(0, requests - doneInPhase) / perSecond));
        return left >= TimeSpan.FromSeconds(1) ? $"{line}, about {Minutes(left)} left" : line;
    }));

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
