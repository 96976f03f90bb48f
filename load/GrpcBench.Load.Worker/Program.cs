using System.CommandLine;
using GrpcBench.Hosting;
using GrpcBench.Load.Worker;

Option<int?> parentPid = new("--parent-pid") { Description = "Stop when this process is gone" };
// Read by nothing here: it says in process lists which configuration a worker serves.
Option<string?> serves = new("--serves") { Description = "The configuration served, as the load tool labels it" };
var root = new RootCommand("The load worker: makes one configuration's calls on the runtime under test, one run per worker spec (a JSON line) on its standard input. Started by the load tool (load/GrpcBench.Load).")
{
    parentPid, serves,
};
root.SetAction(async (parse, cancellationToken) =>
{
    using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
    ParentWatch.StopWhenGone(parse.GetValue(parentPid), () => stop.Cancel());
    return await Worker.RunAsync(Console.In, stop.Token);
});
// Ctrl+C (the tool's SIGINT) stops the calls and the worker still reports what it measured.
return await root.Parse(args).InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = TimeSpan.FromSeconds(60) });
