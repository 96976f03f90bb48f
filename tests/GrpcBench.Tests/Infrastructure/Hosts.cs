using System.Diagnostics;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

public static class Hosts
{
    public const string Kestrel = "GrpcBench.KestrelHost";
    public const string Legacy = "GrpcBench.LegacyHost";

    /// <summary>The load tool's build, started as a process of its own by the tests that need one.</summary>
    public static string LoadToolAssembly { get; } = Path.Combine(DotnetRoots.RepositoryRoot, "load", "GrpcBench.Load", "bin",
        BuildConfiguration.Current, "net10.0", "GrpcBench.Load.dll");

    /// <summary>The load tool as a process of its own, on the SDK's runtime, its output redirected.</summary>
    public static Process StartLoadTool(params string[] arguments) => StartLoadTool(new Dictionary<string, string>(), arguments);

    /// <summary>The load tool with more environment variables, which its hosts inherit (GRPCBENCH_ settings).</summary>
    /// <remarks>
    /// Started through env --default-signal=INT (which then execs dotnet: same process), so that the tool gets Ctrl+C as a
    /// terminal would give it even when the tests run from a shell that started them in the background: such a shell
    /// ignores SIGINT for its jobs, children inherit the ignore, and .NET keeps a signal ignored that it found ignored.
    /// </remarks>
    public static Process StartLoadTool(IReadOnlyDictionary<string, string> environment, params string[] arguments)
    {
        var start = new ProcessStartInfo("/usr/bin/env") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var (name, value) in environment) start.Environment[name] = value;
        start.ArgumentList.Add("--default-signal=INT");
        start.ArgumentList.Add(Path.Combine(DotnetRoots.SystemRoot, "dotnet"));
        start.ArgumentList.Add(LoadToolAssembly);
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        return Process.Start(start)!;
    }

    /// <summary>
    /// The load tool run to its end: its exit code, output and error. <paramref name="limit"/> guards against a hang, not
    /// a slow machine: past it the tool gets Ctrl+C (it stops its hosts and workers), then SIGKILL if it is still there a
    /// minute later, and the test fails saying so.
    /// </summary>
    public static Task<(int Exit, string Output, string Error)> RunLoadToolAsync(TimeSpan limit, params string[] arguments) =>
        ChildProcess.WaitAsync(StartLoadTool(arguments), limit, interruptGrace: TimeSpan.FromMinutes(1));

    /// <summary>The hosts (--parentPid) and load workers (--parent-pid) a process started.</summary>
    public static List<int> ChildrenOf(int parentPid) =>
        Directory.EnumerateDirectories("/proc")
            .Select(d => int.TryParse(Path.GetFileName(d), out var pid) ? pid : 0)
            .Where(pid => pid > 0 && CommandLine(pid) is var args
                && (args.Contains($"--parentPid\0{parentPid}\0") || args.Contains($"--parent-pid\0{parentPid}\0")))
            .ToList();

    public static Task<HostProcess> StartKestrelAsync(params string[] arguments) =>
        HostProcess.StartAsync(new HostLaunch(Kestrel, "net10.0", arguments));

    /// <summary>Alive and not a zombie: a process that exited but was not reaped has an empty command line.</summary>
    public static bool IsRunning(int pid) => CommandLine(pid).Length > 0;

    /// <summary>
    /// Whether a process holds a listening TCP socket: its socket inodes (/proc/PID/fd) among its namespace's LISTEN
    /// entries (/proc/PID/net/tcp, tcp6). A host listens before it prints its ready line.
    /// </summary>
    public static bool IsListening(int pid)
    {
        try
        {
            var listening = new[] { "tcp", "tcp6" }
                .SelectMany(table => File.ReadLines($"/proc/{pid}/net/{table}").Skip(1))
                .Select(line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
                .Where(fields => fields.Length > 9 && fields[3] == "0A")
                .Select(fields => $"socket:[{fields[9]}]")
                .ToHashSet();
            return Directory.EnumerateFileSystemEntries($"/proc/{pid}/fd")
                .Any(fd => new FileInfo(fd).LinkTarget is { } target && listening.Contains(target));
        }
        catch (IOException) { return false; }
        catch (UnauthorizedAccessException) { return false; }
    }

    /// <summary>The NUL-separated arguments of a process, or "" once it is gone.</summary>
    public static string CommandLine(int pid)
    {
        try { return File.ReadAllText($"/proc/{pid}/cmdline"); }
        catch (IOException) { return ""; }
        catch (UnauthorizedAccessException) { return ""; }
    }
}
