using System.Diagnostics;
using System.Text.RegularExpressions;

namespace GrpcBench.Orchestration;

/// <summary>
/// What a process's TCP connections to one port have carried, as the kernel counts them: tcp_info's bytes_acked (sent
/// and delivered) and bytes_received, read with ss. That is the byte stream both ways, HTTP/2 frames, headers and TLS
/// records included, TCP/IP headers and retransmissions not; the same whichever stack owns the socket, so it measures
/// Grpc.Core's C-core client as well as grpc-dotnet's (bytes_acked counts the SYN as one byte more per connection).
/// Unix domain sockets have no such counters.
/// </summary>
public static partial class TcpConnectionBytes
{
    /// <param name="Local">The connection's local address and port: what tells it from the process's other connections.</param>
    public readonly record struct Connection(string Local, long Sent, long Received);

    /// <summary>The process's established connections to <paramref name="peerPort"/> now; null if ss cannot be run.</summary>
    public static IReadOnlyList<Connection>? Read(int pid, int peerPort)
    {
        try
        {
            var start = new ProcessStartInfo("ss", "-tinpH state established") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            using var ss = Process.Start(start)!;
            var output = ss.StandardOutput.ReadToEndAsync();
            _ = ss.StandardError.ReadToEndAsync();
            if (!ss.WaitForExit(TimeSpan.FromSeconds(10)))
            {
                ss.Kill();
                return null;
            }
            return ss.ExitCode == 0 ? Parse(output.Result, pid, peerPort) : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    /// <summary>
    /// The connections of <c>ss -tinpH</c>'s output owned by <paramref name="pid"/> with <paramref name="peerPort"/> as their
    /// peer's port: each is a line "Recv-Q Send-Q local peer users:((...,pid=N,fd=M))" followed by an indented line of tcp_info.
    /// </summary>
    public static IReadOnlyList<Connection> Parse(string ssOutput, int pid, int peerPort)
    {
        var connections = new List<Connection>();
        string? local = null;
        foreach (var line in ssOutput.Split('\n'))
        {
            if (line.Length == 0) continue;
            if (!char.IsWhiteSpace(line[0]))
            {
                var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                local = fields.Length >= 5 && Port(fields[3]) == peerPort && Pids().Matches(line).Any(m => int.Parse(m.Groups[1].Value) == pid) ? fields[2] : null;
            }
            else if (local is not null)
            {
                connections.Add(new(local, Counter(line, "bytes_acked"), Counter(line, "bytes_received")));
                local = null;
            }
        }
        return connections;
    }

    /// <summary>
    /// Bytes both ways from <paramref name="before"/> to <paramref name="after"/>: a connection opened since counts whole.
    /// Null if one of <paramref name="before"/>'s has closed since: what it carried in between went with it.
    /// </summary>
    public static long? Between(IReadOnlyList<Connection> before, IReadOnlyList<Connection> after)
    {
        var now = after.ToDictionary(c => c.Local);
        if (before.Any(c => !now.ContainsKey(c.Local))) return null;
        var then = before.ToDictionary(c => c.Local);
        return after.Sum(c => then.TryGetValue(c.Local, out var earlier) ? c.Sent - earlier.Sent + c.Received - earlier.Received : c.Sent + c.Received);
    }

    private static int Port(string address) => int.TryParse(address[(address.LastIndexOf(':') + 1)..], out var port) ? port : -1;

    private static long Counter(string info, string name) =>
        Regex.Match(info, $@"(?:^|\s){name}:(\d+)") is { Success: true } match ? long.Parse(match.Groups[1].Value) : 0;

    [GeneratedRegex(@"pid=(\d+)")]
    private static partial Regex Pids();
}
