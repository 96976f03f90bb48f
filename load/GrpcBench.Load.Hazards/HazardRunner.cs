using System.Diagnostics;
using GrpcBench.Clients;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Hazards;

/// <summary>Runs a case against a running host, then checks with the stack's own client that the host still serves.</summary>
public static class HazardRunner
{
    public static readonly TimeSpan CaseLimit = TimeSpan.FromSeconds(30);

    /// <summary>The host project of a stack, and the client a migrating team pairs it with.</summary>
    public static (string Project, ClientStack Client) Stack(string stack)
    {
        var server = Terms.Parse<ServerStack>(stack);
        return (HostLaunch.ProjectOf(server), server == ServerStack.GrpcCore ? ClientStack.GrpcCore : ClientStack.GrpcNet);
    }

    public static async Task<HazardResult> RunAsync(HazardCase hazard, string stack, HostProcess host)
    {
        var url = new Uri(host.Ready.Url);
        var rssBefore = ProcessStats.RssMiB(host.Pid);
        var clock = Stopwatch.StartNew();
        HazardOutcome outcome;
        try
        {
            outcome = await hazard.Run(url).WaitAsync(CaseLimit);
        }
        catch (TimeoutException)
        {
            outcome = new($"probe gave up after {CaseLimit.TotalSeconds:0} s");
        }
        catch (Exception e) when (e is IOException or System.Net.Sockets.SocketException)
        {
            outcome = HazardOutcome.Closed($"{e.GetType().Name} while sending: {e.Message}");
        }
        catch (Exception e)
        {
            // An answer the probe cannot read (e.g. an HPACK block it does not decode) is reported, not fatal to the run.
            outcome = new($"unreadable answer: {e.GetType().Name}", e.Message);
        }
        var seconds = clock.Elapsed.TotalSeconds;
        var (served, error) = await ServesGetIntAsync(host, stack);
        var rssAfter = host.HasExited ? 0 : ProcessStats.RssMiB(host.Pid);
        return new HazardResult(hazard.Id, stack, outcome.Answer, outcome.Detail, served, error, Math.Round(rssBefore, 1), Math.Round(rssAfter, 1), Math.Round(seconds, 2));
    }

    public static async Task<(bool Served, string? Error)> ServesGetIntAsync(HostProcess host, string stack)
    {
        if (host.HasExited) return (false, $"the host exited with {host.ExitCode}");
        try
        {
            await using var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), host.Ready.CertificatePem), new ClientSettings { Stack = Stack(stack).Client });
            await client.GetIntAsync(deadline: DateTime.UtcNow.AddSeconds(5));
            return (true, null);
        }
        catch (Exception e)
        {
            return (false, e.Message);
        }
    }
}
