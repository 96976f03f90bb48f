using GrpcBench.Orchestration;

namespace GrpcBench.TransportProbe;

/// <summary>A Kestrel host for one configuration, with the client that talks to it and what it cost.</summary>
public sealed class ProbeHost : IAsyncDisposable
{
    private TimeSpan _cpuAtMark;

    private ProbeHost(HostProcess host) => Host = host;

    public HostProcess Host { get; }
    public double CpuSeconds { get; private set; }
    public double PeakRssMiB { get; private set; }

    public static async Task<ProbeHost> StartAsync(ProbeConfiguration configuration, long maxBodyBytes, CancellationToken cancellationToken)
    {
        var host = await HostProcess.StartAsync(new HostLaunch("GrpcBench.KestrelHost", configuration.Runtime,
        [
            "--kestrel:profile", configuration.KestrelProfile,
            "--tls", (configuration.Transport == "tls").ToString(),
            "--maxReceiveMessageSize", maxBodyBytes.ToString(),
        ]), cancellationToken);
        return new ProbeHost(host);
    }

    /// <summary>A new client with its own HTTP/2 connection.</summary>
    public HttpClient NewClient() => Http2Client.For(Host.Ready);

    /// <summary>Server CPU is counted from here, so that start-up and warm-up are left out.</summary>
    public void MarkCpu()
    {
        if (!Host.HasExited) _cpuAtMark = ProcessStats.CpuTime(Host.Pid);
    }

    public string? ExitedError => Host.HasExited ? $"host exited mid-run with code {Host.ExitCode}: {Host.StandardError}" : null;

    public async ValueTask DisposeAsync()
    {
        if (!Host.HasExited)
        {
            CpuSeconds = Math.Round((ProcessStats.CpuTime(Host.Pid) - _cpuAtMark).TotalSeconds, 2);
            PeakRssMiB = Math.Round(ProcessStats.PeakRssMiB(Host.Pid), 1);
        }
        await Host.DisposeAsync();
    }
}
