using System.Text.Json;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// The load tool's tests, a class a subject, run one after the other as when they were one class; beside the other
/// tests, as they were.
/// </summary>
[CollectionDefinition(Name)]
public sealed class LoadToolCollection
{
    public const string Name = "load tool";
}

/// <summary>The fault table's tests (a fault a class), likewise one after the other.</summary>
[CollectionDefinition(Name)]
public sealed class FaultTableCollection
{
    public const string Name = "fault table";
}

/// <summary>What the load tool's tests share: a configuration to run and the tool run as a process.</summary>
public static class LoadToolRuns
{
    public static LoadConfiguration Kestrel(string runtime = "net10.0") => new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, runtime, runtime, Compression.None, Transport.H2c, "default",
        new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    /// <summary>The tool with <paramref name="arguments"/>, to its exit within <paramref name="limit"/> (default 3 minutes): its exit code and output.</summary>
    public static async Task<(int Exit, string Output, string Error)> RunToolAsync(string[] arguments, TimeSpan? limit = null)
    {
        using var tool = Hosts.StartLoadTool(arguments);
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        using (var timeout = new CancellationTokenSource(limit ?? TimeSpan.FromMinutes(3))) await tool.WaitForExitAsync(timeout.Token);
        return (tool.ExitCode, await output, await error);
    }

    /// <summary>The tool refuses <paramref name="arguments"/> before anything runs: exit 2, one line on stderr that holds <paramref name="expected"/>, nothing on stdout.</summary>
    public static async Task AssertRefusedInOneLineAsync(string[] arguments, string expected)
    {
        var (exit, output, error) = await RunToolAsync(arguments, TimeSpan.FromSeconds(30));

        Assert.Equal(2, exit);
        Assert.Contains(expected, error);
        Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Empty(output);
    }

    /// <summary>One Kestrel configuration and the raw-tcp floor: the shortest run that starts a host.</summary>
    public static string[] OneKestrel(string folder) => ["--quick", "--server", "kestrel", "--kestrel-profile", "default", "--phases", "=4x4", "--out", folder];

    /// <summary>A results folder of its own for a test's run, in the temporary folder, not made yet.</summary>
    public static string NewFolder(string what) => Path.Combine(Path.GetTempPath(), $"grpcbench-{what}-" + Guid.NewGuid().ToString("N"));

    /// <summary>A preset's run to its end (within 10 minutes), exit 0, with its summary.json and report.md: the folder, the summary and the report.</summary>
    public static async Task<(string Folder, JsonDocument Summary, string Report)> RunPresetAsync(params string[] arguments)
    {
        var folder = NewFolder("preset");
        var (exit, output, error) = await Hosts.RunLoadToolAsync(TimeSpan.FromMinutes(10), [.. arguments, "--out", folder]);
        Assert.True(exit == 0, output + error);
        foreach (var file in new[] { "summary.json", "report.md" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        return (folder, JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json"))), File.ReadAllText(Path.Combine(folder, "report.md")));
    }

    /// <summary>
    /// Whatever the test's outcome, the hosts and workers it made the tool start, the one it stopped among them (a stopped
    /// one cannot watch its parent), or those it saw before it killed the tool (whose children are then no longer its).
    /// </summary>
    public static void KillAll(IEnumerable<int> pids)
    {
        foreach (var pid in pids.Where(Hosts.IsRunning)) Signals.Send(pid, Signals.Kill);
    }
}
