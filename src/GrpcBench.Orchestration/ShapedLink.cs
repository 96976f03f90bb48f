using System.Diagnostics;
using System.Text.RegularExpressions;

namespace GrpcBench.Orchestration;

/// <summary>
/// A private network namespace whose loopback is shaped to a rate (eng/link-namespace.sh, the one place its tc
/// parameters live), for the hosts and clients started inside it. Disposed, it is deleted; one still live when this
/// process exits is deleted then; one left by a process that was killed outright is deleted by the next that makes one.
/// </summary>
public sealed partial class ShapedLink : IAsyncDisposable
{
    private const string Prefix = "grpcbench-load-";
    private static readonly HashSet<string> Live = [];
    private static int _made;
    private static bool _staleRemoved;

    static ShapedLink() => AppDomain.CurrentDomain.ProcessExit += (_, _) =>
    {
        string[] names;
        lock (Live) names = [.. Live];
        foreach (var name in names) Script("del", name);
    };

    private ShapedLink(string name, string rate, string description) => (Name, Rate, Description) = (name, rate, description);

    /// <summary>e.g. grpcbench-load-4711-3: the owning process's id, so that a later run can tell a stale one.</summary>
    public string Name { get; }

    public string Rate { get; }

    /// <summary>As eng/link-namespace.sh describes it, e.g. "loopback shaped to 20mbit (tc tbf, burst 256kb)".</summary>
    public string Description { get; }

    public static bool IsValidRate(string rate) => RateFormat().IsMatch(rate);

    /// <summary>Network namespaces and tc need root.</summary>
    public static bool CanCreate => Environment.UserName == "root";

    /// <summary>InvalidOperationException with the script's own words if the namespace cannot be made.</summary>
    public static ShapedLink Create(string rate)
    {
        RemoveStale();
        var name = $"{Prefix}{Environment.ProcessId}-{Interlocked.Increment(ref _made)}";
        lock (Live) Live.Add(name);
        var (exitCode, output) = Script("add", name, rate);
        if (exitCode != 0)
        {
            lock (Live) Live.Remove(name);
            throw new InvalidOperationException($"the {rate} link could not be made: {output.Trim()}");
        }
        return new ShapedLink(name, rate, output.Trim());
    }

    /// <summary>
    /// Bytes the namespace's loopback has carried: every packet between the processes inside it, both directions,
    /// headers included, counted once (lo's tx counter; its rx counter counts the same packets again).
    /// </summary>
    public long LoopbackBytes()
    {
        var (exitCode, output) = Run("ip", "netns", "exec", Name, "cat", "/sys/class/net/lo/statistics/tx_bytes");
        return exitCode == 0 && long.TryParse(output.Trim(), out var bytes) ? bytes : throw new InvalidOperationException($"cannot read {Name}'s loopback counter: {output.Trim()}");
    }

    /// <summary>How to start <paramref name="start"/>'s command inside the namespace: ip netns exec, which keeps the pid and the environment.</summary>
    public ProcessStartInfo Inside(ProcessStartInfo start) => Inside(start, Name);

    public static ProcessStartInfo Inside(ProcessStartInfo start, string? networkNamespace) =>
        networkNamespace is null ? start : Launchers.Prefixed(start, "ip", "netns", "exec", networkNamespace);

    public ValueTask DisposeAsync()
    {
        Script("del", Name);
        lock (Live) Live.Remove(Name);
        return ValueTask.CompletedTask;
    }

    /// <summary>Namespaces of this tool whose owner is gone (killed before it could delete them).</summary>
    private static void RemoveStale()
    {
        lock (Live)
        {
            if (_staleRemoved) return;
            _staleRemoved = true;
        }
        var (exitCode, output) = Run("ip", "netns", "list");
        if (exitCode != 0) return;
        foreach (Match match in StaleName().Matches(output))
            if (!Directory.Exists($"/proc/{match.Groups[1].Value}"))
                Script("del", match.Value);
    }

    private static (int ExitCode, string Output) Script(params string[] arguments) =>
        Run("bash", [Path.Combine(DotnetRoots.RepositoryRoot, "eng", "link-namespace.sh"), .. arguments]);

    private static (int ExitCode, string Output) Run(string file, params string[] arguments)
    {
        var start = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromSeconds(30)))
        {
            process.Kill(entireProcessTree: true);
            return (-1, $"{file} did not finish within 30 s");
        }
        return (process.ExitCode, process.ExitCode == 0 ? output.Result : error.Result + output.Result);
    }

    [GeneratedRegex("^[1-9][0-9]*(kbit|mbit|gbit)$")]
    private static partial Regex RateFormat();

    [GeneratedRegex(@"(?m)^grpcbench-load-(\d+)-\d+")]
    private static partial Regex StaleName();
}
