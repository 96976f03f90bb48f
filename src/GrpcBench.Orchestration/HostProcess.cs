using System.Diagnostics;
using GrpcBench.Hosting;

namespace GrpcBench.Orchestration;

/// <summary>What to start: a host's build for one runtime, with its settings as command-line arguments.</summary>
public sealed record HostLaunch(string Project, string Runtime, IReadOnlyList<string> Arguments)
{
    public string Configuration { get; init; } = BuildConfiguration.Current;
    public TimeSpan ReadyTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>A network namespace to start the host in (a <see cref="ShapedLink"/>'s); null for this process's own.</summary>
    public string? NetworkNamespace { get; init; }

    /// <summary>The CPUs to pin the host to from its start (<see cref="CpuAffinity"/>), e.g. "1"; null for any.</summary>
    public string? Cpus { get; init; }

    /// <summary>
    /// Environment variables of the host beyond this process's own: runtime knobs (DOTNET_gcServer, DOTNET_TieredPGO ...)
    /// that the same build obeys for every value, read by the runtime before any code of the host runs.
    /// </summary>
    public IReadOnlyDictionary<string, string> Environment { get; init; } = new Dictionary<string, string>();

    /// <summary>The build to start; normally the one for <see cref="Runtime"/> (<see cref="RuntimeBuilds.BuildFor"/>).</summary>
    public string BuildFramework { get; init; } = RuntimeBuilds.BuildFor(Runtime);

    /// <summary>The runtime the build is started on: <see cref="Runtime"/>, unless another build was asked for (which then runs on its own).</summary>
    public string StartedOn => BuildFramework == RuntimeBuilds.BuildFor(Runtime) ? Runtime : BuildFramework;

    public string AssemblyPath => Path.Combine(DotnetRoots.RepositoryRoot, "src", Project, "bin", Configuration, BuildFramework, Project + ".dll");

    /// <summary>The host project of a gRPC server stack.</summary>
    public static string ProjectOf(ServerStack stack) => stack switch
    {
        ServerStack.GrpcCore => "GrpcBench.LegacyHost",
        ServerStack.Kestrel => "GrpcBench.KestrelHost",
        _ => throw new ArgumentException($"invalid server stack {stack.Text()}: allowed {ServerStack.GrpcCore.Text()} or {ServerStack.Kestrel.Text()}"),
    };
}

public sealed class HostStartException(string message, int? pid = null) : Exception(message)
{
    /// <summary>The process that was started and then stopped, if one was.</summary>
    public int? Pid { get; } = pid;
}

/// <summary>
/// A host running as a child process. Started, it has printed its ready line and runs on the runtime it
/// was asked for; disposed, it is gone. Hosts still alive when this process exits are killed.
/// </summary>
public sealed class HostProcess : IAsyncDisposable
{
    private static readonly HashSet<HostProcess> Live = [];
    private readonly Process _process;
    private readonly List<string> _stderr = [];
    private readonly TaskCompletionSource _stderrClosed = new(TaskCreationOptions.RunContinuationsAsynchronously);

    // Ctrl+C cancels the caller, whose disposal stops its hosts; a host outliving even that is killed at
    // exit, and one whose launcher was killed outright stops itself (ParentWatch).
    static HostProcess() => AppDomain.CurrentDomain.ProcessExit += (_, _) => KillAll();

    private HostProcess(Process process, HostLaunch launch)
    {
        _process = process;
        Launch = launch;
    }

    public HostLaunch Launch { get; }
    public ReadyLine Ready { get; private set; } = null!;
    public int Pid => _process.Id;
    public bool HasExited => _process.HasExited;
    public int ExitCode => _process.ExitCode;
    public string StandardError { get { lock (_stderr) return string.Join('\n', _stderr); } }

