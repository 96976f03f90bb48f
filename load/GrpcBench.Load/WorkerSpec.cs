using GrpcBench.Clients;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>What a load worker is told to do: whom to load, with which client, under which load.</summary>
public sealed record WorkerSpec(LoadConfiguration Configuration, string TargetUrl, string? CertificatePem, ClientSettings Client, LoadShape Load);

/// <summary>A line a worker prints: progress while it runs, then its result.</summary>
public sealed record WorkerLine(string Event, GrpcBench.Load.Engine.LoadProgress? Progress, WorkerResult? Result);

/// <summary>What a worker measured, and what it ran on as it reports itself.</summary>
public sealed record WorkerResult(string Runtime, IReadOnlyDictionary<string, string> Components, double CpuSeconds, GrpcBench.Load.Engine.LoadResult Load,
    double? PeakRssMiB = null);
