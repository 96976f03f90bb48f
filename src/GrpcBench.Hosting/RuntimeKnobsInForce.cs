using System.Collections;
using System.Globalization;

namespace GrpcBench.Hosting;

/// <summary>
/// The runtime knobs a process runs with, as it reports them itself: the GC's configuration as the GC read it
/// (server, concurrent, heap count, DATAS, conserve memory ...), the thread pool's minimum threads, and every
/// DOTNET_ / COMPlus_ variable it was started with (TieredPGO, socket inline completions: knobs without an API that
/// reads them back). What a run records is this, not what it asked for.
/// </summary>
public static class RuntimeKnobsInForce
{
    public static Dictionary<string, string> Read()
    {
        var knobs = new Dictionary<string, string>(StringComparer.Ordinal);
#if NET7_0_OR_GREATER
        foreach (var (name, value) in GC.GetConfigurationVariables()) knobs[$"gc.{name}"] = Convert.ToString(value, CultureInfo.InvariantCulture) ?? "";
#endif
        ThreadPool.GetMinThreads(out var workers, out var io);
        knobs["threadPool.minWorkerThreads"] = workers.ToString(CultureInfo.InvariantCulture);
        knobs["threadPool.minIoThreads"] = io.ToString(CultureInfo.InvariantCulture);
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            var name = (string)variable.Key;
            if (IsKnob(name)) knobs[$"env.{name}"] = (string?)variable.Value ?? "";
        }
        return knobs;
    }

    /// <summary>
    /// A variable the runtime or its libraries read as a knob (not where the runtime is installed), and glibc's malloc
    /// tunables, which decide whether native code (Grpc.Core's C core) reuses memory or faults in fresh pages.
    /// </summary>
    public static bool IsKnob(string name) => name is "GLIBC_TUNABLES" || name.StartsWith("MALLOC_", StringComparison.Ordinal) ||
        (name.StartsWith("DOTNET_", StringComparison.Ordinal) || name.StartsWith("COMPlus_", StringComparison.Ordinal))
        && name is not ("DOTNET_ROOT" or "DOTNET_HOST_PATH") && !name.StartsWith("DOTNET_ROOT_", StringComparison.Ordinal)
        && !name.StartsWith("DOTNET_CLI_", StringComparison.Ordinal) && !name.StartsWith("DOTNET_NOLOGO", StringComparison.Ordinal);
}
