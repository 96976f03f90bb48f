using static GrpcBench.Load.Hazards.HazardCalls;
using static GrpcBench.Load.Hazards.HazardConnectionCalls;

namespace GrpcBench.Load.Hazards;

/// <summary>
/// The edge cases, most valuable first. Each sends what a correct client would not, on a fresh connection, bounded in
/// count and time. The meanings are written from what the stacks answered in the reference run (docs/hazards.md).
/// </summary>
public static class HazardCatalogue
{
    public const int ReceiveLimit = 4 * 1024 * 1024, FloodCount = 1_000, RapidResets = 5_000, StallSeconds = 3, KeepAlivePings = 6;

    /// <summary>Kestrel's default MaxRequestBodySize; a gRPC request body is the message and its 5-byte frame header.</summary>
    public const int KestrelBodyLimit = 30_000_000, FrameHeader = 5;

    /// <summary>
    /// Hosts as a team migrating large messages sets them up: the gRPC receive limit raised to 64 MiB on both stacks, and
    /// Kestrel's request body limit left at its default (the bench's Kestrel host raises it to fit unless told this).
    /// </summary>
    public static readonly IReadOnlyList<string> LargeMessageHosts = ["--MaxReceiveMessageSize", "67108864", "--Kestrel:MaxRequestBodySize", $"{KestrelBodyLimit}"];

    /// <summary>The cases that send the story's SendLargeData message, sized to its limits: left out on a team's service.</summary>
    public static readonly IReadOnlyList<string> StoryOnly =
        ["message-at-limit", "message-over-limit", "body-at-kestrel-limit", "body-over-kestrel-limit", "mismatched-grpc-encoding"];

    public const string StoryOnlyReason = "they send the story's SendLargeData message, sized to the receive and request body limits";

    /// <summary>The story's catalogue, aimed at GetInt.</summary>
    public static IReadOnlyList<HazardCase> All { get; } = Cases(HazardTarget.Story);

    /// <summary>The catalogue aimed at a target: the story's whole, or on a team's service its generic cases, its hosts serving the assembly.</summary>
    public static IReadOnlyList<HazardCase> For(HazardTarget target) => target.IsStory ? All
        : [.. Cases(target).Where(c => !StoryOnly.Contains(c.Id)).Select(c => c with { HostArguments = [.. target.HostArguments, .. c.HostArguments ?? []] })];

