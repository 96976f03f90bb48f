namespace GrpcBench.TransportProbe;

public sealed record ProbeOptions(
    IReadOnlyList<string> Runtimes,
    IReadOnlyList<string> Profiles,
    IReadOnlyList<string> Transports,
    int SizeMiB,
    int Requests,
    int Warmup,
    TimeSpan UploadTimeout,
    string? Out);

/// <summary>One host under test: a runtime, a Kestrel profile and a transport.</summary>
public sealed record ProbeConfiguration(string Runtime, string KestrelProfile, string Transport)
{
    public override string ToString() => $"{Runtime} {KestrelProfile} {Transport}";
}