    public static async Task<HostProcess> StartAsync(HostLaunch launch, CancellationToken cancellationToken = default)
    {
        if (!File.Exists(launch.AssemblyPath))
            throw new HostStartException($"{launch.Project} for {launch.Runtime} is not built: {launch.AssemblyPath} is missing");

        var dotnet = DotnetRoots.StartInfo(launch.StartedOn, launch.AssemblyPath, [.. launch.Arguments, "--parentPid", System.Environment.ProcessId.ToString()]);
        foreach (var (name, value) in launch.Environment) dotnet.Environment[name] = value;
        var start = CpuAffinity.Pinned(ShapedLink.Inside(dotnet, launch.NetworkNamespace), launch.Cpus);

        var host = new HostProcess(new Process { StartInfo = start }, launch);
        var ready = new TaskCompletionSource<ReadyLine>(TaskCreationOptions.RunContinuationsAsynchronously);
        host._process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null) ready.TrySetException(new HostStartException(host.ExitMessage("closed its output before it was ready")));
            else if (ReadyLine.TryParse(e.Data) is { } line) ready.TrySetResult(line);
        };
        host._process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is null) host._stderrClosed.TrySetResult();
            else lock (host._stderr) host._stderr.Add(e.Data);
        };

        host._process.Start();
        var pid = host._process.Id;
        lock (Live) Live.Add(host);
        host._process.BeginOutputReadLine();
        host._process.BeginErrorReadLine();

        try
        {
            host.Ready = await ready.Task.WaitAsync(launch.ReadyTimeout, cancellationToken);
            var expected = RuntimeVersions.Major(launch.Runtime);
            if (host.Ready.RuntimeMajor != expected)
                throw new HostStartException(
                    $"{launch.Project} was asked to run on {launch.Runtime} but reports {host.Ready.Runtime}; refusing its results", pid);
            return host;
        }
        catch (Exception e)
        {
            await host.DisposeAsync();
            if (e is TimeoutException) throw new HostStartException($"{launch.Project} printed no ready line within {launch.ReadyTimeout.TotalSeconds:0} s", pid);
            throw;
        }
    }

    private string ExitMessage(string what)
    {
        _process.WaitForExit(5_000);
        // The two streams are read apart: the last error line may still be on its way when stdout closes.
        _stderrClosed.Task.Wait(TimeSpan.FromSeconds(5));
        var exit = _process.HasExited ? $"exit code {_process.ExitCode}" : "still running";
        // One line: the error's first lines without the stack trace's "at ..." frames.
        var lines = StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Where(l => !l.StartsWith("at ", StringComparison.Ordinal));
        return $"{Launch.Project} {what} ({exit}): {string.Join(" | ", lines.Take(3))}";
    }

    /// <summary>SIGTERM, then a kill if the host has not stopped within the grace period.</summary>
    public async Task StopAsync(TimeSpan? grace = null)
    {
        if (_process.HasExited) return;
        Signals.Send(_process.Id, Signals.Terminate);
        // A host stopped (SIGSTOP, Ctrl+Z, a debugger) keeps the SIGTERM pending; resumed, it stops cleanly.
        Signals.Send(_process.Id, Signals.Continue);
        using var timeout = new CancellationTokenSource(grace ?? TimeSpan.FromSeconds(5));
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            _process.Kill();
            await _process.WaitForExitAsync();
        }
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            await StopAsync();
        }
        finally
        {
            lock (Live) Live.Remove(this);
            _process.Dispose();
            // A host stopped by a kill cannot remove its socket's folder; it is gone now, so nothing uses the folder.
            if (Ready is not null) UnixSocketFolder.RemoveLeftOver(Ready.Url);
        }
    }

    /// <summary>
    /// A plain SIGKILL: a host has no children (taskset and ip netns exec exec it), and a tree kill SIGSTOPs each
    /// process before it looks for children and kills it; a killer ended in between (a test host past its exit
    /// timeout) left hosts stopped for good, their parent gone.
    /// </summary>
    private static void KillAll()
    {
        lock (Live)
        {
            foreach (var host in Live)
            {
                try { host._process.Kill(); }
                catch (InvalidOperationException) { }
                if (host.Ready is not null) UnixSocketFolder.RemoveLeftOver(host.Ready.Url);
            }
        }
    }
}
