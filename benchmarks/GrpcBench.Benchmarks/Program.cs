using BenchmarkDotNet.Running;
using GrpcBench.Benchmarks;

// --runtimes and --job are read here, not by BenchmarkDotNet 0.14, which knows no net10.0 and starts
// every job with one dotnet; everything else goes to BenchmarkDotNet as usual.
BenchJobs jobs;
try
{
    (jobs, args) = BenchJobs.Parse(args);
}
catch (ArgumentException e)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}

using var hostCpu = HostCpuRecords.ForThisRun();
var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchConfig.Create(jobs));
// A case that failed to build or run leaves no measurement: make that a failed run, so none rots unseen.
var failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success) || s.Reports.Length == 0);
return summaries.Any() && !failed ? 0 : 1;
