using System.Diagnostics;

namespace GrpcBench.Profiling;

/// <summary>
/// Where a process's CPU goes, from perf's CPU clock (<c>perf record -e cpu-clock -g</c>): the timer interrupts
/// whatever thread is on a CPU, so every sample is a millisecond of CPU of the process, native code (C-core, the
/// kernel's network stack, GC, the JIT) as much as managed; unlike EventPipe's sample profiler, whose own thread
/// waits for the CPU a busy thread holds. Managed frames are named from the perf map the runtime writes when
/// started with <see cref="PerfMapVariable"/>=1. Each sample goes to the component of its innermost frame that names
/// one (<see cref="Components"/> for managed frames; the library for native ones).
/// </summary>
/// <param name="MsPerSample">CPU time a sample stands for: 1,000 / the sampling frequency.</param>
public sealed partial record NativeCpuProfile(int Pid, double DurationSeconds, int Samples, double MsPerSample, IReadOnlyList<ComponentShare> Cpu)
{
    public const string PerfMapVariable = "DOTNET_PerfMapEnabled";

    /// <summary>
    /// What a host perf profiles runs with: the perf map, and W^X off, without which jitted code runs from a double-mapped
    /// memfd that perf cannot match with the map's addresses (Microsoft's own advice for perf).
    /// </summary>
    public static readonly IReadOnlyDictionary<string, string> HostEnvironment = new Dictionary<string, string>
    {
        [PerfMapVariable] = "1",
        ["DOTNET_EnableWriteXorExecute"] = "0",
    };
    public const int Frequency = 1000;

    public const string Kernel = "kernel (syscalls, network stack, scheduler)";
    public const string Gc = "GC (coreclr)";
    public const string Runtime = "runtime (coreclr: stubs, type system, locks)";
    public const string Jit = "JIT (clrjit)";

    /// <summary>The CPU time the samples stand for, in ms.</summary>
    public double CpuMs => Samples * MsPerSample;

