using System.Diagnostics;

namespace GrpcBench.Orchestration;

/// <summary>Programs that set something up and then exec the command they are given (taskset, ip netns exec).</summary>
public static class Launchers
{
    /// <summary>
    /// <paramref name="start"/> run through <paramref name="launcher"/> with <paramref name="arguments"/> before the command;
    /// the same redirections and environment. A launcher that execs keeps the pid.
    /// </summary>
    public static ProcessStartInfo Prefixed(ProcessStartInfo start, string launcher, params string[] arguments)
    {
        var prefixed = new ProcessStartInfo(launcher)
        {
            RedirectStandardOutput = start.RedirectStandardOutput,
            RedirectStandardError = start.RedirectStandardError,
            RedirectStandardInput = start.RedirectStandardInput,
            UseShellExecute = false,
        };
        foreach (var argument in arguments.Append(start.FileName).Concat(start.ArgumentList)) prefixed.ArgumentList.Add(argument);
        prefixed.Environment.Clear();
        foreach (var (key, value) in start.Environment) prefixed.Environment[key] = value;
        return prefixed;
    }
}
