using System.Globalization;

namespace GrpcBench;

/// <summary>
/// How fast this machine's loopback moves the run's payload with nothing on top: one TCP connection on 127.0.0.1, the
/// payload written in 1 MiB pieces from the load worker's CPU and read on the host's, no HTTP/2, no gRPC, no
/// serialization. No stack's upload of the payload can take less time than this on this machine; an upload figure is
/// read against it.
/// </summary>
/// <param name="PayloadBytes">The run's payload.</param>
/// <param name="MsPerPayload">Wall time from the first byte written to the last read, median of the tries.</param>
/// <param name="Cpus">"worker 0, host 1": where the sender and the receiver ran; "unpinned" where they could not be pinned.</param>
public sealed record LoopbackFloor(long PayloadBytes, double MsPerPayload, string Cpus)
{
    public double GiBPerSecond => MsPerPayload > 0 ? PayloadBytes / (1024.0 * 1024 * 1024) / (MsPerPayload / 1000) : 0;

    /// <summary>"20 MiB over loopback TCP in 6.1 ms (3.2 GiB/s; worker 0, host 1)".</summary>
    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"{PayloadBytes / (1024.0 * 1024):0.#} MiB over loopback TCP in {MsPerPayload:0.##} ms ({GiBPerSecond:0.#} GiB/s; {Cpus}), no HTTP/2 or gRPC: no upload of it can be faster here");
}
