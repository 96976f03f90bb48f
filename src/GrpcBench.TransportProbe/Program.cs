using System.CommandLine;
using System.Text.Json;
using GrpcBench.Hosting;
using GrpcBench.Orchestration;
using GrpcBench.TransportProbe;
using Spectre.Console;

Option<string[]> runtimes = new("--runtimes")
{
    Description = "Runtimes the hosts run on (net6.0 and net8.0 need eng/provision-runtimes.sh)",
    DefaultValueFactory = _ => [DotnetRoots.CurrentMoniker],
    AllowMultipleArgumentsPerToken = true,
    Recursive = true,
};
runtimes.AcceptOnlyFromAmong([.. DotnetRoots.Runtimes]);
Option<string[]> profiles = new("--profiles")
{
    Description = "Kestrel HTTP/2 window profiles",
    DefaultValueFactory = _ => [.. KestrelProfiles.Names],
    AllowMultipleArgumentsPerToken = true,
    Recursive = true,
};
profiles.AcceptOnlyFromAmong([.. KestrelProfiles.Names]);
Option<string[]> transports = new("--transports")
{
    Description = "h2c (cleartext, prior knowledge) and/or tls",
    DefaultValueFactory = _ => ["h2c"],
    AllowMultipleArgumentsPerToken = true,
    Recursive = true,
};
transports.AcceptOnlyFromAmong("h2c", "tls");
Option<int> size = new("--size-mib") { Description = "Upload size in MiB (1-1024)", DefaultValueFactory = _ => 20, Recursive = true };
Option<string?> output = new("--out") { Description = "Results folder (default results/<timestamp>); never overwritten", Recursive = true };
Option<int> requests = new("--requests") { Description = "Measured uploads per configuration (1-1000)", DefaultValueFactory = _ => 15 };
Option<int> warmup = new("--warmup") { Description = "Unmeasured uploads per configuration first (0-100)", DefaultValueFactory = _ => 2 };
Option<int> timeout = new("--timeout-seconds") { Description = "Limit for one upload (1-3600)", DefaultValueFactory = _ => 120 };
Option<double> smallRate = new("--small-rate") { Description = "Small calls per second, open model (0.1-1000)", DefaultValueFactory = _ => 50 };
Option<double> largeRate = new("--large-rate") { Description = "Uploads per second beside them, open model (0.1-100)", DefaultValueFactory = _ => 4 };
Option<int> phase = new("--phase-seconds") { Description = "Length of each of the three phases (1-600)", DefaultValueFactory = _ => 20 };

Within(size, 1, 1024);
Within(requests, 1, 1000);
Within(warmup, 0, 100);
Within(timeout, 1, 3600);
Within(phase, 1, 600);
Within(smallRate, 0.1, 1000);
Within(largeRate, 0.1, 100);

var interference = new Command("interference", "Small-call latency alone and beside large uploads (other or same connection), per runtime, profile and transport.")
{
    smallRate, largeRate, phase,
};
interference.SetAction(async (parse, cancellationToken) =>
{
    var options = new InterferenceOptions(
        Distinct(parse.GetValue(runtimes)), Distinct(parse.GetValue(profiles)), Distinct(parse.GetValue(transports)),
        parse.GetValue(smallRate), parse.GetValue(largeRate), parse.GetValue(size), TimeSpan.FromSeconds(parse.GetValue(phase)), parse.GetValue(output));
    return await RunAndReportAsync(options.Out, () => new InterferenceRun(options).RunAsync(cancellationToken),
        (folder, run, results) => InterferenceReport.Write(folder, run, options, results), r => r.Status == "ok", InterferenceReport.Table);
});

Argument<string> baseFolder = new("base") { Description = "Results folder of the base run" };
Argument<string> diffFolder = new("diff") { Description = "Results folder of the run to compare with it" };
Option<double> threshold = new("--threshold") { Description = "Ratio beyond which a difference counts, e.g. 0.1 for 10 % (0-10)", DefaultValueFactory = _ => 0.1 };
Within(threshold, 0, 10);
var compare = new Command("compare", "Puts two result folders of the same kind side by side: every shared configuration and metric, diff / base.")
{
    baseFolder, diffFolder, threshold,
};
compare.SetAction(parse =>
{
    try
    {
        var comparison = ResultsComparison.Compare(parse.GetValue(baseFolder)!, parse.GetValue(diffFolder)!);
        Console.Write(ResultsComparison.Markdown(comparison, parse.GetValue(threshold)));
        return 0;
    }
    catch (Exception e) when (e is IOException or JsonException or KeyNotFoundException or InvalidOperationException)
    {
        Console.Error.WriteLine($"compare: {e.Message}");
        return 2;
    }
});

var root = new RootCommand("Times large HTTP/2 uploads to Kestrel per runtime, window profile and transport: the transport under grpc-dotnet, without gRPC.")
{
    runtimes, profiles, transports, size, output, requests, warmup, timeout, interference, compare,
};
root.SetAction(async (parse, cancellationToken) =>
{
    var options = new ProbeOptions(
        Distinct(parse.GetValue(runtimes)), Distinct(parse.GetValue(profiles)), Distinct(parse.GetValue(transports)),
        parse.GetValue(size), parse.GetValue(requests), parse.GetValue(warmup), TimeSpan.FromSeconds(parse.GetValue(timeout)), parse.GetValue(output));
    return await RunAndReportAsync(options.Out, () => new UploadProbeRun(options).RunAsync(cancellationToken),
        (folder, run, results) => ProbeReport.Write(folder, run, options, results), r => r.Status == "ok", ProbeReport.Table);
});

var parsed = root.Parse(args);
if (parsed.Errors.Count > 0)
{
    // One line naming the option and what it allows, rather than the full help text.
    Console.Error.WriteLine("invalid option: " + string.Join(" ", parsed.Errors[0].Message.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)));
    return 2;
}
return await parsed.InvokeAsync();

static List<string> Distinct(string[]? values) => (values ?? []).Distinct().ToList();

// Results go to a new folder, made before the run so that a taken one fails at once; the exit code says whether every configuration ran.
static async Task<int> RunAndReportAsync<T>(string? requested, Func<Task<List<T>>> run, Action<string, RunRecord, List<T>> write,
    Func<T, bool> ok, Func<List<T>, Table> table)
{
    string folder;
    try
    {
        folder = ResultsFolder.Create(requested);
    }
    catch (IOException e)
    {
        Console.Error.WriteLine(e.Message);
        return 2;
    }

    var record = RunRecord.Now();
    var results = await run();
    write(folder, record, results);
    AnsiConsole.Write(table(results));
    AnsiConsole.MarkupLineInterpolated($"results: {folder}");
    return results.All(ok) ? 0 : 1;
}

static void Within<T>(Option<T> option, T min, T max) where T : IComparable<T> => option.Validators.Add(result =>
{
    var value = result.GetValueOrDefault<T>();
    if (value.CompareTo(min) < 0 || value.CompareTo(max) > 0) result.AddError($"{option.Name}={value}: allowed {min} to {max}");
});
