using System.IO.Compression;
using System.Net.Sockets;
using System.Text;
using static GrpcBench.Load.Hazards.HazardCalls;
using static GrpcBench.Load.Hazards.HazardCatalogue;

namespace GrpcBench.Load.Hazards;

/// <summary>The cases that go beyond one request on one stream: floods, keep-alive pings, a stalled body, HTTP/1.1; and compression.</summary>
public static class HazardConnectionCalls
{
    public static byte[] Gzip(byte[] bytes) => Compressed(bytes, output => new GZipStream(output, CompressionLevel.Fastest));

    /// <summary>gRPC's "deflate" is the zlib format (RFC 1950): a deflate stream with a 2-byte header and a checksum.</summary>
    public static byte[] Zlib(byte[] bytes) => Compressed(bytes, output => new ZLibStream(output, CompressionLevel.Fastest));

    public static byte[] Compressed(byte[] bytes, Func<Stream, Stream> compressor)
    {
        using var output = new MemoryStream();
        using (var compressing = compressor(output)) compressing.Write(bytes);
        return output.ToArray();
    }

    /// <summary>
    /// The flood in one write, so that it is all on the wire before the server reacts and its answer (a GOAWAY) is
    /// not lost to a reset of a connection it closed while we were still writing.
    /// </summary>
    public static async Task<HazardOutcome> FloodAsync(Uri url, HazardTarget target, Func<int, byte[]> frame, int nextStream, int count = FloodCount)
    {
        await using var connection = await RawHttp2Connection.OpenAsync(url, AnswerTimeout);
        await connection.WriteRawAsync([.. Enumerable.Range(0, count).SelectMany(frame)]);
        return await CorrectCallAfterAsync(connection, url, target, nextStream);
    }

    public static async Task<HazardOutcome> KeepAliveAsync(Uri url, HazardTarget target)
    {
        await using var connection = await RawHttp2Connection.OpenAsync(url, AnswerTimeout);
        for (var i = 0; i < KeepAlivePings; i++)
        {
            await connection.WriteFrameAsync(Http2Frame.Ping, 0, 0, BitConverter.GetBytes((long)i));
            // Reading between them answers the PINGs and catches a GOAWAY as it comes.
            if (await connection.ReadFrameAsync(TimeSpan.FromMilliseconds(500)) is { Type: Http2Frame.GoAway } goAway)
            {
                connection.Pending.Enqueue(goAway);
                break;
            }
            if (connection.Closed) break;
        }
        return await CorrectCallAfterAsync(connection, url, target, 1);
    }

    public static async Task<HazardOutcome> StalledAsync(Uri url, HazardTarget target)
    {
        await using var connection = await RawHttp2Connection.OpenAsync(url, AnswerTimeout);
        await connection.WriteHeadersAsync(1, Headers(url, target.Path), endStream: false);
        await connection.WriteDataAsync(1, Message(new byte[10], declaredLength: 100), endStream: false, AnswerTimeout);
        return await AnswerAsync(connection, 1, TimeSpan.FromSeconds(StallSeconds));
    }

    public static async Task<HazardOutcome> Http1Async(Uri url, HazardTarget target)
    {
        using var client = new TcpClient { NoDelay = true };
        await client.ConnectAsync(url.Host, url.Port);
        var stream = client.GetStream();
        var body = Message(target.Request);
        var request = $"POST {target.Path} HTTP/1.1\r\nHost: {url.Host}:{url.Port}\r\nContent-Type: application/grpc\r\nTE: trailers\r\nContent-Length: {body.Length}\r\n\r\n";
        await stream.WriteAsync((byte[])[.. Encoding.ASCII.GetBytes(request), .. body]);
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