    /// <summary>Profiles process <paramref name="pid"/> for <paramref name="duration"/> with perf; a missing or refused perf is a <see cref="HostProfileException"/>.</summary>
    public static async Task<NativeCpuProfile> CollectAsync(int pid, TimeSpan duration, CancellationToken cancellationToken = default)
    {
        var data = Path.Combine(Path.GetTempPath(), $"grpcbench-perf-{pid}-{Guid.NewGuid():N}.data");
        try
        {
            var seconds = duration.TotalSeconds.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture);
            await RunPerfAsync(["record", "-q", "-e", "cpu-clock", "-F", $"{Frequency}", "-g", "-p", $"{pid}", "-o", data, "--", "sleep", seconds],
                duration + TimeSpan.FromSeconds(30), cancellationToken);
            var script = await RunPerfAsync(["script", "-i", data, "-F", "tid,ip,sym,dso"], TimeSpan.FromMinutes(2), cancellationToken);
            return Parse(script, pid, duration.TotalSeconds);
        }
        finally
        {
            File.Delete(data);
        }
    }

    /// <summary>The map files a runtime started with <see cref="PerfMapVariable"/> leaves in the temporary folder: to delete once it has exited.</summary>
    public static IEnumerable<string> MapFiles(int pid) =>
        new[] { $"perf-{pid}.map", $"perfinfo-{pid}.map", $"jit-{pid}.dump" }.Select(name => Path.Combine("/tmp", name));

    /// <summary>Reads <c>perf script -F tid,ip,sym,dso</c>: a header line per sample, its frames innermost first, a blank line.</summary>
    public static NativeCpuProfile Parse(string script, int pid, double durationSeconds)
    {
        var counts = new Dictionary<string, int>();
        var frames = new List<(string Symbol, string Dso)>();
        var samples = 0;
        void Flush()
        {
            if (frames.Count == 0) return;
            var component = Of(frames);
            counts[component] = counts.GetValueOrDefault(component) + 1;
            samples++;
            frames.Clear();
        }
        foreach (var line in script.Split('\n'))
        {
            if (line.Length == 0 || !char.IsWhiteSpace(line[0]))
            {
                Flush();
                continue;
            }
            // "\t    7f3a12 System.Threading.LowLevelSpinWaiter::Wait(...)[OptimizedTier1] (/tmp/perf-1234.map)"
            var text = line.Trim();
            var dsoStart = text.LastIndexOf(" (", StringComparison.Ordinal);
            if (dsoStart < 0 || !text.EndsWith(')')) continue;
            var dso = text[(dsoStart + 2)..^1];
            var space = text.IndexOf(' ');
            var symbol = space > 0 && space < dsoStart ? text[(space + 1)..dsoStart] : "";
            frames.Add((symbol, dso));
        }
        Flush();
        var shares = counts.OrderByDescending(c => c.Value).Select(c => new ComponentShare(c.Key, c.Value, samples == 0 ? 0 : 100.0 * c.Value / samples)).ToList();
        return new NativeCpuProfile(pid, durationSeconds, samples, 1000.0 / Frequency, shares);
    }

    /// <summary>The component of a sample: its innermost frame that names one.</summary>
    public static string Of(IReadOnlyList<(string Symbol, string Dso)> frames)
    {
        foreach (var (symbol, dso) in frames)
            if (OfFrame(symbol, dso) is { } component) return component;
        return Components.Other;
    }

    private static string? OfFrame(string symbol, string dso)
    {
        var library = Path.GetFileName(dso);
        if (dso == "[kernel.kallsyms]" || dso.StartsWith("[kernel", StringComparison.Ordinal)) return Kernel;
        if (library.StartsWith("libgrpc_csharp_ext", StringComparison.Ordinal)) return Components.GrpcCore;
        if (library.StartsWith("libclrjit", StringComparison.Ordinal)) return Jit;
        if (library.StartsWith("libcoreclr", StringComparison.Ordinal))
            return symbol.StartsWith("WKS::", StringComparison.Ordinal) || symbol.StartsWith("SVR::", StringComparison.Ordinal) || symbol.Contains("gc_heap", StringComparison.Ordinal)
                ? Gc : Runtime;
        if (library.StartsWith("libc.", StringComparison.Ordinal) || library.StartsWith("libc-", StringComparison.Ordinal))
            return symbol.StartsWith("__mem", StringComparison.Ordinal) || symbol.StartsWith("mem", StringComparison.Ordinal) ? Components.Memory : null;
        // Managed code: jitted, named by the perf map ("Namespace.Type::Method(...)[Tier]"), or precompiled in an assembly's image.
        if (library.StartsWith("perf-", StringComparison.Ordinal) || dso.StartsWith("[JIT]", StringComparison.Ordinal) || dso == "//anon")
            return PerfMapMethod().Match(symbol) is { Success: true } named
                ? Components.Of(named.Groups["module"].Value, $"{named.Groups["type"].Value}.{named.Groups["name"].Value}")
                : Components.Of("", symbol.Replace("::", ".", StringComparison.Ordinal));
        var method = symbol.Replace("::", ".", StringComparison.Ordinal);
        if (library.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            return Components.Of(library[..^4], method.Length > 0 && method != "[unknown]" ? method : library[..^4] + ".");
        return null;
    }

    // "instance void [GrpcBench.Service] GrpcBench.Service.ThreadCpu::Spin(valuetype [System.Runtime]System.TimeSpan)[OptimizedTier1]":
    // the assembly in brackets, then the type (generic arguments without spaces) and the method.
    [System.Text.RegularExpressions.GeneratedRegex(@"\[(?<module>[^\]]+)\] ?(?<type>[^\s(]+?)::(?<name>[^(\[]+)")]
    private static partial System.Text.RegularExpressions.Regex PerfMapMethod();

    private static async Task<string> RunPerfAsync(IReadOnlyList<string> arguments, TimeSpan limit, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo("perf") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        Process process;
        try
        {
            process = Process.Start(start) ?? throw new HostProfileException("perf did not start");
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new HostProfileException($"no native profile: perf is not installed ({e.Message}); on Debian, apt-get install linux-perf", e);
        }
        using (process)
        {
            var output = process.StandardOutput.ReadToEndAsync(cancellationToken);
            var error = process.StandardError.ReadToEndAsync(cancellationToken);
            using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            deadline.CancelAfter(limit);
            try
            {
                await process.WaitForExitAsync(deadline.Token);
            }
            catch (OperationCanceledException)
            {
                process.Kill(entireProcessTree: true);
                throw;
            }
            if (process.ExitCode != 0)
                throw new HostProfileException($"no native profile: perf {arguments[0]} exited with {process.ExitCode}: {(await error).Trim().Split('\n')[0]}");
            return await output;
        }
    }
}
