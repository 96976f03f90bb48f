using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Contracts.Records;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using Spectre.Console;

namespace GrpcBench.Load;

/// <summary>
/// Counts the unary responses a Kestrel host never sends (dotnet/aspnetcore#53736, docs/streaming.md): pages larger
/// than the client's HTTP/2 stream window, read one after another on a fresh GrpcChannel every
/// <see cref="ReadsPerChannel"/> reads (the loss shows early in a connection's life). A call that has no answer
/// within the timeout is lost; the next read starts on the same channel.
/// </summary>
public static class LostResponseProbe
{
    public const int ReadsPerChannel = 50;
    private const int Records = 3_000;

    public sealed record Cell(string HostRuntime, string? HostRuntimeReported, string ClientWindow, ConfigurationStatus Status, string? Reason, long Calls, long Lost,
        long OtherFailures, double Seconds, Dictionary<string, string>? Components);

    public static async Task<int> RunAsync(IReadOnlyList<string> runtimes, IReadOnlyList<int?> windows, int pageSize, int seconds,
        int timeoutSeconds, string? output, string commandLine, CancellationToken cancellationToken)
    {
        if (ResultsFolder.CreateOrSayWhy(output) is not { } folder) return 2;
        var run = RunRecord.Now();
        var cells = new List<Cell>();
        AnsiConsole.MarkupLine($"lost-responses: {runtimes.Count * windows.Count} configurations of {seconds} s each; results: {Markup.Escape(folder)}");
        try
        {
            foreach (var runtime in runtimes)
            foreach (var window in windows)
            {
                if (cancellationToken.IsCancellationRequested) break;
                try
                {
                    cells.Add(await RunCellAsync(runtime, window, pageSize, seconds, timeoutSeconds, cancellationToken));
                }
                catch (HostStartException e)
                {
                    Console.WriteLine($"kestrel {runtime}: skipped: {e.Message}");
                    cells.Add(new Cell(runtime, null, WindowLabel(window), ConfigurationStatus.Skipped, e.Message, 0, 0, 0, 0, null));
                }
            }
        }
        finally
        {
            // Whatever ended the run, the configurations measured so far are kept.
            File.WriteAllText(Path.Combine(folder, "lost-responses.json"), JsonSerializer.Serialize(new
            {
                commandLine,
                status = Text(Status(cells, cancellationToken)),
                run,
                clientRuntimeReported = RuntimeInformation.FrameworkDescription,
                pageSize,
                records = Records,
                readsPerChannel = ReadsPerChannel,
                timeoutSeconds,
                cells,
            }, new JsonSerializerOptions(JsonSerializerDefaults.Web) { WriteIndented = true, Converters = { new JsonStringEnumConverter(Terms.Naming) } }));
        }

        var table = new Table().AddColumns("host runtime", "client stream window", "calls", "lost", "other failures", "one lost in");
        foreach (var cell in cells)
            table.AddRow(cell.HostRuntimeReported ?? $"{cell.HostRuntime} ({cell.Status.Text()})", cell.ClientWindow, $"{cell.Calls:N0}", $"{cell.Lost:N0}", $"{cell.OtherFailures:N0}",
                cell.Lost > 0 ? $"{cell.Calls / cell.Lost:N0} calls" : "-");
        AnsiConsole.Write(table);
        AnsiConsole.MarkupLine($"results: {Markup.Escape(folder)}");
        return Status(cells, cancellationToken) switch { RunStatus.Completed => 0, RunStatus.Cancelled => 130, _ => 1 };
    }

    private static RunStatus Status(List<Cell> cells, CancellationToken cancellationToken) =>
        cells.Any(c => c.Status == ConfigurationStatus.Failed) ? RunStatus.Failed : cancellationToken.IsCancellationRequested ? RunStatus.Cancelled : RunStatus.Completed;

    /// <summary>lost-responses.json's word for a run's status: a cancelled probe has always said "stopped".</summary>
    private static string Text(RunStatus status) => status == RunStatus.Cancelled ? "stopped" : status.Text();

    private static async Task<Cell> RunCellAsync(string runtime, int? window, int pageSize, int seconds, int timeoutSeconds, CancellationToken cancellationToken)
    {
        var label = $"kestrel {runtime}, client stream window {WindowLabel(window)}";
        await using var host = await HostProcess.StartAsync(new HostLaunch("GrpcBench.KestrelHost", runtime, [HostCommandLine.RecordCountArgument, Records.ToString()]), cancellationToken);
        var settings = new ClientSettings { InitialHttp2StreamWindowSize = window };
        var query = new RecordQuery { Limit = Records };
        long calls = 0, lost = 0, otherFailures = 0;
        var clock = Stopwatch.StartNew();
        var progress = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(seconds) && !cancellationToken.IsCancellationRequested && !host.HasExited)
        {
            await using var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), host.Ready.CertificatePem), settings);
            for (var read = 0; read < ReadsPerChannel && clock.Elapsed < TimeSpan.FromSeconds(seconds) && !cancellationToken.IsCancellationRequested; read++)
            {
                var token = "";
                do
                {
                    calls++;
                    try
                    {
                        var page = await client.Records.GetRecordsPageAsync(new PageRequest { Query = query, PageSize = pageSize, PageToken = token },
                            client.Options(cancellationToken, DateTime.UtcNow.AddSeconds(timeoutSeconds)));
                        token = page.NextPageToken;
                    }
                    catch (RpcException e) when (e.StatusCode == StatusCode.DeadlineExceeded)
                    {
                        lost++;
                        token = "";
                    }
                    catch (RpcException) when (!cancellationToken.IsCancellationRequested)
                    {
                        otherFailures++;
                        token = "";
                    }
                    catch (RpcException)
                    {
                        break;
                    }
                } while (token.Length > 0);
            }
            if (progress.Elapsed > TimeSpan.FromSeconds(10))
            {
                Console.WriteLine($"  {label}: {clock.Elapsed.TotalSeconds:F0}/{seconds} s, {calls:N0} calls, {lost} lost");
                progress.Restart();
            }
        }
        var died = host.HasExited ? $"the host exited with {host.ExitCode} after {clock.Elapsed.TotalSeconds:F0} s" : null;
        Console.WriteLine($"{label}: {calls:N0} calls, {lost} lost{(died is null ? "" : $" (failed: {died}; partial)")}");
        return new Cell(runtime, host.Ready.Runtime, WindowLabel(window), died is null ? ConfigurationStatus.Ok : ConfigurationStatus.Failed, died, calls, lost, otherFailures,
            Math.Round(clock.Elapsed.TotalSeconds, 1), host.Ready.Components);
    }

    private static string WindowLabel(int? window) => window is { } bytes ? bytes.ToString() : "default";
}
