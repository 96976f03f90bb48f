using System.Globalization;
using GrpcBench.Load.Engine;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// What the run is doing, on the terminal: configuration i of n, each scenario's phase, rate and ok/fail so far.
/// Redirected to a file, a plain line every 5 s instead of a redrawn one.
/// </summary>
public sealed class LiveProgress(IAnsiConsole console)
{
    private readonly bool _interactive = !Console.IsOutputRedirected;
    private DateTime _lastLine = DateTime.MinValue;

    /// <param name="more">Text after the scenarios' progress (a soak's estimate and memory); null for none.</param>
    public async Task<T> RunAsync<T>(string title, Func<Action<LoadProgress>, Task<T>> run, Func<LoadProgress, string>? more = null)
    {
        string Line(LoadProgress progress) => more is null ? Describe(progress) : $"{Describe(progress)}; {more(progress)}";
        if (!_interactive)
        {
            console.WriteLine(title);
            return await run(progress =>
            {
                if (DateTime.UtcNow - _lastLine < TimeSpan.FromSeconds(5)) return;
                _lastLine = DateTime.UtcNow;
                console.WriteLine("  " + Line(progress));
            });
        }
        return await console.Status().StartAsync(Markup.Escape(title), context => run(progress =>
            context.Status(Markup.Escape($"{title}  {Line(progress)}"))));
    }

    public static string Describe(LoadProgress progress) => string.Join("; ", progress.Scenarios.Select(s =>
        string.Create(CultureInfo.InvariantCulture, $"{s.Scenario}: {s.Phase}, {s.TargetRatePerSecond:0.#}/s, ok {s.Ok}, fail {s.Failed}, in flight {s.InFlight}")));
}