    private static List<HazardCase> Cases(HazardTarget target)
    {
        var call = target.Call;
        var request = Message(target.Request);
        return
        [
            new("control", $"a correct {call}",
                "The raw client is sound: every other answer is the stack's judgement of the hazard.",
                url => UnaryAsync(url, Headers(url, target.Path), request)),
            new("message-at-limit", "SendLargeData with a message of exactly 4 MiB (the receive default)",
                "Both take a message of exactly 4 MiB: messages up to the default keep working after the switch.",
                url => UnaryAsync(url, Headers(url, SendLargeData), Message(LargeDataRequest(ReceiveLimit)))),
            new("message-over-limit", "SendLargeData with a message of 4 MiB + 1 byte",
                "Both refuse one byte over 4 MiB with ResourceExhausted: the limit carries over; raise it on client and server together.",
                url => UnaryAsync(url, Headers(url, SendLargeData), Message(LargeDataRequest(ReceiveLimit + 1)))),
            new("body-at-kestrel-limit", "SendLargeData with a 29,999,995-byte message (a 30,000,000-byte body), receive limits raised to 64 MiB",
                "Both take a 30,000,000-byte body once the receive limit is raised: up to Kestrel's body limit, raising MaxReceiveMessageSize is enough.",
                url => UnaryAsync(url, Headers(url, SendLargeData), Message(LargeDataRequest(KestrelBodyLimit - FrameHeader))), LargeMessageHosts),
            new("body-over-kestrel-limit", "SendLargeData with a 29,999,996-byte message (a 30,000,001-byte body), receive limits raised to 64 MiB",
                "Grpc.Core serves it; Kestrel refuses a unary body over its 30,000,000-byte MaxRequestBodySize with Unknown (\"Exception was thrown by handler\"), though MaxReceiveMessageSize allows 64 MiB: grpc-dotnet lifts the body limit for streaming calls only; raise Kestrel's Limits.MaxRequestBodySize with the receive limit.",
                url => UnaryAsync(url, Headers(url, SendLargeData), Message(LargeDataRequest(KestrelBodyLimit - FrameHeader + 1))), LargeMessageHosts),
            new("metadata-64kib-value", $"{call} with one 64 KiB metadata value",
                "Grpc.Core takes it; Kestrel ends the whole connection (GOAWAY), failing every call on it: measure your largest header and raise Kestrel's Http2.MaxRequestHeaderFieldSize and MaxRequestHeadersTotalSize before switching.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("x-big", new string('a', 64 * 1024))), request)),
            new("metadata-1000-entries", $"{call} with 1,000 metadata entries",
                "Grpc.Core takes them; Kestrel ends the connection: many small headers hit Kestrel's MaxRequestHeaderCount and MaxRequestHeadersTotalSize as one large one does.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: [.. Enumerable.Range(0, 1_000).Select(i => ($"x-entry-{i}", $"value-{i}"))]), request)),
            new("content-type-text-plain", $"{call} with content-type: text/plain",
                "Grpc.Core serves it; grpc-dotnet answers HTTP 415 and Internal: a client or proxy that sends a non-gRPC content type breaks on day one; fix the sender.",
                url => UnaryAsync(url, Headers(url, target.Path, "text/plain"), request)),
            new("content-type-missing", $"{call} without content-type",
                "Grpc.Core serves it; grpc-dotnet answers HTTP 415 and Internal: a hand-rolled client that omits the content type breaks on day one.",
                url => UnaryAsync(url, Headers(url, target.Path, null), request)),
            new("compressed-without-encoding", $"{call} whose message has the compressed flag set, without grpc-encoding",
                "Grpc.Core serves it; grpc-dotnet refuses with Internal: a client that flags messages compressed without naming the algorithm breaks.",
                url => UnaryAsync(url, Headers(url, target.Path), Message(Gzip(target.Request), compressed: true))),
            new("unknown-grpc-encoding", $"{call} compressed with grpc-encoding: x-unknown",
                "Grpc.Core served the call; grpc-dotnet answers Unimplemented naming the encodings it has: a client using a codec the server lacks breaks.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("grpc-encoding", "x-unknown")), Message(Gzip(target.Request), compressed: true))),
            new("mismatched-grpc-encoding", "SendLargeData of 1 KiB compressed as zlib (gRPC's deflate) under grpc-encoding: gzip",
                "Both refuse it, differently: Grpc.Core resets the stream (RST_STREAM INTERNAL_ERROR, which clients see as Internal), grpc-dotnet answers Unknown (\"Exception was thrown by handler\"): a client whose compressor does not match the encoding it names fails on both; alerting keyed on Internal misses it after the switch.",
                url => UnaryAsync(url, Headers(url, SendLargeData, extra: ("grpc-encoding", "gzip")), Message(Zlib(LargeDataRequest(1024)), compressed: true))),
            new("length-prefix-4gib", $"{call} whose length prefix says 4 GiB - 1, with 10 bytes, then END_STREAM",
                "Grpc.Core answers ResourceExhausted naming the size; grpc-dotnet Unknown (\"Exception was thrown by handler\"): retry and alert rules keyed on ResourceExhausted miss it after the switch.",
                url => UnaryAsync(url, Headers(url, target.Path), Message(new byte[10], declaredLength: uint.MaxValue))),
            new("truncated-message", $"{call} whose length prefix says 100 bytes, with 10, then END_STREAM",
                "Grpc.Core answers Unknown, grpc-dotnet Internal (\"Incomplete message\"): alerting keyed on the status of a cut request needs updating.",
                url => UnaryAsync(url, Headers(url, target.Path), Message(new byte[10], declaredLength: 100))),
            new("invalid-protobuf", $"{call} with bytes that are not a valid protobuf message",
                "Both answer Unknown: a client with a mismatched contract sees the same status after the switch.",
                url => UnaryAsync(url, Headers(url, target.Path), Message([0xFF, 0xFF, 0xFF, 0xFF, 0xFF]))),
            new("two-messages-unary", $"{call} with two request messages",
                "Grpc.Core serves the call; grpc-dotnet refuses with Internal: a client that misuses a unary call (a streaming stub, a proxy replay) breaks.",
                url => UnaryAsync(url, Headers(url, target.Path), [.. request, .. request])),
            new("timeout-zero", $"{call} with grpc-timeout: 0n (a deadline already expired)",
                "Grpc.Core treats 0 as expired (DeadlineExceeded, the call not run); grpc-dotnet runs the call as if it had no deadline: calls that failed fast now run.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("grpc-timeout", "0n")), request)),
            new("timeout-malformed", $"{call} with grpc-timeout: abc",
                "Both ignore a malformed grpc-timeout and serve the call: no change for clients that send one.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("grpc-timeout", "abc")), request)),
            new("timeout-huge", $"{call} with grpc-timeout: 99999999H (the largest the spec allows)",
                "Both serve a call with the largest deadline the spec allows: 'infinite' written as a big number keeps working.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("grpc-timeout", "99999999H")), request)),
            new("header-name-uppercase", $"{call} with a header named X-Upper (HTTP/2 requires lower case)",
                "Grpc.Core takes it; Kestrel ends the connection (GOAWAY PROTOCOL_ERROR): a client or proxy that sends upper-case names over HTTP/2 loses every call on that connection.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("X-Upper", "1")), request)),
            new("connection-header", $"{call} with connection: keep-alive (connection-specific, forbidden in HTTP/2)",
                "Grpc.Core takes it; Kestrel ends the connection: a proxy that forwards HTTP/1.1 connection headers into HTTP/2 breaks every call on that connection.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("connection", "keep-alive")), request)),
            new("te-missing", $"{call} without te: trailers",
                "Grpc.Core resets the stream (RST_STREAM INTERNAL_ERROR); grpc-dotnet serves it: a client or proxy that drops te: trailers starts working after the switch, and breaks again on a rollback.",
                url => UnaryAsync(url, Headers(url, target.Path).Where(h => h.Item1 != "te").ToList(), request)),
            new("unknown-method", $"a call to /{target.Service}/Missing",
                "Both answer Unimplemented: no change.",
                url => UnaryAsync(url, Headers(url, $"/{target.Service}/Missing"), request)),
            new("binary-header-invalid-base64", $"{call} with x-trace-bin: !!! (not base64)",
                "Grpc.Core fails the call with Unavailable (\"Failed parsing HTTP/2\", a status clients retry); grpc-dotnet serves it: such a header stops failing calls after the switch.",
                url => UnaryAsync(url, Headers(url, target.Path, extra: ("x-trace-bin", "!!!")), request)),
            new("http1-on-h2c-port", $"an HTTP/1.1 POST to {call} on the h2c port",
                "Grpc.Core answers with HTTP/2 frames and closes; Kestrel answers HTTP/1.1 400: HTTP/1.1 health checks or load-balancer probes on the h2c port fail on both, readably only on Kestrel.",
                url => Http1Async(url, target)),
            new("rst-stream-flood", $"{RapidResets:N0} streams opened and reset at once (rapid reset), then a correct {call} on the same connection",
                "Grpc.Core keeps the connection and serves the next call; Kestrel closes it (its rapid-reset defence); both keep serving other connections: a client that cancels very many calls at once may lose its connection after the switch.",
                url => FloodAsync(url, target, i => [.. RawHttp2Connection.Frame(Http2Frame.Headers, Http2Frame.EndHeaders, 1 + 2 * i, Hpack.Encode(Headers(url, target.Path))),
                    .. RawHttp2Connection.Frame(Http2Frame.RstStream, 0, 1 + 2 * i, new byte[] { 0, 0, 0, 8 })], 1 + 2 * RapidResets, RapidResets)),
            new("ping-flood", $"{FloodCount:N0} PINGs at once, then a correct {call} on the same connection",
                "Grpc.Core ends the connection (GOAWAY ENHANCE_YOUR_CALM, too_many_pings); Kestrel answers every PING and serves the next call.",
                url => FloodAsync(url, target, i => RawHttp2Connection.Frame(Http2Frame.Ping, 0, 0, BitConverter.GetBytes((long)i)), 1)),
            new("settings-flood", $"{FloodCount:N0} SETTINGS frames at once, then a correct {call} on the same connection",
                "Both absorb it and serve the next call on the same connection.",
                url => FloodAsync(url, target, _ => RawHttp2Connection.Frame(Http2Frame.Settings, 0, 0, new byte[] { 0, 0x4, 0, 1, 0, 0 }), 1)),
            new("keepalive-pings-500ms", $"{KeepAlivePings} PINGs 0.5 s apart on an idle connection (keep-alive far below the server's minimum), then a correct {call} on it",
                "Grpc.Core ends the idle connection (GOAWAY ENHANCE_YOUR_CALM, too_many_pings: C-core's default ping policy); Kestrel accepts: keep-alive intervals tuned down for Grpc.Core may be shortened after the switch, never the other way.",
                url => KeepAliveAsync(url, target)),
            new("stalled-body", $"{call} headers and 10 of 100 message bytes, then nothing for {StallSeconds} s",
                "Neither answers within the wait and both keep serving others: a stuck sender holds its call until the client's deadline, so set deadlines.",
                url => StalledAsync(url, target)),
        ];
    }

    /// <summary>A LargeDataRequest (field 1, bytes) serialized to exactly <paramref name="total"/> bytes.</summary>
    public static byte[] LargeDataRequest(int total)
    {
        var data = total - 1 - 4;
        var bytes = new byte[total];
        bytes[0] = 0x0A;
        for (int i = 1, value = data; i <= 4; i++, value >>= 7) bytes[i] = (byte)(value & 0x7F | (i < 4 ? 0x80 : 0));
        return bytes;
    }
}
