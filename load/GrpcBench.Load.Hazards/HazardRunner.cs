using System.Diagnostics;
using Grpc.Core;
using GrpcBench.Clients;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Hazards;

/// <summary>Runs a case against a running host, then checks with the stack's own client that the host still serves the target.</summary>
public static class HazardRunner
{
    public static readonly TimeSpan CaseLimit = TimeSpan.FromSeconds(30);

    /// <summary>The host project of a stack, and the client a migrating team pairs it with.</summary>
    public static (string Project, ClientStack Client) Stack(string stack)
    {
        var server = Terms.Parse<ServerStack>(stack);
        return (HostLaunch.ProjectOf(server), server == ServerStack.GrpcCore ? ClientStack.GrpcCore : ClientStack.GrpcNet);
    }

    public static async Task<HazardResult> RunAsync(HazardCase hazard, string stack, HostProcess host, HazardTarget? target = null)
    {
        target ??= HazardTarget.Story;
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
        var (served, error) = await ServesAsync(host, stack, target);
        var rssAfter = host.HasExited ? 0 : ProcessStats.RssMiB(host.Pid);
        return new HazardResult(hazard.Id, stack, outcome.Answer, outcome.Detail, served, error, Math.Round(rssBefore, 1), Math.Round(rssAfter, 1), Math.Round(seconds, 2));
    }

    /// <summary>A correct call of the target: GetInt, or the team's method with its request's bytes as they are.</summary>
    public static async Task<(bool Served, string? Error)> ServesAsync(HostProcess host, string stack, HazardTarget target)
    {
        if (host.HasExited) return (false, $"the host exited with {host.ExitCode}");
        try
        {
            await using var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), host.Ready.CertificatePem), new ClientSettings { Stack = Stack(stack).Client });
            var deadline = DateTime.UtcNow.AddSeconds(5);
            if (target.IsStory) await client.GetIntAsync(deadline: deadline);
            else await client.SmallCallInvoker.AsyncUnaryCall(RawMethod(target), null, client.Options(deadline: deadline), target.Request);
            return (true, null);
        }
        catch (Exception e)
        {
            return (false, e.Message);
        }
    }

    private static Method<byte[], byte[]> RawMethod(HazardTarget target)
    {
        var bytes = Marshallers.Create(b => b, b => b);
        return new(MethodType.Unary, target.Service, target.MethodName, bytes, bytes);
    }
}
