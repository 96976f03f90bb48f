using System.CommandLine;
using GrpcBench.Orchestration;
using static GrpcBench.Load.CommandLineOptions;

namespace GrpcBench.Load;

/// <summary>`lost-responses`: the investigation of one Kestrel bug (docs/streaming.md), kept as a command of its own.</summary>
public static class LostResponsesCommand
{
    public static Command Create()
    {
        var probeRuntime = List("--runtime", "Kestrel host runtimes", [.. DotnetRoots.Runtimes]);
        Option<string[]> probeWindows = new("--client-windows") { Description = "Client HTTP/2 stream windows (initialHttp2StreamWindowSize), one configuration each: default, or 65535 to 16777216 bytes", AllowMultipleArgumentsPerToken = true };
        Option<int> probePageSize = new("--page-size") { Description = "Records per page, 1-10,000 (500 is about 125 KiB, twice the default window)", DefaultValueFactory = _ => 500 };
        Option<int> probeSeconds = new("--seconds") { Description = "Seconds per configuration, 1-3,600", DefaultValueFactory = _ => 60 };
        Option<int> probeTimeout = new("--call-timeout-seconds") { Description = "A call with no answer after this long counts as lost, 1-60", DefaultValueFactory = _ => 2 };
        Option<string?> probeOutput = new("--out") { Description = "Results folder (default results/<timestamp>); never overwritten" };
        var lostResponses = new Command("lost-responses", "Counts the responses Kestrel never sends when they are larger than the client's stream window (docs/streaming.md).")
        {
            probeRuntime, probeWindows, probePageSize, probeSeconds, probeTimeout, probeOutput,
        };
        lostResponses.SetAction(async (parse, cancellationToken) =>
        {
            IReadOnlyList<int?> windows;
            try
            {
                windows = (parse.GetValue(probeWindows) is { Length: > 0 } values ? values.SelectMany(Split) : ["default", "1048576"]).Distinct()
                    .Select(text => text == "default" ? (int?)null
                        : int.TryParse(text, out var bytes) && bytes is >= 65_535 and <= 16 * 1024 * 1024 ? bytes
                        : throw new FormatException($"--client-windows {text}: allowed default or a whole number of bytes from 65535 to 16777216")).ToArray();
                Within("--page-size", parse.GetValue(probePageSize), 1, 10_000);
                Within("--seconds", parse.GetValue(probeSeconds), 1, 3_600);
                Within("--call-timeout-seconds", parse.GetValue(probeTimeout), 1, 60);
            }
            catch (FormatException e)
            {
                Console.Error.WriteLine("invalid option: " + e.Message);
                return 2;
            }
            return await LostResponseProbe.RunAsync(Chosen(parse, probeRuntime, ["net8.0", "net9.0", "net10.0"]), windows, parse.GetValue(probePageSize),
                parse.GetValue(probeSeconds), parse.GetValue(probeTimeout), parse.GetValue(probeOutput), string.Join(' ', Environment.GetCommandLineArgs().Skip(1)), cancellationToken);
        });
        return lostResponses;
    }
}
