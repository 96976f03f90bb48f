using System.Collections.Concurrent;
using System.Diagnostics;

namespace GrpcBench.Orchestration;

/// <summary>
/// Where the dotnet executable for each runtime lives: the SDK's own install for the runtime it ships,
/// a private root for the others, which eng/provision-runtimes.sh lays out from the package feed's runtime
/// packs on first use (once; concurrent callers wait for it).
/// </summary>
public static class DotnetRoots
{
    public static readonly IReadOnlyList<string> Runtimes = ["net6.0", "net8.0", "net9.0", "net10.0", "net11.0"];




    private static readonly ConcurrentDictionary<(string Runtime, string Root), Lazy<string?>> Provisioned = new();

    public static string RepositoryRoot { get; } = FindRepositoryRoot();

    public static string PrivateRoot =>
        Environment.GetEnvironmentVariable("GRPCBENCH_DOTNET_ROOT") is { Length: > 0 } root ? root : Path.Combine(RepositoryRoot, ".dotnet");

    public static string For(string runtime) => For(runtime, PrivateRoot);

    /// <summary>The root to run <paramref name="runtime"/> from; InvalidOperationException naming what is missing if it cannot be had.</summary>
    public static string For(string runtime, string privateRoot)
    {
        if (!Runtimes.Contains(runtime))
            throw new ArgumentException($"invalid runtime {runtime}: allowed one of {string.Join(", ", Runtimes)}", nameof(runtime));
        if (runtime == CurrentMoniker) return SystemRoot;
        if (IsProvisioned(runtime, privateRoot)) return privateRoot;
        var failure = Provisioned.GetOrAdd((runtime, Path.GetFullPath(privateRoot)), key => new Lazy<string?>(() => Provision(key.Runtime, key.Root))).Value;
        return IsProvisioned(runtime, privateRoot)
            ? privateRoot
            : throw new InvalidOperationException($"runtime {runtime} cannot be provisioned under {privateRoot}: {failure}");
    }

    /// <summary>
    /// How to start a built app on <paramref name="runtime"/>: that runtime's dotnet and root, output redirected, and
    /// no roll-forward, which would run a "net8.0" process on a newer runtime and void the comparison. A runtime no
    /// project builds for runs the newest build through a runtimeconfig that names that runtime's frameworks exactly
    /// (`dotnet exec --runtimeconfig`): chosen, not rolled forward to; the process still has to report it.
    /// </summary>
    public static ProcessStartInfo StartInfo(string runtime, string assembly, IEnumerable<string> arguments)
    {
        var root = For(runtime);
        var start = new ProcessStartInfo(Path.Combine(root, "dotnet")) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        if (!RuntimeBuilds.Builds.Contains(runtime))
        {
            start.ArgumentList.Add("exec");
            start.ArgumentList.Add("--runtimeconfig");
            start.ArgumentList.Add(RuntimeConfigFor(runtime, assembly, root));
            start.ArgumentList.Add("--depsfile");
            start.ArgumentList.Add(Path.ChangeExtension(assembly, ".deps.json"));
        }
        start.ArgumentList.Add(assembly);
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        start.Environment["DOTNET_ROOT"] = root;
        foreach (var name in new[] { "DOTNET_ROLL_FORWARD", "DOTNET_ROLL_FORWARD_TO_PRERELEASE", "DOTNET_ROLL_FORWARD_ON_NO_CANDIDATE_FX" })
            start.Environment.Remove(name);
        return start;
    }

    public static string CurrentMoniker => $"net{Environment.Version.Major}.0";

    /// <summary>
    /// The app's runtimeconfig with its frameworks set to the versions of <paramref name="runtime"/> under
    /// <paramref name="root"/> (its configProperties kept), written beside the app as NAME.RUNTIME.runtimeconfig.json.
    /// </summary>
    public static string RuntimeConfigFor(string runtime, string assembly, string root)
    {
        var major = runtime[3..runtime.IndexOf('.')];
        var built = Path.ChangeExtension(assembly, ".runtimeconfig.json");
        var config = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(built))!.AsObject();
        var options = config["runtimeOptions"]!.AsObject();
        var names = options["frameworks"] is System.Text.Json.Nodes.JsonArray many
            ? many.Select(f => f!["name"]!.GetValue<string>()).ToList()
            : [options["framework"]!["name"]!.GetValue<string>()];
        var named = new System.Text.Json.Nodes.JsonArray();
        foreach (var name in names)
        {
            var versions = Path.Combine(root, "shared", name);
            var version = Directory.Exists(versions)
                ? Directory.EnumerateDirectories(versions, $"{major}.*").Select(d => Path.GetFileName(d)).MaxBy(v => Version.TryParse(v, out var parsed) ? parsed : new Version())
                : null;
            named.Add(new System.Text.Json.Nodes.JsonObject { ["name"] = name, ["version"] = version ?? throw new InvalidOperationException($"runtime {runtime} has no {name} under {root}") });
        }
        options.Remove("framework");
        options["frameworks"] = named;
        options["tfm"] = runtime;
        var path = Path.ChangeExtension(assembly, $".{runtime}.runtimeconfig.json");
        var text = config.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true });
        if (!File.Exists(path) || File.ReadAllText(path) != text)
        {
            // Written aside and moved: hosts and workers start in parallel.
            var temporary = $"{path}.{Environment.ProcessId}.{Guid.NewGuid():N}.tmp";
            File.WriteAllText(temporary, text);
            File.Move(temporary, path, overwrite: true);
        }
        return path;
    }

    /// <summary>The install this process runs on, e.g. /usr/share/dotnet.</summary>
    public static string SystemRoot => Path.GetFullPath(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "..", "..", ".."));

    private static bool IsProvisioned(string runtime, string privateRoot)
    {
        var major = runtime[3..runtime.IndexOf('.')];
        var shared = Path.Combine(privateRoot, "shared", "Microsoft.NETCore.App");
        return File.Exists(Path.Combine(privateRoot, "dotnet")) && Directory.Exists(shared) && Directory.EnumerateDirectories(shared, $"{major}.*").Any();
    }

    /// <summary>Runs the provisioning script; null when it succeeded, else its last line (what the feed lacks).</summary>
    private static string? Provision(string runtime, string privateRoot)
    {
        Console.Error.WriteLine($"provisioning .NET {runtime[3..]} under {privateRoot} from the package feed's runtime packs (once; it can take a minute)");
        var start = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in new[] { Path.Combine(RepositoryRoot, "eng", "provision-runtimes.sh"), "--root", privateRoot, runtime }) start.ArgumentList.Add(argument);
        start.Environment["SYSTEM_DOTNET_ROOT"] = SystemRoot;
        using var script = Process.Start(start)!;
        var output = script.StandardOutput.ReadToEndAsync();
        var errors = script.StandardError.ReadToEndAsync();
        if (!script.WaitForExit(TimeSpan.FromMinutes(10)))
        {
            script.Kill(entireProcessTree: true);
            return "eng/provision-runtimes.sh did not finish within 10 minutes";
        }
        var lines = (errors.Result + output.Result).Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return script.ExitCode == 0 ? null : lines.FirstOrDefault(l => l.Contains("does not serve")) ?? lines.LastOrDefault() ?? $"exit code {script.ExitCode}";
    }

    private static string FindRepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "GrpcBench.sln"))) return dir.FullName;
        }
        throw new InvalidOperationException($"GrpcBench.sln not found above {AppContext.BaseDirectory}");
    }
}
