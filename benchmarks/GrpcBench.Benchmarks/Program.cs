using BenchmarkDotNet.Running;
using GrpcBench.Benchmarks;

try
{
    args = JobDotnet.Add(args);
}
catch (Exception e) when (e is ArgumentException or InvalidOperationException)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}

using var hostCpu = HostCpuRecords.ForThisRun();
var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchConfig.Create());
// A case that failed to build or run leaves no measurement: make that a failed run, so none rots unseen.
var failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success) || s.Reports.Length == 0);
return summaries.Any() && !failed ? 0 : 1;
