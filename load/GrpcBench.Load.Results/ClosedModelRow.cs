namespace GrpcBench.Load.Results;

/// <summary>
/// One row of the closed-model table (the go-micro comparison's columns): a configuration's scenario, its latencies in ms
/// over the successful calls, its calls per second and its fails.
/// </summary>
/// <param name="Tps">Successful calls per second, from the first measured call to the last one's end.</param>
/// <param name="HostCpuMsPerCall">The host's CPU time over every call the configuration made (warm-up included); null where not measured (external target).</param>
/// <param name="Codec">ExampleService's message encoding: protobuf or json.</param>
/// <param name="MessageBytesPerCall">The gRPC messages of a call, both ways, with their 5-byte frame headers (no HTTP/2 or TLS framing, no headers), in the codec's encoding.</param>
/// <param name="WireBytesPerCall">What the worker's TCP connections carried per call, both ways, as the kernel counts them (HTTP/2
/// frames, headers and TLS records; not TCP/IP headers), over every call the configuration made, warm-up included; null over a Unix
/// domain socket (the kernel keeps no such count), where not read, or where the configuration has more than one scenario.</param>
/// <param name="Repeat">With --repeat: which of them (1 to N) the row is; null without repeats.</param>
public sealed record ClosedModelRow(
    string Configuration,
    string Transport,
    string Server,
    string Client,
    string Runtime,
    string Scenario,
    long PayloadBytes,
    long Requests,
    long Fails,
    double MeanMs,
    double MedianMs,
    double MaxMs,
    double MinMs,
    double? P90Ms,
    double P99Ms,
    double Tps,
    double? HostCpuMsPerCall,
    ConfigurationStatus Status,
    int? Repeat = null,
    string Codec = "protobuf",
    double? MessageBytesPerCall = null,
    double? WireBytesPerCall = null);
