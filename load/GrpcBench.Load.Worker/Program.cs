using System.CommandLine;
using GrpcBench.Hosting;
using GrpcBench.Load.Worker;

Option<string> spec = new("--spec") { Required = true, Description = "The worker spec (JSON) the load tool wrote" };
Option<int?> parentPid = new("--parent-pid") { Description = "Stop when this process is gone" };
var root = new RootCommand("The load worker: makes one configuration's calls on the runtime under test. Started by the load tool (load/GrpcBench.Load).")
{
    spec, parentPid,
};
root.SetAction(async (parse, cancellationToken) =>
{
    using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
    ParentWatch.StopWhenGone(parse.GetValue(parentPid), () => stop.Cancel());
    return await Worker.RunAsync(parse.GetValue(spec)!, stop.Token);
});
// Ctrl+C (the tool's SIGINT) stops the calls and the worker still reports what it measured.
return await root.Parse(args).InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = TimeSpan.FromSeconds(60) });
