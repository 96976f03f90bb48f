using System.IO.Compression;
using System.Net.Sockets;
using System.Text;
using static GrpcBench.Load.Hazards.HazardCalls;

namespace GrpcBench.Load.Hazards;

/// <summary>
/// The edge cases, most valuable first. Each sends what a correct client would not, on a fresh connection, bounded in
/// count and time. The meanings are written from what the stacks answered in the reference run (docs/hazards.md).
/// </summary>
public static class HazardCatalogue
{
    public const int ReceiveLimit = 4 * 1024 * 1024, FloodCount = 1_000, StallSeconds = 3;

    public static IReadOnlyList<HazardCase> All { get; } =
    [
        new("control", "a correct GetInt",
            "The raw client is sound: every other answer is the stack's judgement of the hazard.",
            url => UnaryAsync(url, Headers(url, GetInt), EmptyMessage)),
        new("message-at-limit", "SendLargeData with a message of exactly 4 MiB (the receive default)",
            "Both stacks default to 4 MiB inclusive: messages up to the limit keep working after the switch.",
            url => UnaryAsync(url, Headers(url, SendLargeData), Message(LargeDataRequest(ReceiveLimit)))),
        new("message-over-limit", "SendLargeData with a message of 4 MiB + 1 byte",
            "One byte over the default fails on both; compare the status your clients see and raise the limit on both sides together.",
            url => UnaryAsync(url, Headers(url, SendLargeData), Message(LargeDataRequest(ReceiveLimit + 1)))),
        new("metadata-64kib-value", "GetInt with one 64 KiB metadata value",
            "Large headers (tokens, tracing baggage) that Grpc.Core took may be refused by Kestrel's header limits (32 KiB total by default): measure your largest and raise MaxRequestHeadersTotalSize / MaxRequestHeaderFieldSize.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("x-big", new string('a', 64 * 1024))), EmptyMessage)),
        new("metadata-1000-entries", "GetInt with 1,000 metadata entries",
            "Many small headers add up against Kestrel's header limits as one large one does; a client that sends many may be cut off after the switch.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: [.. Enumerable.Range(0, 1_000).Select(i => ($"x-entry-{i}", $"value-{i}"))]), EmptyMessage)),
        new("content-type-text-plain", "GetInt with content-type: text/plain",
            "A client or proxy that sends a non-gRPC content type is refused where it was accepted before: fix the sender, not the server.",
            url => UnaryAsync(url, Headers(url, GetInt, "text/plain"), EmptyMessage)),
        new("content-type-missing", "GetInt without content-type",
            "A hand-rolled client that omits the content type fails after the switch if the stacks differ here.",
            url => UnaryAsync(url, Headers(url, GetInt, null), EmptyMessage)),
        new("compressed-without-encoding", "GetInt whose message has the compressed flag set, without grpc-encoding",
            "A client that flags messages compressed without naming the algorithm fails where the server refuses it.",
            url => UnaryAsync(url, Headers(url, GetInt), Message(Gzip([]), compressed: true))),
        new("unknown-grpc-encoding", "GetInt compressed with grpc-encoding: x-unknown",
            "A client using a codec the server does not know (snappy, zstd from another stack) is told so differently by each stack.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("grpc-encoding", "x-unknown")), Message(Gzip([]), compressed: true))),
        new("length-prefix-4gib", "GetInt whose length prefix says 4 GiB - 1, with 10 bytes, then END_STREAM",
            "A corrupt or hostile length prefix is refused by both, with different status codes: do not retry on either.",
            url => UnaryAsync(url, Headers(url, GetInt), Message(new byte[10], declaredLength: uint.MaxValue))),
        new("truncated-message", "GetInt whose length prefix says 100 bytes, with 10, then END_STREAM",
            "A client that ends the stream mid-message (a crash, a proxy cut) gets a different status from each stack: alerting keyed on the status code needs updating.",
            url => UnaryAsync(url, Headers(url, GetInt), Message(new byte[10], declaredLength: 100))),
        new("invalid-protobuf", "GetInt with bytes that are not a valid protobuf message",
            "A client with a mismatched or corrupt contract fails on both; the status tells it apart from a server bug only if the stacks agree.",
            url => UnaryAsync(url, Headers(url, GetInt), Message([0xFF, 0xFF, 0xFF, 0xFF, 0xFF]))),
        new("two-messages-unary", "GetInt with two request messages",
            "A client that sends two messages on a unary call (a streaming stub misused) is refused or tolerated depending on the stack.",
            url => UnaryAsync(url, Headers(url, GetInt), [.. EmptyMessage, .. EmptyMessage])),
        new("timeout-zero", "GetInt with grpc-timeout: 0n (a deadline already expired)",
            "An expired deadline is answered without running the call, or run anyway: a client that sends 0 to mean 'none' breaks where it is honoured.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("grpc-timeout", "0n")), EmptyMessage)),
        new("timeout-malformed", "GetInt with grpc-timeout: abc",
            "A malformed deadline header is ignored by one stack and refused by the other if the answers differ: check what your non-.NET clients send.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("grpc-timeout", "abc")), EmptyMessage)),
        new("timeout-huge", "GetInt with grpc-timeout: 99999999H (the largest the spec allows)",
            "Very long deadlines (an 'infinite' written as a big number) keep working if both answer OK.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("grpc-timeout", "99999999H")), EmptyMessage)),
        new("header-name-uppercase", "GetInt with a header named X-Upper (HTTP/2 requires lower case)",
            "A client or proxy that sends upper-case header names over HTTP/2 (malformed) is refused where the stack is strict.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("X-Upper", "1")), EmptyMessage)),
        new("connection-header", "GetInt with connection: keep-alive (connection-specific, forbidden in HTTP/2)",
            "A proxy that forwards HTTP/1.1 connection headers into HTTP/2 is refused where the stack is strict.",
            url => UnaryAsync(url, Headers(url, GetInt, extra: ("connection", "keep-alive")), EmptyMessage)),
        new("http1-on-h2c-port", "an HTTP/1.1 POST to GetInt on the h2c port",
            "An HTTP/1.1-only client, health checker or load balancer probe gets a different answer from each stack on an h2c port.",
            Http1Async),
        new("rst-stream-flood", $"{FloodCount:N0} streams opened and reset at once (rapid reset), then a correct GetInt on the same connection",
            "Rapid reset (CVE-2023-44487) is the stack's defence: the host must keep serving other connections; whether this one survives differs.",
            url => FloodAsync(url, i => [.. RawHttp2Connection.Frame(Http2Frame.Headers, Http2Frame.EndHeaders, 1 + 2 * i, Hpack.Encode(Headers(url, GetInt))),
                .. RawHttp2Connection.Frame(Http2Frame.RstStream, 0, 1 + 2 * i, new byte[] { 0, 0, 0, 8 })], 1 + 2 * FloodCount)),
        new("ping-flood", $"{FloodCount:N0} PINGs at once, then a correct GetInt on the same connection",
            "A client that pings far too often (aggressive keep-alive) may lose its connection on one stack and not the other.",
            url => FloodAsync(url, i => RawHttp2Connection.Frame(Http2Frame.Ping, 0, 0, BitConverter.GetBytes((long)i)), 1)),
        new("settings-flood", $"{FloodCount:N0} SETTINGS frames at once, then a correct GetInt on the same connection",
            "A SETTINGS storm is absorbed or ends the connection; either way the host should keep serving others.",
            url => FloodAsync(url, _ => RawHttp2Connection.Frame(Http2Frame.Settings, 0, 0, new byte[] { 0, 0x4, 0, 1, 0, 0 }), 1)),
        new("stalled-body", $"GetInt headers and 10 of 100 message bytes, then nothing for {StallSeconds} s",
            "A slow or stuck sender (slowloris) holds a stream until its deadline or the server's timeout: set deadlines on your clients.",
            StalledAsync),
    ];

    /// <summary>A LargeDataRequest (field 1, bytes) serialized to exactly <paramref name="total"/> bytes.</summary>
    public static byte[] LargeDataRequest(int total)
    {
        var data = total - 1 - 4;
        var bytes = new byte[total];
        bytes[0] = 0x0A;
        for (int i = 1, value = data; i <= 4; i++, value >>= 7) bytes[i] = (byte)(value & 0x7F | (i < 4 ? 0x80 : 0));
        return bytes;
    }

    private static byte[] Gzip(byte[] bytes)
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Fastest)) gzip.Write(bytes);
        return output.ToArray();
    }

    /// <summary>
    /// The flood in one write, so that it is all on the wire before the server reacts and its answer (a GOAWAY) is
    /// not lost to a reset of a connection it closed while we were still writing.
    /// </summary>
    private static async Task<HazardOutcome> FloodAsync(Uri url, Func<int, byte[]> frame, int nextStream)
    {
        await using var connection = await RawHttp2Connection.OpenAsync(url, AnswerTimeout);
        await connection.WriteRawAsync([.. Enumerable.Range(0, FloodCount).SelectMany(frame)]);
        return await GetIntAfterAsync(connection, url, nextStream);
    }

    private static async Task<HazardOutcome> StalledAsync(Uri url)
    {
        await using var connection = await RawHttp2Connection.OpenAsync(url, AnswerTimeout);
        await connection.WriteHeadersAsync(1, Headers(url, GetInt), endStream: false);
        await connection.WriteDataAsync(1, Message(new byte[10], declaredLength: 100), endStream: false, AnswerTimeout);
        return await AnswerAsync(connection, 1, TimeSpan.FromSeconds(StallSeconds));
    }

    private static async Task<HazardOutcome> Http1Async(Uri url)
    {
        using var client = new TcpClient { NoDelay = true };
        await client.ConnectAsync(url.Host, url.Port);
        var stream = client.GetStream();
        var request = $"POST {GetInt} HTTP/1.1\r\nHost: {url.Host}:{url.Port}\r\nContent-Type: application/grpc\r\nTE: trailers\r\nContent-Length: 5\r\n\r\n";
        await stream.WriteAsync((byte[])[.. Encoding.ASCII.GetBytes(request), .. EmptyMessage]);
        var received = new MemoryStream();
        var buffer = new byte[4096];
        using var deadline = new CancellationTokenSource(AnswerTimeout);
        try
        {
            while (received.Length < 4096)
            {
                var read = await stream.ReadAsync(buffer, deadline.Token);
                if (read == 0) break;
                received.Write(buffer, 0, read);
                if (Encoding.ASCII.GetString(received.ToArray()) is var sofar && sofar.StartsWith("HTTP/", StringComparison.Ordinal) && sofar.Contains("\r\n")) break;
            }
        }
        catch (OperationCanceledException)
        {
            if (received.Length == 0) return HazardOutcome.Silent(AnswerTimeout);
        }
        catch (IOException)
        {
        }
        var bytes = received.ToArray();
        if (bytes.Length == 0) return HazardOutcome.Closed();
        var text = Encoding.ASCII.GetString(bytes);
        if (text.StartsWith("HTTP/", StringComparison.Ordinal)) return new(text[..text.IndexOf("\r\n", StringComparison.Ordinal)]);
        // Not HTTP/1.1: the HTTP/2 frames a server answers with (its SETTINGS, a GOAWAY) are named.
        var frames = new List<string>();
        for (var at = 0; at + 9 <= bytes.Length; at += 9 + (bytes[at] << 16 | bytes[at + 1] << 8 | bytes[at + 2]))
            frames.Add(bytes[at + 3] switch
            {
                Http2Frame.GoAway when at + 17 <= bytes.Length => "GOAWAY " + Http2Frame.ErrorName(System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(at + 13))),
                var type => Http2Frame.TypeName(type),
            });
        return frames.Count > 0 ? new($"HTTP/2 {string.Join(", ", frames)}", $"{bytes.Length} bytes") : new($"{bytes.Length} bytes, not HTTP");
    }
}
