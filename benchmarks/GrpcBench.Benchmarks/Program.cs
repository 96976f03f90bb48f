using BenchmarkDotNet.Running;
using GrpcBench.Benchmarks;

try
{
    if (JobDotnet.OnUnbuiltRuntime(args) is { } onItsRuntime)
    {
        using var child = System.Diagnostics.Process.Start(onItsRuntime)!;
        // Never left behind: stopped with this process however it ends.
        void Stop(object? sender, EventArgs e) { if (!child.HasExited) child.Kill(entireProcessTree: true); }
        Console.CancelKeyPress += (_, e) => { e.Cancel = true; Stop(null, e); };
        AppDomain.CurrentDomain.ProcessExit += Stop;
        child.WaitForExit();
        AppDomain.CurrentDomain.ProcessExit -= Stop;
        return child.ExitCode;
    }
    args = JobDotnet.Add(args);
}
catch (Exception e) when (e is ArgumentException or InvalidOperationException)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}

using var hostCpu = HostCpuRecords.ForThisRun();
MachineFigures.Measure();
var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchConfig.Create());
// A case that failed to build or run leaves no measurement: make that a failed run, so none rots unseen.
var failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success) || s.Reports.Length == 0);
return summaries.Any() && !failed ? 0 : 1;
