using System.Diagnostics;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>A program run to its end with both streams read; past a time limit it is stopped and the test fails saying so.</summary>
public static class ChildProcess
{
    public static Task<(int Exit, string Output, string Error)> RunAsync(string program, string workingDirectory, TimeSpan limit, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo(program) { WorkingDirectory = workingDirectory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        return WaitAsync(Process.Start(start)!, limit);
    }

    /// <summary>
    /// <paramref name="process"/> (its output redirected) waited for, then disposed. Past <paramref name="limit"/> it gets
    /// Ctrl+C first where <paramref name="interruptGrace"/> is given (a tool that stops its own children on it), and its
    /// whole tree is killed if it is still there after that.
    /// </summary>
    public static async Task<(int Exit, string Output, string Error)> WaitAsync(Process process, TimeSpan limit, TimeSpan? interruptGrace = null)
    {
        using var _ = process;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        if (await ExitedWithinAsync(process, limit)) return (process.ExitCode, await output, await error);
        if (interruptGrace is { } grace)
        {
            Signals.Send(process.Id, Signals.Interrupt);
            if (!await ExitedWithinAsync(process, grace)) process.Kill(entireProcessTree: true);
        }
        else process.Kill(entireProcessTree: true);
        throw new TimeoutException($"{process.StartInfo.FileName} {string.Join(' ', process.StartInfo.ArgumentList)} ran past {limit.TotalMinutes:0.#} min: {await output}");
    }

    private static async Task<bool> ExitedWithinAsync(Process process, TimeSpan limit)
    {
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }
}
