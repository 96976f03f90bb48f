using Spectre.Console;

namespace GrpcBench.Load.Reporting;

/// <summary>The console the tool writes to: the terminal as it is, or, redirected, plain text wide enough for the tables.</summary>
public static class ConsoleSetup
{
    /// <summary>Redirected output has no width of its own; Spectre would assume 80 and wrap every table.</summary>
    public const int RedirectedWidth = 200;

    public static IAnsiConsole ForOutput() => Console.IsOutputRedirected ? ForWriter(Console.Out) : AnsiConsole.Console;

    /// <summary>Plain text (no ANSI codes, no colours, nothing interactive) into <paramref name="writer"/>, <paramref name="width"/> columns wide.</summary>
    public static IAnsiConsole ForWriter(TextWriter writer, int width = RedirectedWidth)
    {
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Ansi = AnsiSupport.No,
            ColorSystem = ColorSystemSupport.NoColors,
            Interactive = InteractionSupport.No,
            Out = new AnsiConsoleOutput(writer),
        });
        console.Profile.Width = width;
        return console;
    }
}
