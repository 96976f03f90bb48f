using Spectre.Console;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>A console of its own for each run, so that progress displays of tests running in parallel do not collide.</summary>
public static class QuietConsole
{
    public static IAnsiConsole Create() => AnsiConsole.Create(new AnsiConsoleSettings { Out = new AnsiConsoleOutput(TextWriter.Null) });
}
