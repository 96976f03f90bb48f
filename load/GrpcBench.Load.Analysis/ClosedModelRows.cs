using GrpcBench.Load.Results;

namespace GrpcBench.Load.Analysis;

/// <summary>
/// The closed-model table's rows (--concurrency, --requests): per gRPC configuration and scenario, its latencies, calls
/// per second and fails, the host's CPU per call, and the message and wire bytes per call.
/// </summary>
public static class ClosedModelRows
{
    public static IReadOnlyList<ClosedModelRow> Of(IEnumerable<ConfigurationResult> results) =>
    [
        .. from r in results
           where r.Configuration.Kind == ConfigurationKind.Grpc
           from s in r.Scenarios
           let calls = r.Scenarios.Sum(x => x.Requests)
           let started = r.Scenarios.Sum(x => x.Invocations)
           select new ClosedModelRow(r.Configuration.Label, r.Configuration.Transport.Text(), r.Configuration.Server.Text(), r.Configuration.Client.Text(),
               r.Configuration.HostRuntime, s.Name, s.Name == ScenarioNames.GetInt ? 0 : r.Configuration.PayloadBytes ?? 0, s.Requests, s.Failed,
               s.Latency.Mean, s.Latency.P50, s.Latency.Max, s.Latency.Min, s.Latency.P90, s.Latency.P99, s.Rps,
               r.ServerCpuSeconds is { } cpu && calls > 0 ? cpu * 1000 / calls : null, r.Status, r.Repeat, r.Configuration.Codec,
               s.Requests > 0 ? (s.BytesSent + s.BytesReceived) / (double)s.Requests : null,
               r.ConnectionBytes is { } wire && r.Scenarios.Count == 1 && started > 0 ? wire / (double)started : null),
    ];
}
