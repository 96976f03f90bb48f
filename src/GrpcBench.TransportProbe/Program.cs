using System.CommandLine;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using GrpcBench.TransportProbe;
using Spectre.Console;

Option<string[]> runtimes = new("--runtimes")
{
    Description = "Runtimes the host runs on (net6.0 and net8.0 need eng/provision-runtimes.sh)",
    DefaultValueFactory = _ => [DotnetRoots.CurrentMoniker],
    AllowMultipleArgumentsPerToken = true,
};
runtimes.AcceptOnlyFromAmong([.. DotnetRoots.Runtimes]);
Option<string[]> profiles = new("--profiles")
{
    Description = "Kestrel HTTP/2 window profiles",
    DefaultValueFactory = _ => [.. KestrelProfiles.Names],
    AllowMultipleArgumentsPerToken = true,
};
profiles.AcceptOnlyFromAmong([.. KestrelProfiles.Names]);
Option<string[]> transports = new("--transports")
{
    Description = "h2c (cleartext, prior knowledge) and/or tls",
    DefaultValueFactory = _ => ["h2c"],
    AllowMultipleArgumentsPerToken = true,
};
transports.AcceptOnlyFromAmong("h2c", "tls");
Option<int> size = new("--size-mib") { Description = "Upload size in MiB (1-1024)", DefaultValueFactory = _ => 20 };
Option<int> requests = new("--requests") { Description = "Measured uploads per configuration (1-1000)", DefaultValueFactory = _ => 15 };
Option<int> warmup = new("--warmup") { Description = "Unmeasured uploads per configuration first (0-100)", DefaultValueFactory = _ => 2 };
Option<int> timeout = new("--timeout-seconds") { Description = "Limit for one upload (1-3600)", DefaultValueFactory = _ => 120 };
Option<string?> output = new("--out") { Description = "Results folder (default results/<timestamp>); never overwritten" };

Within(size, 1, 1024);
Within(requests, 1, 1000);
Within(warmup, 0, 100);
Within(timeout, 1, 3600);

var root = new RootCommand("Times large HTTP/2 uploads to Kestrel per runtime, window profile and transport: the transport under grpc-dotnet, without gRPC.")
{
    runtimes, profiles, transports, size, requests, warmup, timeout, output,
};
root.SetAction(async (parse, cancellationToken) =>
{
    var options = new ProbeOptions(
        parse.GetValue(runtimes)!.Distinct().ToList(), parse.GetValue(profiles)!.Distinct().ToList(), parse.GetValue(transports)!.Distinct().ToList(),
        parse.GetValue(size), parse.GetValue(requests), parse.GetValue(warmup), TimeSpan.FromSeconds(parse.GetValue(timeout)), parse.GetValue(output));
    string folder;
    try
    {
        folder = ResultsFolder.Create(options.Out);
    }
    catch (IOException e)
    {
        Console.Error.WriteLine(e.Message);
        return 2;
    }

    var run = RunRecord.Now();
    var results = await new UploadProbeRun(options).RunAsync(cancellationToken);
    ProbeReport.Write(folder, run, options, results);

    var table = new Table().AddColumns("runtime (reported)", "Kestrel profile", "transport", "status", "p50 ms", "p90 ms", "MiB/s");
    foreach (var r in results)
    {
        table.AddRow(r.RuntimeDescription ?? r.Configuration.Runtime, r.Configuration.KestrelProfile, r.Configuration.Transport, r.Status,
            $"{r.Latency.P50:0.0}", $"{r.Latency.P90:0.0}", $"{r.MiBPerSecond:0.0}");
    }
    AnsiConsole.Write(table);
    AnsiConsole.MarkupLineInterpolated($"results: {folder}");
    return results.All(r => r.Status == "ok") ? 0 : 1;
});

var parsed = root.Parse(args);
if (parsed.Errors.Count > 0)
{
    // One line naming the option and what it allows, rather than the full help text.
    Console.Error.WriteLine("invalid option: " + string.Join(" ", parsed.Errors[0].Message.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)));
    return 2;
}
return await parsed.InvokeAsync();

static void Within(Option<int> option, int min, int max) => option.Validators.Add(result =>
{
    var value = result.GetValueOrDefault<int>();
    if (value < min || value > max) result.AddError($"{option.Name}={value}: allowed {min} to {max}");
});
